import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ManageAgent } from "~/components/ops/agents/manage-agent";
import { TopAgentList } from "~/components/ops/agents/top-agent-list";
import { useTranslation } from "~/utils/i18n";
import { opsAgentsAction, opsAgentsLoader } from "./__agents.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];

/** /ops/agents: top agents' own rates and house contracts (see app/utils/ops-agents.server.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  return opsAgentsLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return opsAgentsAction(request);
}

export default function OpsAgents() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="ops-agents">
      <section className="member-card" aria-labelledby="ops-agents-title">
        <h1 id="ops-agents-title">{data.title}</h1>
        {data.done && !failed ? (
          <p className="form-success" role="status" data-testid="ops-agents-done">
            {t(`opsAgents.done.${data.done}`, { account: data.agent?.account ?? "" })}
          </p>
        ) : null}
        {data.agent ? (
          <ManageAgent
            agent={data.agent}
            kind={data.kind}
            place={{ q: data.q, page: data.page }}
            currency={data.currency}
            failed={failed}
          />
        ) : null}
        <TopAgentList data={data} />
      </section>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
