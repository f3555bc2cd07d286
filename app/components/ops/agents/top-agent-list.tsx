import { Form, Link } from "@remix-run/react";
import { TermsSummary } from "~/components/agent/contracts/contract-terms";
import { Field } from "~/components/forms/field";
import { Pager } from "~/components/ui/pager";
import { useTranslation } from "~/utils/i18n";
import { formatRate } from "~/utils/rates";
import type { OpsAgentsData } from "./types";

type Place = { q: string; page: number };

export const listHref = (place: Place, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams({
    ...(place.q ? { q: place.q } : {}),
    ...(place.page > 1 ? { page: String(place.page) } : {}),
    ...extra,
  });
  const query = params.toString();
  return query ? `/ops/agents?${query}` : "/ops/agents";
};

/** The search (a GET form) and the top agents of the page: account, own rate, house contracts, and a "Manage" link. */
export function TopAgentList({ data }: { data: OpsAgentsData }) {
  const { t } = useTranslation();
  const place = { q: data.q, page: data.page };
  return (
    <section aria-labelledby="ops-agents-list">
      <h2 id="ops-agents-list">{t("opsAgents.list.title")}</h2>
      <Form method="get" action="/ops/agents" className="filters" role="search">
        <Field
          name="q"
          label={t("opsAgents.list.search")}
          defaultValue={data.q}
          maxLength={40}
          autoComplete="off"
        />
        <button type="submit" className="button">
          {t("opsAgents.list.submit")}
        </button>
      </Form>
      <p className="muted" role="status" data-testid="ops-agents-total">
        {t("opsAgents.list.total", { count: data.total })}
      </p>
      {data.agents.length === 0 ? (
        <p className="empty-state">{t("opsAgents.list.empty")}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table" data-testid="ops-agents-table">
            <caption className="visually-hidden">{t("opsAgents.list.title")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("opsAgents.list.account")}</th>
                <th scope="col">{t("opsAgents.list.rate")}</th>
                <th scope="col">{t("opsAgents.list.contracts")}</th>
                <th scope="col">{t("opsAgents.list.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {data.agents.map((agent) => (
                <tr key={agent.id} data-testid={`ops-agent-${agent.account}`}>
                  <th scope="row">{agent.account}</th>
                  <td data-testid="ops-agent-rate">
                    {agent.agentRate === null ? "—" : formatRate(agent.agentRate)}
                  </td>
                  <td>
                    {agent.contracts.length === 0 ? (
                      <span className="muted">{t("opsAgents.list.none")}</span>
                    ) : (
                      <ul className="plain-list">
                        {agent.contracts.map((contract) => (
                          <li key={contract.id}>
                            <strong>{t(`agentContracts.title.${contract.kind}`)}</strong>:{" "}
                            <TermsSummary
                              kind={contract.kind}
                              period={contract.period}
                              terms={contract.terms}
                              currency={data.currency}
                            />
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td>
                    <Link
                      to={listHref(place, { agent: agent.id })}
                      className="button small"
                      data-testid="ops-agent-manage"
                    >
                      {t("opsAgents.list.manage")}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        pageNum={data.page}
        totalPages={data.totalPages}
        pageHref={(target) => listHref({ q: data.q, page: target })}
      />
    </section>
  );
}
