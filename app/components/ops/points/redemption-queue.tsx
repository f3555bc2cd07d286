import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Field, FormErrors } from "~/components/forms/field";
import { DecisionForm } from "~/components/ops/decision-form";
import { Pager } from "~/components/ui/pager";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";

export interface QueueRow {
  id: string;
  account: string;
  item: string;
  quantity: number;
  points: string;
  status: string;
  createdAt: string;
}

const pageHref = (page: number) =>
  page > 1 ? `/ops/points/redemptions?page=${page}` : "/ops/points/redemptions";

function RedemptionDecision({
  intent,
  id,
  page,
  children,
}: {
  intent: "approve" | "reject" | "complete";
  id: string;
  page: number;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <DecisionForm
      permission="points.review"
      action={pageHref(page)}
      intent={intent}
      hidden={{ redemptionId: id, page }}
      label={t(`opsPoints.queue.${intent}`)}
      testId={`ops-redemption-${intent}`}
    >
      {children}
    </DecisionForm>
  );
}

/** Physical goods waiting for the operator: in process → approve or reject; approved → complete. */
export function RedemptionQueue({
  rows,
  page,
  pageCount,
  timeZone,
  failed,
}: {
  rows: QueueRow[];
  page: number;
  pageCount: number;
  timeZone: string;
  failed?: { redemptionId: string; result: SubmissionResult<string[]> };
}) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className="empty-state">{t("opsPoints.queue.empty")}</p>;
  return (
    <>
      <div className="table-scroll">
        <table className="data-table ops-queue" data-testid="ops-redemptions">
          <thead>
            <tr>
              <th scope="col">{t("pointMall.columns.time")}</th>
              <th scope="col">{t("opsPoints.queue.member")}</th>
              <th scope="col">{t("pointMall.columns.name")}</th>
              <th scope="col">{t("pointMall.columns.quantity")}</th>
              <th scope="col">{t("pointMall.columns.points")}</th>
              <th scope="col">{t("pointMall.columns.status")}</th>
              <th scope="col">{t("opsPoints.queue.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const errors = failed?.redemptionId === row.id ? failed.result.error : undefined;
              return (
                <tr key={row.id} data-testid="ops-redemption-row">
                  <td>{formatTimestamp(row.createdAt, timeZone)}</td>
                  <td>{row.account}</td>
                  <td>{row.item}</td>
                  <td>{row.quantity}</td>
                  <td>{row.points}</td>
                  <td>{t(`pointMall.status.${row.status}`)}</td>
                  <td>
                    {row.status === "process" ? (
                      <>
                        <RedemptionDecision intent="approve" id={row.id} page={page} />
                        <RedemptionDecision intent="reject" id={row.id} page={page}>
                          <Field
                            name="reason"
                            label={t("opsPoints.queue.reason")}
                            maxLength={200}
                            errors={errors?.reason}
                            required
                          />
                        </RedemptionDecision>
                      </>
                    ) : (
                      <RedemptionDecision intent="complete" id={row.id} page={page} />
                    )}
                    <FormErrors errors={errors?.[""]} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pager pageNum={page} totalPages={pageCount} pageHref={pageHref} />
    </>
  );
}
