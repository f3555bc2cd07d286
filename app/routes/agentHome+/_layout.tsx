import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { AgentHeader } from "~/components/agent/agent-header";
import { AgentMenu } from "~/components/agent/agent-menu";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { consolidatedContractInfo } from "~/platform/agency/contracts.server";
import { agentMenu, agentMenuFeatures } from "~/platform/agency/menu";
import type { loader as rootLoader } from "~/root";
import { agentContext } from "~/utils/agency.server";
import { titleMeta } from "~/utils/meta";

export const meta = titleMeta<typeof loader>();

/**
 * The agent centre (no portal header or footer), guarded in its loader: a
 * non-agent goes to /agent. The header's clock starts from the server's time;
 * the menu follows the brand's features and the agent's consolidated
 * contract info (read again on every navigation, so an accepted offer shows
 * its page at once).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { viewer, agentId, db, brand, t } = await agentContext(request);
  const info = await consolidatedContractInfo(db, agentId);
  return json({
    title: t("agentHome.title"),
    brandName: brand.name,
    timeZone: brand.timeZone,
    now: Date.now(),
    agent: { account: viewer.member.account, nickname: viewer.member.nickname },
    menu: agentMenu(info, agentMenuFeatures(brand)),
  });
}

export default function AgentHomeLayout() {
  const { brandName, timeZone, now, agent, menu } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const location = useLocation();
  return (
    <div className="agent-centre">
      <AgentHeader brandName={brandName} timeZone={timeZone} now={now} agent={agent} />
      <div className="agent-body">
        <AgentMenu
          items={menu}
          pathname={location.pathname}
          customerService={root?.brand.customerService ?? null}
        />
        <main id="main" className="agent-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}

/**
 * Every agent page renders its own errors inside the agent header and menu; only
 * this layout's own failure lands here, in the root document (`<html lang dir>` kept).
 */
export const ErrorBoundary = GeneralErrorBoundary;
