import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { enteredValue, Field, FormErrors } from "~/components/forms/field";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { SelectField } from "~/components/member/withdraw/select-field";
import { useStaffCan } from "~/components/ops/use-staff-can";
import {
  MISSION_CATEGORIES,
  MISSION_CONDITIONS,
  MISSION_PERIODS,
  MISSION_REWARDS,
} from "~/platform/rewards/missions/mission-types";
import { useTranslation } from "~/utils/i18n";
import type { OpsMissionData } from "./types";

/** A new mission's form, or one mission's: the saved values or what was typed before a refusal. */
export function OpsMissionForm({
  mission,
  result,
}: {
  mission: OpsMissionData | null;
  result?: SubmissionResult<string[]> | null;
}) {
  const can = useStaffCan("missions.manage");
  const { t } = useTranslation();
  const errors = result?.error ?? {};
  const value = (name: keyof OpsMissionData, fallback = "") =>
    enteredValue(result, name) ?? (mission ? String(mission[name]) : fallback);
  const field = (name: keyof OpsMissionData, extra: Record<string, string> = {}) => (
    <Field
      name={name}
      label={t(`opsMissions.field.${name}`)}
      defaultValue={value(name, extra.fallback)}
      errors={errors[name]}
      {...(extra.hint ? { hint: extra.hint } : {})}
      {...(extra.lang ? { lang: extra.lang, dir: extra.lang === "ur" ? "rtl" : "ltr" } : {})}
    />
  );
  const select = (
    name: keyof OpsMissionData,
    options: readonly string[],
    text: (option: string) => string,
    empty?: string,
  ) => (
    <SelectField
      name={name}
      label={t(`opsMissions.field.${name}`)}
      defaultValue={value(name)}
      errors={errors[name]}
    >
      {empty ? <option value="">{empty}</option> : null}
      {options.map((option) => (
        <option key={option} value={option}>
          {text(option)}
        </option>
      ))}
    </SelectField>
  );
  // Offered only to a role that may use it (the action checks again).
  if (!can) return null;
  return (
    <section
      className="member-card"
      aria-labelledby="ops-mission-form-title"
      data-testid="ops-mission-form"
    >
      <h2 id="ops-mission-form-title">
        {mission ? t("opsMissions.editTitle", { code: mission.code }) : t("opsMissions.newTitle")}
      </h2>
      <p>
        <Link to="/ops/missions">{t("opsMissions.cancel")}</Link>
      </p>
      <Form
        method="post"
        action={`/ops/missions?edit=${mission?.id ?? "new"}`}
        className="stack-form"
      >
        <HoneypotField />
        {mission ? <input type="hidden" name="missionId" value={mission.id} /> : null}
        <FormErrors errors={errors[""]} />
        {field("code")}
        {field("nameEn", { lang: "en" })}
        {field("nameUr", { lang: "ur" })}
        {field("descriptionEn", { lang: "en" })}
        {field("descriptionUr", { lang: "ur" })}
        {select("period", MISSION_PERIODS, (option) => t(`missions.period.${option}`))}
        {select("condition", MISSION_CONDITIONS, (option) => t(`opsMissions.condition.${option}`))}
        {select(
          "category",
          MISSION_CATEGORIES,
          (option) => t(`category.${option}`),
          t("opsMissions.anyCategory"),
        )}
        {field("target", { hint: t("opsMissions.targetHint") })}
        {select("rewardKind", MISSION_REWARDS, (option) => t(`opsMissions.rewardKind.${option}`))}
        {field("rewardAmount", { hint: t("opsMissions.rewardHint") })}
        {field("turnoverMultiple", { fallback: "0", hint: t("opsMissions.turnoverHint") })}
        {field("missionPoints", { fallback: "0" })}
        {field("sort", { fallback: "0" })}
        <button type="submit" className="button primary" data-testid="ops-mission-save">
          {t("opsMissions.save")}
        </button>
      </Form>
    </section>
  );
}
