import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormErrors } from "~/components/forms/field";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";

export interface LimitRow {
  kind: string;
  period: string;
  amount: string | null;
  used: string | null;
  pending: { amount: string | null; from: string; confirmable: boolean } | null;
}

/** The member's limits, what is used of each, a waiting change with its date, and the remove/confirm buttons. */
export function LimitsTable({
  limits,
  currency,
  timeZone,
  result,
}: {
  limits: LimitRow[];
  currency: { symbol: string; minorUnits: number };
  timeZone: string;
  result?: SubmissionResult<string[]> | null;
}) {
  const { t, i18n } = useTranslation();
  const money = (minor: string) => formatMoney(minor, currency, i18n.language);
  return (
    <section className="member-card" aria-labelledby="limits-title">
      <h2 id="limits-title">{t("protection.limits.current")}</h2>
      <FormErrors errors={result?.error?.[""]} />
      {limits.length === 0 ? (
        <p className="muted" data-testid="no-limits">
          {t("protection.limits.none")}
        </p>
      ) : (
        <ul className="protection-limits" data-testid="limits">
          {limits.map((limit) => (
            <li
              key={`${limit.kind}-${limit.period}`}
              data-testid={`limit-${limit.kind}-${limit.period}`}
            >
              <strong>
                {t("protection.limits.name", {
                  kind: t(`protection.kind.${limit.kind}`),
                  period: t(`protection.period.${limit.period}`),
                })}
              </strong>{" "}
              <span data-testid="limit-amount">{limit.amount ? money(limit.amount) : "—"}</span>
              {limit.used !== null ? (
                <span className="muted">
                  {" "}
                  · {t("protection.limits.used", { amount: money(limit.used) })}
                </span>
              ) : null}
              {limit.pending ? (
                <p className="muted" data-testid="limit-pending">
                  {t(
                    limit.pending.amount
                      ? "protection.limits.pendingRaise"
                      : "protection.limits.pendingRemoval",
                    {
                      amount: limit.pending.amount ? money(limit.pending.amount) : "",
                      date: formatTimestamp(limit.pending.from, timeZone),
                    },
                  )}
                </p>
              ) : null}
              <div className="button-row">
                {limit.pending?.confirmable ? (
                  <LimitButton
                    intent="confirm"
                    limit={limit}
                    label={t("protection.limits.confirm")}
                  />
                ) : null}
                {limit.amount && !limit.pending ? (
                  <LimitButton
                    intent="remove"
                    limit={limit}
                    label={t("protection.limits.remove")}
                  />
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function LimitButton({ intent, limit, label }: { intent: string; limit: LimitRow; label: string }) {
  return (
    <Form method="post">
      <HoneypotField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="kind" value={limit.kind} />
      <input type="hidden" name="period" value={limit.period} />
      <button type="submit" className="button">
        {label}
      </button>
    </Form>
  );
}
