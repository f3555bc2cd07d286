import { Link } from "@remix-run/react";
import { TermsSummary } from "~/components/agent/contracts/contract-terms";
import { ContractTermFields } from "~/components/agent/contracts/term-fields";
import { enteredValue, Field, FormErrors } from "~/components/forms/field";
import { StaffForm } from "~/components/ops/staff-form";
import type { ContractKind } from "~/platform/db/schema";
import { useTranslation } from "~/utils/i18n";
import { formatRate, rateToInput } from "~/utils/rates";
import { listHref } from "./top-agent-list";
import type { Currency, OpsAgentsAnswer, TopAgentData } from "./types";

const KINDS = [
  "DIVIDEND",
  "DAILY",
  "HOURLY",
  "REALTIME",
] as const satisfies readonly ContractKind[];

/**
 * One top agent's back-office forms (?agent=<id>): its own rate, its
 * house contracts (each can be ended) and the grant of a contract of the
 * kind chosen by the links above the form (?kind=).
 */
export function ManageAgent({
  agent,
  kind,
  place,
  currency,
  failed,
}: {
  agent: TopAgentData;
  kind: ContractKind;
  place: { q: string; page: number };
  currency: Currency;
  failed: OpsAgentsAnswer | undefined;
}) {
  const { t } = useTranslation();
  const here = (extra: Record<string, string> = {}) =>
    listHref(place, { agent: agent.id, ...extra });
  const action = here({ kind });
  const rateResult = failed?.intent === "rate" ? failed.result : undefined;
  const grantResult = failed?.intent === "grant" ? failed.result : undefined;
  const endResult = failed?.intent === "end" ? failed.result : undefined;
  const grantErrors = grantResult?.error ?? {};
  return (
    <section
      className="member-card ops-agent"
      aria-labelledby="ops-agent-title"
      data-testid="ops-agent-manage-panel"
    >
      <h2 id="ops-agent-title">{t("opsAgents.manage.title", { account: agent.account })}</h2>
      <p>
        <Link to={listHref(place)}>{t("opsAgents.manage.close")}</Link>
      </p>

      <h3>{t("opsAgents.rate.title")}</h3>
      <p className="muted" data-testid="ops-agent-current-rate">
        {t("opsAgents.rate.current", {
          rate: agent.agentRate === null ? "—" : formatRate(agent.agentRate),
        })}
      </p>
      <StaffForm permission="agents.manage" action={action} className="filters" noValidate>
        <input type="hidden" name="intent" value="rate" />
        <input type="hidden" name="agentId" value={agent.id} />
        <Field
          name="agentRate"
          label={t("opsAgents.rate.label")}
          inputMode="decimal"
          autoComplete="off"
          required
          defaultValue={
            enteredValue(rateResult, "agentRate") ??
            (agent.agentRate === null ? "" : rateToInput(agent.agentRate))
          }
          errors={rateResult?.error?.agentRate}
          hint={t("opsAgents.rate.hint", { rate: formatRate(agent.downlineRate) })}
        />
        <button type="submit" className="button primary" data-testid="ops-agent-rate-submit">
          {t("opsAgents.rate.submit")}
        </button>
      </StaffForm>
      <FormErrors errors={rateResult?.error?.[""]} />

      <h3>{t("opsAgents.contracts.title")}</h3>
      {agent.contracts.length === 0 ? (
        <p className="empty-state">{t("opsAgents.list.none")}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table" data-testid="ops-agent-contracts">
            <caption className="visually-hidden">{t("opsAgents.contracts.title")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("opsAgents.contracts.kind")}</th>
                <th scope="col">{t("opsAgents.contracts.terms")}</th>
                <th scope="col">{t("opsAgents.list.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {agent.contracts.map((contract) => (
                <tr key={contract.id} data-testid={`ops-house-contract-${contract.kind}`}>
                  <th scope="row">{t(`agentContracts.title.${contract.kind}`)}</th>
                  <td>
                    <TermsSummary
                      kind={contract.kind}
                      period={contract.period}
                      terms={contract.terms}
                      currency={currency}
                    />
                  </td>
                  <td>
                    <StaffForm permission="agents.manage" action={action} className="inline-form">
                      <input type="hidden" name="intent" value="end" />
                      <input type="hidden" name="agentId" value={agent.id} />
                      <input type="hidden" name="contractId" value={contract.id} />
                      <button
                        type="submit"
                        className="button small"
                        data-testid="ops-house-contract-end"
                      >
                        {t("opsAgents.contracts.end")}
                      </button>
                    </StaffForm>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <FormErrors errors={endResult?.error?.[""]} />

      <h3 id="ops-grant-title">{t("opsAgents.grant.title")}</h3>
      <nav aria-label={t("opsAgents.grant.kind")}>
        <ul className="tabs-list ops-kinds">
          {KINDS.map((option) => (
            <li key={option}>
              <Link
                to={here({ kind: option })}
                aria-current={option === kind ? "page" : undefined}
                data-testid={`ops-grant-kind-${option}`}
              >
                {t(`agentContracts.title.${option}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="muted">
        {t("opsAgents.grant.hint", {
          rate: agent.agentRate === null ? "—" : formatRate(agent.agentRate),
        })}
      </p>
      <StaffForm
        permission="agents.manage"
        action={action}
        noValidate
        aria-labelledby="ops-grant-title"
        data-testid={`ops-grant-form-${kind}`}
      >
        <input type="hidden" name="intent" value="grant" />
        <input type="hidden" name="agentId" value={agent.id} />
        <input type="hidden" name="kind" value={kind} />
        <ContractTermFields kind={kind} result={grantResult} />
        <FormErrors errors={grantErrors[""]} />
        <div className="field">
          <button type="submit" className="button primary" data-testid="ops-grant-submit">
            {t("opsAgents.grant.submit")}
          </button>
        </div>
      </StaffForm>
    </section>
  );
}
