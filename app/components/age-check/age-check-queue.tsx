import type { SubmissionResult } from "@conform-to/react";
import { Field, FormErrors } from "~/components/forms/field";
import { DecisionForm } from "~/components/ops/decision-form";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";

export interface AgeQueueRow {
  id: string;
  account: string;
  birthday: string;
  age: number;
  createdAt: string;
}

/** Pending age checks: the birthday, the age it gives, the document; verify or reject with a reason. */
export function AgeCheckQueue({
  rows,
  timeZone,
  failed,
}: {
  rows: AgeQueueRow[];
  timeZone: string;
  failed?: { checkId: string; result: SubmissionResult<string[]> };
}) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className="empty-state">{t("ageCheck.ops.empty")}</p>;
  return (
    <div className="table-scroll">
      <table className="data-table ops-queue" data-testid="ops-age-checks">
        <thead>
          <tr>
            <th scope="col">{t("ageCheck.ops.submitted")}</th>
            <th scope="col">{t("ageCheck.ops.account")}</th>
            <th scope="col">{t("ageCheck.birthday")}</th>
            <th scope="col">{t("ageCheck.ops.age")}</th>
            <th scope="col">{t("ageCheck.document")}</th>
            <th scope="col">{t("ageCheck.ops.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const errors = failed?.checkId === row.id ? failed.result.error : undefined;
            return (
              <tr key={row.id} data-testid="ops-age-row" data-account={row.account}>
                <td>{formatTimestamp(row.createdAt, timeZone)}</td>
                <td>{row.account}</td>
                <td>{row.birthday}</td>
                <td>{row.age}</td>
                <td>
                  <a href={`/resources/age-documents/${row.id}`} target="_blank" rel="noreferrer">
                    <img
                      src={`/resources/age-documents/${row.id}`}
                      alt={t("ageCheck.ops.documentOf", { account: row.account })}
                      width={120}
                      loading="lazy"
                    />
                  </a>
                </td>
                <td>
                  {(["verify", "reject"] as const).map((intent) => (
                    <DecisionForm
                      key={intent}
                      permission="age_checks.review"
                      action="/ops/age-checks"
                      intent={intent}
                      hidden={{ checkId: row.id }}
                      label={t(`ageCheck.ops.${intent}`)}
                      testId={`ops-age-${intent}`}
                    >
                      {intent === "reject" ? (
                        <Field
                          name="reason"
                          label={t("ageCheck.ops.reason")}
                          maxLength={200}
                          errors={errors?.reason}
                          required
                        />
                      ) : null}
                    </DecisionForm>
                  ))}
                  <FormErrors errors={errors?.[""]} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
