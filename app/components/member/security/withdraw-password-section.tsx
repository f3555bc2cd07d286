import { Form } from "@remix-run/react";
import { Field, FormErrors } from "~/components/forms/field";
import { useTranslation } from "~/utils/i18n";
import { answerParts, SecurityCard, type SectionAnswer } from "./section";

/**
 * The withdraw password every withdrawal asks for: set the first time with
 * the login password as proof, changed later with the current one. Secrets
 * never come back, so a refused try starts with empty fields.
 */
export function WithdrawPasswordSection({
  answer,
  isSet,
  hint,
  done,
}: {
  answer?: SectionAnswer;
  isSet: boolean;
  /** The brand's paymentPassword rule in words, e.g. "Enter 6 digits". */
  hint: string;
  done: boolean;
}) {
  const { t } = useTranslation();
  const { errors } = answerParts(answer);
  const secret = { type: "password", inputMode: "numeric", required: true } as const;
  return (
    <SecurityCard
      id="withdraw-password"
      title={t("security.withdrawPassword.title")}
      done={done}
      doneText={t("security.withdrawPassword.done")}
    >
      <p className="muted" data-testid="withdraw-password-status">
        {t(isSet ? "security.withdrawPassword.statusSet" : "security.withdrawPassword.statusUnset")}
      </p>
      <Form
        method="post"
        action="/member/security#withdraw-password"
        className="stack-form"
        noValidate
        data-testid="withdraw-password-form"
      >
        <input type="hidden" name="intent" value="withdraw-password" />
        {isSet ? (
          <Field
            name="oldWithdrawPassword"
            label={t("security.withdrawPassword.current")}
            autoComplete="off"
            errors={errors.oldWithdrawPassword}
            {...secret}
          />
        ) : (
          <Field
            name="loginPassword"
            type="password"
            label={t("security.withdrawPassword.loginPassword")}
            autoComplete="current-password"
            errors={errors.loginPassword}
            required
          />
        )}
        <Field
          name="newWithdrawPassword"
          label={t("security.withdrawPassword.new")}
          autoComplete="new-password"
          hint={hint}
          errors={errors.newWithdrawPassword}
          {...secret}
        />
        <Field
          name="confirmWithdrawPassword"
          label={t("security.withdrawPassword.confirm")}
          autoComplete="new-password"
          errors={errors.confirmWithdrawPassword}
          {...secret}
        />
        <FormErrors errors={errors[""]} />
        <button type="submit" className="button primary">
          {t(isSet ? "security.withdrawPassword.change" : "security.withdrawPassword.set")}
        </button>
      </Form>
    </SecurityCard>
  );
}
