import type { SubmissionResult } from "@conform-to/react";
import { Field } from "~/components/forms/field";
import { DecisionForm } from "~/components/ops/decision-form";
import { Pager } from "~/components/ui/pager";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";
import type { OpsApplicationView } from "./types";

/** A refused decision, shown in its application's row. */
export interface ApplicationFailure {
  entryId: string;
  intent: string;
  result: SubmissionResult<string[]>;
}

const pageHref = (page: number) =>
  page > 1 ? `/ops/promotions/applications?page=${page}` : "/ops/promotions/applications";

/** The applications waiting for a decision: who, for what, their comment and proofs, approve or reject. */
export function ApplicationQueue({
  applications,
  page,
  pageCount,
  timeZone,
  currencySymbol,
  failed,
}: {
  applications: OpsApplicationView[];
  page: number;
  pageCount: number;
  timeZone: string;
  currencySymbol: string;
  failed?: ApplicationFailure;
}) {
  const { t } = useTranslation();
  if (applications.length === 0)
    return <p className="empty-state">{t("opsPromotions.applications.empty")}</p>;
  return (
    <>
      <div className="table-scroll">
        <table className="data-table ops-queue" data-testid="ops-applications">
          <thead>
            <tr>
              {(["time", "member", "promotion", "comment", "proofs", "actions"] as const).map(
                (column) => (
                  <th scope="col" key={column}>
                    {t(`opsPromotions.applications.columns.${column}`)}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {applications.map((row) => {
              const errors = failed?.entryId === row.entryId ? (failed.result.error ?? {}) : {};
              const mine = (intent: string) =>
                failed?.entryId === row.entryId && failed.intent === intent;
              return (
                <tr
                  key={row.entryId}
                  data-testid="ops-application"
                  data-account={row.account}
                  data-entry={row.entryId}
                >
                  <td>{formatTimestamp(row.createdAt, timeZone)}</td>
                  <td data-testid="ops-application-member">{row.account}</td>
                  <td>
                    {row.title}{" "}
                    <span className="muted" dir="ltr">
                      ({row.promotionCode})
                    </span>
                  </td>
                  <td>{row.comment ?? "—"}</td>
                  <td>
                    <ul className="ops-proofs plain-list">
                      {row.proofIds.map((proofId, index) => (
                        <li key={proofId}>
                          <a
                            href={`/resources/promotion-proofs/${proofId}`}
                            target="_blank"
                            rel="noreferrer"
                          >
                            <img
                              src={`/resources/promotion-proofs/${proofId}`}
                              alt={t("opsPromotions.applications.proof", { number: index + 1 })}
                              width={64}
                              height={64}
                              loading="lazy"
                            />
                          </a>
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td>
                    <div className="ops-actions">
                      <DecisionForm
                        permission="promotions.review"
                        action={pageHref(page)}
                        intent="approve"
                        hidden={{ entryId: row.entryId, page }}
                        label={t("opsPromotions.applications.approve")}
                        testId="ops-application-approve"
                      >
                        <Field
                          name="amount"
                          label={t("opsPromotions.applications.amount", {
                            symbol: currencySymbol,
                          })}
                          inputMode="decimal"
                          required
                          errors={mine("approve") ? errors.amount : undefined}
                        />
                      </DecisionForm>
                      <DecisionForm
                        permission="promotions.review"
                        action={pageHref(page)}
                        intent="reject"
                        hidden={{ entryId: row.entryId, page }}
                        label={t("opsPromotions.applications.reject")}
                        testId="ops-application-reject"
                      >
                        <Field
                          name="reason"
                          label={t("opsPromotions.applications.reason")}
                          hint={t("opsPromotions.applications.reasonHint")}
                          maxLength={200}
                          required
                          errors={mine("reject") ? errors.reason : undefined}
                        />
                      </DecisionForm>
                      <div className="field-error" role={errors[""] ? "alert" : undefined}>
                        {errors[""]?.[0] ?? ""}
                      </div>
                    </div>
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
