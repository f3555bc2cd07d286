import { Form } from "@remix-run/react";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";
import { TermsSummary } from "./contract-terms";
import type { ContractViewData, Currency } from "./types";

/** "Contracts I granted": the downline's active contracts and open offers of the kind; an offer may be withdrawn. */
export function GrantedContracts({
  granted,
  currency,
  timeZone,
}: {
  granted: ContractViewData[];
  currency: Currency;
  timeZone: string;
}) {
  const { t } = useTranslation();
  return (
    <section
      className="member-card"
      aria-labelledby="granted-title"
      data-testid="contracts-granted"
    >
      <h2 id="granted-title">{t("agentContracts.granted.title")}</h2>
      {granted.length === 0 ? (
        <p className="empty-state" data-testid="granted-none">
          {t("agentContracts.granted.none")}
        </p>
      ) : (
        <div className="table-scroll">
          <table className="data-table" aria-labelledby="granted-title">
            <thead>
              <tr>
                <th scope="col">{t("agentContracts.granted.downline")}</th>
                <th scope="col">{t("agentContracts.granted.terms")}</th>
                <th scope="col">{t("agentContracts.granted.status")}</th>
                <th scope="col">{t("agentContracts.granted.since")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("agentContracts.granted.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {granted.map((contract) => (
                <tr
                  key={contract.id}
                  data-testid="granted-row"
                  data-account={contract.downlineAccount}
                >
                  <td>{contract.downlineAccount}</td>
                  <td>
                    <TermsSummary
                      kind={contract.kind}
                      period={contract.period}
                      terms={contract.terms}
                      currency={currency}
                    />
                  </td>
                  <td data-testid="granted-status">
                    {t(`agentContracts.status.${contract.status}`)}
                  </td>
                  <td>
                    <time dateTime={contract.decidedAt ?? contract.offeredAt}>
                      {formatTimestamp(contract.decidedAt ?? contract.offeredAt, timeZone)}
                    </time>
                  </td>
                  <td>
                    {contract.status === "offered" ? (
                      <Form method="post" className="inline-form">
                        <input type="hidden" name="contractId" value={contract.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="withdraw"
                          className="button small"
                          data-testid="granted-withdraw"
                        >
                          {t("agentContracts.granted.withdraw")}
                        </button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
