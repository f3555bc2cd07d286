import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormErrors } from "~/components/forms/field";
import { AmountField } from "~/components/member/transfer/amount-field";
import { FormKeyInput } from "~/components/member/transfer/form-key-input";
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
  const errors = result?.error ?? {};
  return (
    <section className="member-card" aria-labelledby="team-upline-title">
      <h2 id="team-upline-title">{t("agentTeam.upline.title")}</h2>
      <dl className="transfer-facts">
        <dt>{t("agentTeam.upline.agent")}</dt>
        <dd data-testid="team-upline">{upline}</dd>
      </dl>
      <Form
        method="post"
        className="stack-form"
        noValidate
        preventScrollReset
        data-testid="team-upline-form"
      >
        <input type="hidden" name="intent" value="transfer-upline" />
        <FormKeyInput formKey={formKey} />
        <AmountField
          label={t("agentTeam.upline.amount")}
          entered={result?.initialValue?.amount}
          errors={errors.amount}
        />
        <FormErrors errors={errors[""]} />
        <button type="submit" className="button primary">
          {t("agentTeam.upline.submit")}
        </button>
      </Form>
    </section>
  );
}
