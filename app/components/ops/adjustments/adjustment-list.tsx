import { Link } from "@remix-run/react";
import { TextareaField } from "~/components/forms/textarea-field";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import { DecisionForm } from "../decision-form";

type Currency = { symbol: string; minorUnits: number };

/** An adjustment as the loaders send it (the platform's Adjustment, as JSON). */
export interface AdjustmentView {
  id: string;
  memberId: string;
  account: string;
  direction: "credit" | "debit";
  amount: string;
  reason: string;
  note: string;
  needsApproval: boolean;
  status: "pending" | "applied" | "rejected";
  requestedBy: { id: string; account: string };
  requestedAt: string;
  decidedBy: { id: string; account: string } | null;
  decidedAt: string | null;
  decisionNote: string | null;
  /** The signed-in staff member asked for it: another one decides. */
  askedByViewer: boolean;
}

/** Where the approve and reject forms post; their redirect comes back to `returnTo`. */
export const ADJUSTMENT_DECISIONS = "/ops/adjustments";

/**
 * Adjustments with who asked and who decided; a pending one offers approve and reject to a
 * role that may decide, except to the staff member who asked (four eyes).
 */
export function AdjustmentList({
  rows,
  currency,
  timeZone,
  returnTo,
  showMember = false,
}: {
  rows: AdjustmentView[];
  currency: Currency;
  timeZone: string;
  returnTo: string;
  /** The queue lists many members' adjustments; a player page, one member's. */
  showMember?: boolean;
}) {
  const { t, i18n } = useTranslation();
  if (rows.length === 0)
    return (
      <p className="muted" data-testid="adjustments-empty">
        {t("opsAdjustments.empty")}
      </p>
    );
  return (
    <div className="table-scroll">
      <table className="data-table" data-testid="adjustments">
        <thead>
          <tr>
            <th scope="col">{t("opsAdjustments.requestedAt")}</th>
            {showMember ? <th scope="col">{t("opsAdjustments.member")}</th> : null}
            <th scope="col" className="amount">
              {t("opsAdjustments.amount")}
            </th>
            <th scope="col">{t("opsAdjustments.reason")}</th>
            <th scope="col">{t("opsAdjustments.who")}</th>
            <th scope="col">{t("opsAdjustments.status.label")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid={`adjustment-${row.id}`}>
              <td>{formatTimestamp(row.requestedAt, timeZone)}</td>
              {showMember ? (
                <td>
                  <Link to={`/ops/players/${row.memberId}?tab=adjustments`}>{row.account}</Link>
                </td>
              ) : null}
              <td className="amount" data-testid="adjustment-amount">
                {row.direction === "debit" ? "−" : "+"}
                {formatMoney(row.amount, currency, i18n.language)}
              </td>
              <td>
                {t(`opsAdjustments.reasons.${row.reason}`)}
                <br />
                <span className="muted">{row.note}</span>
              </td>
              <td>
                {t("opsAdjustments.askedBy", { account: row.requestedBy.account })}
                {row.decidedBy ? (
                  <>
                    <br />
                    {t("opsAdjustments.decidedBy", { account: row.decidedBy.account })}
                  </>
                ) : null}
              </td>
              <td data-testid="adjustment-status">
                {t(`opsAdjustments.status.${row.status}`)}
                {row.decisionNote ? <div className="muted">{row.decisionNote}</div> : null}
                {row.status === "pending" ? <Decisions row={row} returnTo={returnTo} /> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Decisions({ row, returnTo }: { row: AdjustmentView; returnTo: string }) {
  const { t } = useTranslation();
  if (row.askedByViewer)
    return (
      <p className="muted" data-testid="adjustment-asked-by-you">
        {t("opsAdjustments.askedByYou")}
      </p>
    );
  const hidden = { adjustmentId: row.id, returnTo };
  return (
    <>
      <DecisionForm
        permission="adjustments.approve"
        action={ADJUSTMENT_DECISIONS}
        intent="approve"
        hidden={hidden}
        label={t("opsAdjustments.approve")}
        ariaLabel={t("opsAdjustments.approveLabel", { id: row.id })}
        testId="adjustment-approve"
        primary
      />
      <DecisionForm
        permission="adjustments.approve"
        action={ADJUSTMENT_DECISIONS}
        intent="reject"
        hidden={hidden}
        label={t("opsAdjustments.reject")}
        ariaLabel={t("opsAdjustments.rejectLabel", { id: row.id })}
        testId="adjustment-reject"
      >
        <TextareaField
          name="note"
          label={t("opsAdjustments.rejectNote")}
          maxLength={500}
          rows={2}
        />
      </DecisionForm>
    </>
  );
}
