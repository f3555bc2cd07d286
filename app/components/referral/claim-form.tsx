import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Field, FormErrors, formReply } from "~/components/forms/field";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { useTranslation } from "~/utils/i18n";

/**
 * For a member who joined without an invitation: name the friend who invited
 * them (within 7 days of joining, before the first deposit). A plain POST; the
 * server's refusal comes back beside the field.
 */
export function ReferralClaimForm({ result }: { result?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const { errors, values } = formReply(result);
  return (
    <Form
      method="post"
      className="stack-form referral-claim"
      aria-labelledby="referral-claim-title"
      data-testid="referral-claim-form"
    >
      <h2 id="referral-claim-title">{t("referral.claim.title")}</h2>
      <p className="muted">{t("referral.claim.hint")}</p>
      <HoneypotField />
      <FormErrors errors={errors[""]} />
      <Field
        name="code"
        label={t("referral.claim.code")}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        defaultValue={values.code ?? ""}
        errors={errors.code}
      />
      <button type="submit" className="button primary">
        {t("referral.claim.submit")}
      </button>
    </Form>
  );
}
