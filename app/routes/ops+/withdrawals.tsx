import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { QueueFilterForm, WithdrawalQueue } from "~/components/ops/withdrawal-queue";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { listWithdrawalQueue } from "~/platform/wallet/withdrawal-queue.server";
import { autoReceiveDue } from "~/platform/wallet/withdrawals.server";
import { requireStaff, staffWithPermission } from "~/utils/auth.server";
import { readForm } from "~/utils/form.server";
import { useTranslation } from "~/utils/i18n";
import { pageParam } from "~/utils/pagination";
import { opsRequest } from "./__ops-request.server";
import { handleQueueAction, QUEUE_INTENTS, queueFilter } from "./__withdrawals.server";

const PAGE_SIZE = 20;

/** /ops/withdrawals: the withdrawal queue, filtered by ?status= (default: open ones) and paged by ?page=. */
export async function loader({ request }: LoaderFunctionArgs) {
  const staff = staffWithPermission(await requireStaff(request), "withdrawals.view");
  const db = await getDb();
  await autoReceiveDue(db);
  const brand = await getBrandConfig(db);
  const url = new URL(request.url);
  const filter = queueFilter(url.searchParams.get("status"));
  let page = pageParam(url.searchParams.get("page"));
  let queue = await listWithdrawalQueue(db, { filter, page, pageSize: PAGE_SIZE });
  const totalPages = Math.max(1, Math.ceil(queue.total / PAGE_SIZE));
  if (page > totalPages)
    queue = await listWithdrawalQueue(db, {
      filter,
      page: (page = totalPages),
      pageSize: PAGE_SIZE,
    });
  const done = url.searchParams.get("done");
  const doneId = url.searchParams.get("id");
  return json({
    // Who approved a withdrawal may not pay it: its row says so instead of offering the button.
    rows: queue.withdrawals.map(({ decided_by, ...row }) => ({
      ...row,
      approvedByViewer: decided_by === staff.viewer.member.id,
    })),
    filter,
    page,
    totalPages,
    currency: brand.currency,
    timeZone: brand.timeZone,
    providers: brand.wallet.payeeProviders.map(({ code, name }) => ({ code, name })),
    done:
      QUEUE_INTENTS.find((intent) => intent === done) && doneId && /^\d{1,18}$/.test(doneId)
        ? { intent: done!, id: doneId }
        : null,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request, { honeypot: true });
  // Paying is a permission apart from deciding (approve, reject, settle a dispute).
  const paying = formData.get("intent") === "pay";
  const { db, brand, t, locale, act } = await opsRequest(
    request,
    paying ? "withdrawals.pay" : "withdrawals.decide",
  );
  return handleQueueAction({ db, brand, t, locale, act }, formData);
}

export default function OpsQueue() {
  const { rows, filter, page, totalPages, currency, timeZone, providers, done } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <section className="member-card ops-queue" aria-labelledby="ops-queue-title">
      <h1 id="ops-queue-title">{t("ops.queue.title")}</h1>
      {done && !actionData ? (
        <p className="form-success" role="status" data-testid="ops-done">
          {t(`ops.queue.done.${done.intent}`, { id: done.id })}
        </p>
      ) : null}
      <QueueFilterForm filter={filter} />
      <WithdrawalQueue
        rows={rows}
        providers={providers}
        currency={currency}
        timeZone={timeZone}
        place={{ filter, page }}
        totalPages={totalPages}
        failed={actionData}
      />
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
