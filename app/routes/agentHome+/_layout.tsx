import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AgentHeader } from "~/components/agent/agent-header";
import { translatorFor } from "~/i18next.server";
import { getDb } from "~/platform/db/database.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { requireAgent } from "~/utils/auth.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title} · ${data.brandName}` : "" },
];

/**
 * The agent centre (no portal header or footer), guarded in its loader: a
 * non-agent goes to /agent. The header's clock starts from the server's time.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireAgent(request);
  const [brand, t] = await Promise.all([getBrandConfig(await getDb()), translatorFor(request)]);
  return json({
    title: t("agentHome.title"),
    brandName: brand.name,
    timeZone: brand.timeZone,
    now: Date.now(),
    agent: { account: viewer.member.account, nickname: viewer.member.nickname },
  });
}

export default function AgentHomeLayout() {
  const { brandName, timeZone, now, agent } = useLoaderData<typeof loader>();
  return (
    <div className="agent-centre">
      <AgentHeader brandName={brandName} timeZone={timeZone} now={now} agent={agent} />
      <main id="main" className="agent-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
