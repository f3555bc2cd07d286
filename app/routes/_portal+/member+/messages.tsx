import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { Pager } from "~/components/lobby/pager";
import { listMessages, markMessagesRead, unreadMessageCount, type MemberMessage } from "~/platform/content/messages.server";
import { requireRealMember } from "~/utils/auth.server";
import { formatTimestamp } from "~/utils/datetime";
import { readForm } from "~/utils/form.server";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import { pageParam } from "~/utils/pagination";
import { RECORDS_PAGE_SIZE, recordsContext } from "~/utils/records.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · ${data.brandName}` : "" }];

/**
 * DESIGN §4 messageV2: the platform's messages to the member, newest first.
 * Reading the page marks nothing: a message stays unread until the member
 * says so (a GET must not change state, and prefetching would read them all).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireRealMember(request);
  const { db, brand, t } = await recordsContext(request);
  const url = new URL(request.url);
  const page = pageParam(url.searchParams.get("page"));
  const [{ messages, total }, unread] = await Promise.all([
    listMessages(db, viewer.member.id, { page, pageSize: RECORDS_PAGE_SIZE }),
    unreadMessageCount(db, viewer.member.id),
  ]);
  return json({
    title: t("memberCentre.messages"),
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

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const viewer = await requireRealMember(request);
  if (formData.get("intent") !== "mark-read") throw json({ error: "unknown_intent" }, { status: 400 });
  const { db } = await recordsContext(request);
  await markMessagesRead(db, viewer.member.id);
  // POST → redirect → GET; the layout's unread badge is read again on the way.
  return redirect("/member/messages?marked=1");
}

export default function PlatformMessages() {
  const { title, messages, unread, page, pageCount, marked, currency, timeZone } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const location = useLocation();
  /** A message in the member's language, from its kind and parameters; amounts in the brand's currency. */
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
      <Pager
        pageNum={page}
        totalPages={pageCount}
        pageHref={(target) => `${location.pathname}?page=${target}`}
      />
    </div>
  );
}
