import { Form } from "@remix-run/react";
import { useId, type InputHTMLAttributes } from "react";
import { Field, FormErrors } from "~/components/forms/field";
import { useTranslation } from "~/utils/i18n";
import { answerParts, SecurityCard, type SectionAnswer } from "./section";

export interface ProfileView {
  account: string;
  nickname: string | null;
  fields: Partial<Record<string, string>>;
  incomeSources: string[];
  /** The latest birthday of an 18-year-old today (yyyy-MM-dd). */
  latestBirthday: string;
  /** Issue 17: an operator verified the birthday, so the member cannot change it. */
  birthdayVerified: boolean;
}

/** The profile's text fields, in the order the form shows them, with their input kinds. */
const TEXT_FIELDS: {
  name: string;
  input?: InputHTMLAttributes<HTMLInputElement>;
  hint?: string;
}[] = [
  { name: "nickname", input: { autoComplete: "nickname" } },
  { name: "realName", input: { autoComplete: "name" } },
  { name: "fullName", input: { autoComplete: "name" } },
  {
    name: "telegram",
    input: { autoCapitalize: "none", spellCheck: false },
    hint: "security.profile.telegramHint",
  },
  { name: "zalo", input: { type: "tel", inputMode: "tel", autoComplete: "tel" } },
  {
    name: "birthday",
    input: { type: "date", autoComplete: "bday" },
    hint: "security.profile.birthdayHint",
  },
  // A one-line input: street-address is for a field that holds several lines.
  { name: "address", input: { autoComplete: "address-line1" } },
  { name: "nationality", input: { autoComplete: "country-name" } },
  { name: "occupation", input: { autoComplete: "organization-title" } },
];

/**
 * Nickname and the further profile fields. All optional: an emptied field is
 * removed. After a refused save the entered values come back with the errors.
 */
export function ProfileSection({
  answer,
  profile,
  done,
}: {
  answer?: SectionAnswer;
  profile: ProfileView;
  done: boolean;
}) {
  const { t } = useTranslation();
  const { errors, values } = answerParts(answer);
  const birthdayLocked = (name: string) => name === "birthday" && profile.birthdayVerified;
  // What the form starts from: the entered values after a refusal, the stored ones otherwise.
  const current: Record<string, string | undefined> = answer
    ? values
    : { ...profile.fields, nickname: profile.nickname ?? undefined };
  return (
    <SecurityCard
      id="profile"
      title={t("security.profile.title")}
      done={done}
      doneText={t("security.profile.done")}
    >
      <p className="muted">{t("security.profile.note")}</p>
      <p>
        {t("security.profile.account")}:{" "}
        <strong data-testid="profile-account">{profile.account}</strong>
      </p>
      <Form
        method="post"
        action="/member/security#profile"
        className="stack-form"
        noValidate
        data-testid="profile-form"
      >
        <input type="hidden" name="intent" value="profile" />
        {TEXT_FIELDS.map(({ name, input, hint }) => (
          <Field
            key={name}
            name={name}
            label={t(`security.profile.${name}`)}
            hint={hint ? t(birthdayLocked(name) ? "ageCheck.profileLocked" : hint) : undefined}
            defaultValue={(birthdayLocked(name) ? profile.fields.birthday : current[name]) ?? ""}
            errors={errors[name]}
            {...(name === "birthday" ? { max: profile.latestBirthday, min: "1900-01-01" } : {})}
            {...input}
            readOnly={birthdayLocked(name) || undefined}
          />
        ))}
        <IncomeSelect
          options={profile.incomeSources}
          defaultValue={current.sourceOfIncome ?? ""}
          errors={errors.sourceOfIncome}
        />
        <FormErrors errors={errors[""]} />
        <button type="submit" className="button primary">
          {t("security.profile.save")}
        </button>
      </Form>
    </SecurityCard>
  );
}

function IncomeSelect({
  options,
  defaultValue,
  errors,
}: {
  options: string[];
  defaultValue: string;
  errors?: string[] | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const error = errors?.[0];
  return (
    <div className="field">
      <label htmlFor={id}>{t("security.profile.sourceOfIncome")}</label>
      <select
        id={id}
        name="sourceOfIncome"
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
      >
        <option value="">{t("security.profile.chooseIncome")}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {t(`security.profile.income.${option}`)}
          </option>
        ))}
      </select>
      <div id={`${id}-error`} className="field-error" role={error ? "alert" : undefined}>
        {error ?? ""}
      </div>
    </div>
  );
}
