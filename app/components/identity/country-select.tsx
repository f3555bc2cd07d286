import { useId } from "react";
import { useTranslation } from "~/utils/i18n";

export interface CountryOption {
  countryCode: string;
  countryDialingCode: string;
}

/** Country: the dialing code in front of a mobile number. */
export function CountrySelect({
  countries,
  defaultValue,
}: {
  countries: CountryOption[];
  defaultValue?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t("phone.country")}</label>
      <select
        id={id}
        name="countryDialingCode"
        defaultValue={defaultValue ?? countries[0]?.countryDialingCode}
      >
        {countries.map((country) => (
          <option key={country.countryCode} value={country.countryDialingCode}>
            +{country.countryDialingCode} ({country.countryCode})
          </option>
        ))}
      </select>
      <div className="field-error" />
    </div>
  );
}
