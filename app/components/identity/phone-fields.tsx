import { useTranslation } from "~/utils/i18n";
import { CountrySelect, type CountryOption } from "./country-select";
import { SmsCodeButton, type CodeSent } from "./sms-code-button";
import { Field } from "../forms/field";

type FormState = {
  errors: Record<string, string[] | null | undefined>;
  values: Record<string, string | undefined>;
};

/** A dialing code and a mobile number (country, mobileNum), as a failed post left them. */
export function MobileNumberFields({
  countries,
  errors,
  values,
}: { countries: CountryOption[] } & FormState) {
  const { t } = useTranslation();
  return (
    <>
      <CountrySelect countries={countries} defaultValue={values.countryDialingCode} />
      <Field
        name="mobileNum"
        // Text with a digit keyboard, not type=tel: the number without its dialing code
        // (tel-national, beside the country select) is not an autofill field type=tel allows.
        type="text"
        inputMode="numeric"
        label={t("phone.mobile")}
        autoComplete="tel-national"
        defaultValue={values.mobileNum}
        errors={errors.mobileNum}
        required
      />
    </>
  );
}

/**
 * The number, then the SMS code with its get-code button and its countdown: SMS login and
 * the phone password reset. `codeIntent` is the intent the button posts.
 */
export function PhoneCodeFields({
  codeIntent,
  codeSent,
  ...numberFields
}: { countries: CountryOption[]; codeIntent: string; codeSent: CodeSent | null } & FormState) {
  const { t } = useTranslation();
  return (
    <>
      <MobileNumberFields {...numberFields} />
      <div className="code-row">
        <Field
          name="verificationCode"
          inputMode="numeric"
          label={t("phone.code")}
          autoComplete="one-time-code"
          errors={numberFields.errors.verificationCode}
          required
        />
        <SmsCodeButton intent={codeIntent} codeSent={codeSent} />
      </div>
    </>
  );
}
