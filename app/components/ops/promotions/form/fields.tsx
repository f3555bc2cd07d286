import type { SubmissionResult } from "@conform-to/react";
import { type ReactNode } from "react";
import { Field } from "~/components/forms/field";
import { SelectField } from "~/components/member/withdraw/select-field";
import { useTranslation } from "~/utils/i18n";
import type { Currency, PromotionFieldValues } from "../types";

/** The form's languages, each with a title and rules (the brand's two). */
export const LANGUAGES = [
  { code: "en", dir: "ltr" },
  { code: "ur", dir: "rtl" },
] as const;

/** What was typed into a field before a refused post, read from conform's nested reply ("titles.en" → titles → en). */
function typedValue(result: SubmissionResult<string[]> | undefined, name: string) {
  let node: unknown = result?.initialValue;
  for (const part of name.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = Object.entries(node).find(([key]) => key === part)?.[1];
  }
  return typeof node === "string" ? node : undefined;
}

/**
 * The promotion form's field makers, shared by its sections: each field's
 * value (after a post, what was typed, an emptied field staying empty;
 * before it, the saved values), its label and its errors.
 */
export function usePromotionFields({
  values,
  result,
  currency,
}: {
  values: PromotionFieldValues;
  result?: SubmissionResult<string[]>;
  currency: Currency;
}) {
  const { t } = useTranslation();
  const errors = result?.error ?? {};
  const value = (name: string) =>
    result ? (typedValue(result, name) ?? "") : (values[name] ?? "");
  const label = (name: string) => t(`opsPromotions.form.fields.${name}`);
  const text = (
    name: string,
    options: { hint?: ReactNode; inputMode?: "decimal" | "numeric" | "text" } = {},
  ) => (
    <Field
      name={name}
      label={label(name)}
      defaultValue={value(name)}
      errors={errors[name]}
      inputMode={options.inputMode ?? "numeric"}
      hint={options.hint}
    />
  );
  const moneyHint = t("opsPromotions.form.moneyHint", { symbol: currency.symbol });
  const money = (name: string) => text(name, { inputMode: "decimal", hint: moneyHint });
  const select = (
    name: string,
    options: readonly string[],
    optionLabel: (option: string) => string,
  ) => (
    <SelectField name={name} label={label(name)} defaultValue={value(name)} errors={errors[name]}>
      {options.map((option) => (
        <option key={option} value={option}>
          {optionLabel(option)}
        </option>
      ))}
    </SelectField>
  );
  const dateTime = (name: string) => (
    <Field
      name={name}
      type="datetime-local"
      label={label(name)}
      defaultValue={value(name)}
      errors={errors[name]}
    />
  );
  return { errors, value, label, text, money, moneyHint, select, dateTime };
}

export type PromotionFields = ReturnType<typeof usePromotionFields>;
