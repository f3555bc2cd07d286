import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import * as z from "zod/v4";
import { Pager } from "~/components/lobby/pager";
import { listMessages, markMessagesRead, unreadMessageCount, type MemberMessage } from "~/platform/content/messages.server";
import { agentContext } from "~/utils/agency.server";
import { formatTimestamp } from "~/utils/datetime";
import { parseFormOrThrow } from "~/utils/form.server";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import { pageParam } from "~/utils/pagination";
import { RECORDS_PAGE_SIZE } from "~/utils/records.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · ${data.brandName}` : "" }];

/**
 * §2 agent centre platform messages: the agent's own messages (the same
 * store and wording as the member centre's messageV2), newest first. As
 * there, reading the page marks nothing; "mark all read" is a POST.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { agentId, db, brand, t } = await agentContext(request);
  const url = new URL(request.url);
  const page = pageParam(url.searchParams.get("page"));
  const [{ messages, total }, unread] = await Promise.all([
    listMessages(db, agentId, { page, pageSize: RECORDS_PAGE_SIZE }),
    unreadMessageCount(db, agentId),
  ]);
  return json({
    title: t("agentCentre.messages.title"),
    brandName: brand.name,
    currency: brand.currency,
    timeZone: brand.timeZone,
    messages,
    unread,
    page,
    pageCount: Math.max(1, Math.ceil(total / RECORDS_PAGE_SIZE)),
    marked: url.searchParams.get("marked") === "1",
  });
}

const MarkRead = z.object({ intent: z.literal("mark-read") });

export async function action({ request }: ActionFunctionArgs) {
  const { agentId, db } = await agentContext(request);
  await parseFormOrThrow(request, MarkRead);
  // Only the session's agent's own messages: no id from the form.
  await markMessagesRead(db, agentId);
  return redirect("/agentHome/messages?marked=1");
}

export default function AgentMessages() {
  const { title, messages, unread, page, pageCount, marked, currency, timeZone } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const location = useLocation();
  /** A message in the agent's language, from its kind and parameters; amounts in the brand's currency. */
  const text = (message: MemberMessage) => {
    const params: Record<string, string> = { ...message.params };
    if (params.amount !== undefined && /^-?\d+$/.test(params.amount)) params.amount = formatMoney(params.amount, currency, i18n.language);
    return t(`messagesPage.kinds.${message.kind}`, { ...params, defaultValue: t("messagesPage.unknown") });
  };
  return (
    <div className="records-page messages-page">
      <h1>{title}</h1>
      {marked ? (
        <p className="form-success" role="status" data-testid="messages-marked">
          {t("messagesPage.marked")}
        </p>
      ) : null}
      {unread > 0 ? (
        <Form method="post" className="filters">
          <p className="muted" data-testid="messages-unread">
            {t("memberCentre.unread", { count: unread })}
          </p>
          <button type="submit" name="intent" value="mark-read" className="button">
            {t("messagesPage.markAllRead")}
          </button>
        </Form>
      ) : null}
      {messages.length === 0 ? (
        <p className="empty-state" data-testid="messages-empty">
          {t("messagesPage.empty")}
        </p>
      ) : (
        <ul className="message-list" data-testid="message-list">
          {messages.map((message) => (
            <li key={message.id} className="member-card" data-unread={message.read ? undefined : "true"} data-testid="message">
              <p className="muted">
                <time dateTime={message.createdAt}>{formatTimestamp(message.createdAt, timeZone)}</time>{" "}
                {message.read ? null : <span className="badge">{t("messagesPage.new")}</span>}
              </p>
              <p className={message.read ? undefined : "message-unread"}>{text(message)}</p>
            </li>
          ))}
        </ul>
      )}
      <Pager pageNum={page} totalPages={pageCount} pageHref={(target) => `${location.pathname}?page=${target}`} />
    </div>
  );
}
