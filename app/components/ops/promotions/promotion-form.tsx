import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { Field, FormErrors } from "~/components/forms/field";
import { SelectField } from "~/components/member/withdraw/select-field";
import { PromotionCard } from "~/components/rewards/promotion-card";
import type { PromotionCardData } from "~/components/rewards/types";
import {
  CLAIM_MODES,
  GAME_CATEGORIES,
  PROMOTION_CATEGORIES,
  PROMOTION_KINDS,
  PROMOTION_PERIODS,
} from "~/platform/rewards/promotion-types";
import { useTranslation } from "~/utils/i18n";
import type { Currency, PromotionFieldValues } from "./types";

/** The form's languages, each with a title and rules (the brand's two). */
const LANGUAGES = [
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

function TextareaField({
  name,
  label,
  defaultValue,
  errors,
  lang,
  dir,
}: {
  name: string;
  label: string;
  defaultValue: string;
  errors?: string[] | null;
  lang: string;
  dir: "ltr" | "rtl";
}) {
  const id = useId();
  const error = errors?.[0];
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name={name}
        rows={5}
        defaultValue={defaultValue}
        lang={lang}
        dir={dir}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
      />
      <div id={`${id}-error`} className="field-error" role={error ? "alert" : undefined}>
        {error ?? ""}
      </div>
    </div>
  );
}

/**
 * Every field of a promotion (`promotionInputSchema`), grouped: identity and
 * texts, audience, schedule (the brand's wall clock), reward, turnover and
 * contributions, maximum bet, expiry and withdrawals, red envelope, sort.
 * After a refused post or a preview the typed values come back with each
 * error beside its field. Two submits: Preview (saves nothing) and Save.
 */
