import type { CountryOption } from "~/components/identity/country-select";
import { MobileNumberFields } from "~/components/identity/phone-fields";
import { useTranslation } from "~/utils/i18n";
import { BindingForm, BoundStatus } from "./binding-form";
import { answerParts, SecurityCard, type SectionAnswer } from "./section";

/** Bind (or change) the mobile number, proven by an SMS code to the new number. */
export function PhoneSection({
  answer,
  bound,
  countries,
  done,
  withAuthenticator,
}: {
  answer?: SectionAnswer;
  /** The bound number, masked, or null. */
  bound: string | null;
  countries: CountryOption[];
  done: boolean;
  withAuthenticator: boolean;
}) {
  const { t } = useTranslation();
  const { errors, values } = answerParts(answer);
  return (
    <SecurityCard
      id="bind-phone"
      title={t("security.bind.phoneTitle")}
      done={done}
      doneText={t("security.bind.phoneDone")}
    >
      <BoundStatus value={bound} testId="bound-phone" />
      <p className="muted">{t("security.bind.phoneNote")}</p>
      <BindingForm
        intent="bind-phone"
        channel="sms"
        answer={answer}
        withAuthenticator={withAuthenticator}
        submitLabel={t("security.bind.bindPhone")}
      >
        <div className="register-phone-row">
          <MobileNumberFields countries={countries} errors={errors} values={values} />
        </div>
      </BindingForm>
    </SecurityCard>
  );
}
