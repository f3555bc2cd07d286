import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { SelectField } from "~/components/member/withdraw/select-field";
import {
  providerName,
  type Currency,
  type ProviderView,
  type WithdrawalView,
} from "~/components/member/withdraw/types";
import { WithdrawalDetails } from "~/components/member/withdraw/withdrawal-details";
import { Pager } from "~/components/ui/pager";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import { QueueActions, type QueuePlace } from "./queue-actions";

/** A queue row: a withdrawal as the member sees it, plus who asked, the payee's holder and the member's note. */
export type QueueRow = Omit<WithdrawalView, "auto_receive_at" | "masked_number"> & {
  receipt_note: string | null;
  account: string;
  holder_name: string;
  /** The full number while the withdrawal is to be paid (approved), masked otherwise. */
  payee_number: string;
};

export const QUEUE_FILTERS = [
  "open",
  "pending",
  "approved",
  "paid",
  "disputed",
  "received",
  "rejected",
  "refunded",
  "all",
] as const;

/** The status filter: a GET form, so it works without JavaScript. */
export function QueueFilterForm({ filter }: { filter: string }) {
  const { t } = useTranslation();
  return (
    <Form method="get" action="/ops/withdrawals" className="filters">
      <SelectField name="status" label={t("ops.queue.filter")} defaultValue={filter}>
        {QUEUE_FILTERS.map((value) => (
          <option key={value} value={value}>
            {value === "open" || value === "all"
              ? t(`ops.queue.${value}`)
              : t(`withdraw.status.${value}`)}
          </option>
        ))}
      </SelectField>
      <button type="submit" className="button">
        {t("ops.queue.show")}
      </button>
    </Form>
  );
}

/** The withdrawals of one filter and page: member, payee (full number only while it is to be paid), amount, state, the member's answer, proofs and the actions. */
export function WithdrawalQueue({
  rows,
  providers,
  currency,
  timeZone,
  place,
  totalPages,
  failed,
}: {
  rows: QueueRow[];
  providers: ProviderView[];
  currency: Currency;
  timeZone: string;
  place: QueuePlace;
  totalPages: number;
  failed?: { withdrawalId?: string; result?: SubmissionResult<string[]> };
}) {
  const { t, i18n } = useTranslation();
  if (rows.length === 0) return <p className="empty-state">{t("ops.queue.empty")}</p>;
  return (
    <>
      <div className="table-scroll">
        <table className="data-table" data-testid="ops-queue">
          <thead>
            <tr>
              <th scope="col">{t("withdraw.id")}</th>
              <th scope="col">{t("withdraw.time")}</th>
              <th scope="col">{t("ops.queue.member")}</th>
              <th scope="col">{t("ops.queue.payee")}</th>
              <th scope="col" className="amount">
                {t("withdraw.amount")}
              </th>
              <th scope="col">{t("withdraw.statusLabel")}</th>
              <th scope="col">{t("withdraw.details")}</th>
              <th scope="col">{t("ops.queue.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-testid={`ops-withdrawal-${row.id}`}>
                <td>{row.id}</td>
                <td>{formatTimestamp(row.created_at, timeZone)}</td>
                <td data-testid="ops-member">{row.account}</td>
                <td>
                  {providerName(row.provider, providers)}{" "}
                  <span className="masked-number" data-testid="ops-payee-number">
                    {row.payee_number}
                  </span>
                  <div className="muted">{row.holder_name}</div>
                </td>
                <td className="amount">{formatMoney(row.amount, currency, i18n.language)}</td>
                <td data-testid="ops-status">
                  {t(`withdraw.status.${row.status}`, { defaultValue: row.status })}
                </td>
                <td>
                  <WithdrawalDetails withdrawal={row} currency={currency} timeZone={timeZone} />
                </td>
                <td>
                  <QueueActions
                    withdrawal={row}
                    place={place}
                    result={failed?.withdrawalId === row.id ? failed.result : undefined}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        pageNum={place.page}
        totalPages={totalPages}
        pageHref={(target) => `/ops/withdrawals?status=${place.filter}&page=${target}`}
      />
    </>
  );
}
