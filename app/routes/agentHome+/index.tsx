import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getDb } from "~/platform/db/database.server";
import { findMemberById } from "~/platform/identity/members.server";
import { requireAgent } from "~/utils/auth.server";
import { useTranslation } from "~/utils/i18n";

/**
 * /agentHome (DESIGN §4 agentTeamOverview). Until the agency work brings the
 * team overview, it greets the agent with their own account data.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireAgent(request);
  const member = await findMemberById(await getDb(), viewer.member.id);
  return json({
    account: viewer.member.account,
    nickname: viewer.member.nickname,
    type: viewer.member.type,
    affiliateCode: member?.affiliate_code ?? null,
  });
}

export default function AgentTeamOverview() {
  const { account, nickname, type, affiliateCode } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="agent-welcome" aria-labelledby="agent-welcome-title">
      <h1 id="agent-welcome-title">{t("agentHome.welcome", { name: nickname || account })}</h1>
      <h2>{t("agentHome.details")}</h2>
      <dl className="agent-facts">
        <div>
          <dt>{t("agentHome.account")}</dt>
          <dd data-testid="agent-account">{account}</dd>
        </div>
        <div>
          <dt>{t("agentHome.type")}</dt>
          <dd data-testid="agent-type">{type}</dd>
        </div>
        {affiliateCode ? (
          <div>
            <dt>{t("agentHome.affiliateCode")}</dt>
            <dd data-testid="agent-affiliate-code">{affiliateCode}</dd>
          </div>
        ) : null}
      </dl>
      <p className="muted">{t("agentHome.comingLater")}</p>
    </section>
  );
}
