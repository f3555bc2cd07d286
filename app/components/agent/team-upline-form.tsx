import type { SubmissionResult } from "@conform-to/react";
import { UplineTransferForm } from "~/components/member/transfer/upline-transfer-form";
import { useTranslation } from "~/utils/i18n";

/** Transfer to my upline: from the agent's main wallet to its own upline agent; the upline comes from the account, never the form. */
export function TeamUplineForm({
  upline,
  formKey,
  result,
}: {
  upline: string;
  formKey: string;
  result?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  return (
    <section className="member-card" aria-labelledby="team-upline-title">
      <h2 id="team-upline-title">{t("agentTeam.upline.title")}</h2>
      <dl className="transfer-facts">
        <dt>{t("agentTeam.upline.agent")}</dt>
        <dd data-testid="team-upline">{upline}</dd>
      </dl>
      <UplineTransferForm
        formKey={formKey}
        result={result}
        amountLabel={t("agentTeam.upline.amount")}
        submitLabel={t("agentTeam.upline.submit")}
        passwordLabel={t("withdraw.withdrawPassword")}
        testId="team-upline-form"
      />
    </section>
  );
}
