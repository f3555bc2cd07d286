import { Field } from "~/components/forms/field";
import { useTranslation } from "~/utils/i18n";
import { BindingForm, BoundStatus } from "./binding-form";
import { answerParts, SecurityCard, type SectionAnswer } from "./section";

/** Bind (or change) the e-mail address, proven by a code mailed to the new address. */
export function EmailSection({
  answer,
  bound,
  done,
  withAuthenticator,
}: {
  answer?: SectionAnswer;
  bound: string | null;
  done: boolean;
  withAuthenticator: boolean;
}) {
  const { t } = useTranslation();
  const { errors, values } = answerParts(answer);
  return (
    <SecurityCard
      id="bind-email"
      title={t("security.bind.emailTitle")}
      done={done}
      doneText={t("security.bind.emailDone")}
    >
      <BoundStatus value={bound} testId="bound-email" />
      <p className="muted">{t("security.bind.emailNote")}</p>
      <BindingForm
        intent="bind-email"
        channel="email"
        answer={answer}
        withAuthenticator={withAuthenticator}
        submitLabel={t("security.bind.bindEmail")}
      >
        <Field
          name="email"
          type="email"
          label={t("security.bind.email")}
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          defaultValue={values.email}
          errors={errors.email}
          required
        />
      </BindingForm>
    </SecurityCard>
  );
}