export function PromotionForm({
  action,
  values,
  result,
  currency,
  timeZone,
}: {
  action: string;
  values: PromotionFieldValues;
  result?: SubmissionResult<string[]>;
  currency: Currency;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const errors = result?.error ?? {};
  // After a post, what was typed is the form (an emptied field stays empty); before it, the saved values.
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
  const money = (name: string) =>
    text(name, {
      inputMode: "decimal",
      hint: t("opsPromotions.form.moneyHint", { symbol: currency.symbol }),
    });
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
  return (
    <Form
      method="post"
      action={action}
      className="stack-form ops-promotion-form"
      noValidate
      data-testid="ops-promotion-form"
    >
      <FormErrors errors={errors[""]} />
      <fieldset>
        <legend>{t("opsPromotions.form.sections.identity")}</legend>
        <Field
          name="code"
          label={label("code")}
          hint={t("opsPromotions.form.codeHint")}
          defaultValue={value("code")}
          errors={errors.code}
          dir="ltr"
          autoComplete="off"
        />
        {select("category", PROMOTION_CATEGORIES, (option) => t(`promotions.category.${option}`))}
        {select("kind", PROMOTION_KINDS, (option) =>
          t(`rewards.kinds.${option}`, { defaultValue: t(`opsReferrals.kinds.${option}`) }),
        )}
        {select("claimMode", CLAIM_MODES, (option) => t(`opsPromotions.claimMode.${option}`))}
        {LANGUAGES.map(({ code, dir }) => (
          <Field
            key={code}
            name={`titles.${code}`}
            label={label(`title_${code}`)}
            defaultValue={value(`titles.${code}`)}
            // A title missing in every language is the whole record's error; it shows under the first.
            errors={errors[`titles.${code}`] ?? (code === "en" ? errors.titles : undefined)}
            lang={code}
            dir={dir}
          />
        ))}
        {LANGUAGES.map(({ code, dir }) => (
          <TextareaField
            key={code}
            name={`rulesHtml.${code}`}
            label={label(`rules_${code}`)}
            defaultValue={value(`rulesHtml.${code}`)}
            errors={errors[`rulesHtml.${code}`]}
            lang={code}
            dir={dir}
          />
        ))}
      </fieldset>
      <fieldset>
        <legend>{t("opsPromotions.form.sections.audience")}</legend>
        {text("registeredWithinDays", { hint: t("opsPromotions.form.optionalHint") })}
        {text("vipMin")}
        {text("vipMax", { hint: t("opsPromotions.form.optionalHint") })}
        {text("minDeposits")}
        {text("maxDeposits", { hint: t("opsPromotions.form.optionalHint") })}
      </fieldset>
      <fieldset>
        <legend>{t("opsPromotions.form.sections.schedule")}</legend>
        <p className="muted">{t("opsPromotions.form.timeZone", { zone: timeZone })}</p>
        {dateTime("showsFrom")}
        {dateTime("startsAt")}
        {dateTime("endsAt")}
        {select("period", PROMOTION_PERIODS, (option) => t(`opsPromotions.period.${option}`))}
      </fieldset>
      <fieldset>
        <legend>{t("opsPromotions.form.sections.reward")}</legend>
        {money("rewardFixed")}
        {text("rewardBps", { inputMode: "decimal", hint: t("opsPromotions.form.percentHint") })}
        {money("rewardCap")}
        {money("minDeposit")}
      </fieldset>
      <fieldset>
        <legend>{t("opsPromotions.form.sections.turnover")}</legend>
        {text("turnoverMultiple", {
          inputMode: "decimal",
          hint: t("opsPromotions.form.multipleHint"),
        })}
        {select("turnoverBase", ["bonus", "bonus_deposit"], (option) =>
          t(`opsPromotions.turnoverBase.${option}`),
        )}
        {text("contributionDefault", { hint: t("opsPromotions.form.contributionHint") })}
        <div className="rate-grid">
          {GAME_CATEGORIES.map((category) => (
            <Field
              key={category}
              name={`contributions.${category}`}
              label={t("opsPromotions.form.contribution", { category: t(`category.${category}`) })}
              inputMode="numeric"
              defaultValue={value(`contributions.${category}`)}
              errors={errors[`contributions.${category}`]}
            />
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t("opsPromotions.form.sections.maxBet")}</legend>
        {money("maxBet")}
        {select("maxBetRule", ["refuse", "zero"], (option) =>
          t(`opsPromotions.maxBetRule.${option}`),
        )}
      </fieldset>
      <fieldset>
        <legend>{t("opsPromotions.form.sections.expiry")}</legend>
        {text("expiryHours", { hint: t("opsPromotions.form.optionalHint") })}
        {select("withdrawalRule", ["forfeit", "refuse"], (option) =>
          t(`opsPromotions.withdrawalRule.${option}`),
        )}
      </fieldset>
      <fieldset>
        <legend>{t("opsPromotions.form.sections.envelope")}</legend>
        <p className="muted">{t("opsPromotions.form.envelopeHint")}</p>
        {money("envelopeBudget")}
        {money("envelopeMin")}
        {money("envelopeMax")}
      </fieldset>
      <fieldset>
        <legend>{t("opsReferrals.rules.legend")}</legend>
        <p className="muted">{t("opsReferrals.rules.hint")}</p>
        <Field
          name="referralMinValidBet"
          label={t("opsReferrals.rules.minValidBet")}
          defaultValue={value("referralMinValidBet")}
          errors={errors.referralMinValidBet}
          inputMode="decimal"
          hint={t("opsPromotions.form.moneyHint", { symbol: currency.symbol })}
        />
        <Field
          name="referralIpWindowHours"
          label={t("opsReferrals.rules.ipWindowHours")}
          defaultValue={value("referralIpWindowHours")}
          errors={errors.referralIpWindowHours}
          inputMode="numeric"
          hint={t("opsPromotions.form.optionalHint")}
        />
      </fieldset>
      <fieldset>
        <legend>{t("opsPromotions.form.sections.sort")}</legend>
        {text("sort")}
      </fieldset>
      <div className="quick-actions">
        <button
          type="submit"
          name="intent"
          value="preview"
          className="button"
          data-testid="ops-promotion-preview"
        >
          {t("opsPromotions.form.preview")}
        </button>
        <button
          type="submit"
          name="intent"
          value="save"
          className="button primary"
          data-testid="ops-promotion-save"
        >
          {t("opsPromotions.form.save")}
        </button>
      </div>
    </Form>
  );
}

/** How the member's card will look: the page's own card component, with a button that does nothing. */
export function PromotionPreview({
  promotion,
  currency,
  timeZone,
}: {
  promotion: PromotionCardData;
  currency: Currency;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <section
      id="promotion-preview"
      className="member-card ops-promotion-preview"
      aria-labelledby="promotion-preview-title"
      data-testid="ops-promotion-preview-card"
    >
      <h2 id="promotion-preview-title">{t("opsPromotions.form.previewTitle")}</h2>
      <p className="muted">{t("opsPromotions.form.previewNote")}</p>
      <PromotionCard
        promotion={promotion}
        currency={currency}
        locale={i18n.language}
        timeZone={timeZone}
        action={
          <span className="button primary" aria-disabled="true">
            {t(`rewards.states.${promotion.state}`)}
          </span>
        }
        detailHref="#promotion-preview"
        open
        error={null}
      />
    </section>
  );
}

/** Publish and close (the moves the platform allows from the current status), each its own form. */
export function PromotionStatusForms({
  action,
  status,
  result,
}: {
  action: string;
  status: string;
  result?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const move = (to: "published" | "closed", name: "publish" | "close") =>
    status === to ? null : (
      <Form method="post" action={action} className="inline-form">
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="status" value={to} />
        <button type="submit" className="button" data-testid={`ops-promotion-${name}`}>
          {t(`opsPromotions.form.${name}`)}
        </button>
      </Form>
    );
  return (
    <div className="ops-promotion-status" data-testid="ops-promotion-status">
      <p>
        {t("opsPromotions.form.status")}{" "}
        <strong data-testid="ops-promotion-status-value">
          {t(`opsPromotions.status.${status}`)}
        </strong>
      </p>
      <div className="quick-actions">
        {move("published", "publish")}
        {move("closed", "close")}
      </div>
      <FormErrors errors={result?.error?.[""] ?? result?.error?.status} />
    </div>
  );
}
