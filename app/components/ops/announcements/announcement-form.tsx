import { Form } from "@remix-run/react";
import { useId } from "react";
import { Field, FormErrors, formReply, type FormReply } from "~/components/forms/field";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { TextareaField } from "~/components/forms/textarea-field";
import { SelectField } from "~/components/member/withdraw/select-field";
import { useStaffCan } from "~/components/ops/use-staff-can";
import { useTranslation } from "~/utils/i18n";

export interface AnnouncementFormValues {
  type: string;
  execution: string;
  language: string;
  title: string;
  content: string;
  sort: string;
  startsAt: string;
  enabled: boolean;
}

/** An announcement as the operator edits it (new when `announcement` is null). */
export function AnnouncementForm({
  announcement,
  types,
  executions,
  languages,
  result,
}: {
  announcement: AnnouncementFormValues | null;
  types: readonly string[];
  executions: readonly string[];
  languages: readonly string[];
  result?: FormReply;
}) {
  const can = useStaffCan("announcements.manage");
  const { t } = useTranslation();
  const enabledId = useId();
  const { errors, values } = formReply(result);
  const value = (name: keyof AnnouncementFormValues) =>
    values[name] ?? (announcement ? String(announcement[name]) : undefined);
  // Offered only to a role that may use it (the action checks again).
  if (!can) return null;
  return (
    <Form method="post" className="stack-form" data-testid="ops-announcement-form">
      <HoneypotField />
      <SelectField
        name="type"
        label={t("opsAnnouncements.field.type")}
        defaultValue={value("type") ?? "H"}
        errors={errors.type}
      >
        {types.map((type) => (
          <option key={type} value={type}>
            {t(`opsAnnouncements.types.${type}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        name="execution"
        label={t("opsAnnouncements.field.execution")}
        defaultValue={value("execution") ?? "A"}
        errors={errors.execution}
      >
        {executions.map((execution) => (
          <option key={execution} value={execution}>
            {t(`opsAnnouncements.executions.${execution}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        name="language"
        label={t("opsAnnouncements.field.language")}
        defaultValue={value("language") ?? ""}
        errors={errors.language}
      >
        <option value="">{t("opsAnnouncements.allLanguages")}</option>
        {languages.map((language) => (
          <option key={language} value={language}>
            {language}
          </option>
        ))}
      </SelectField>
      <Field
        name="title"
        label={t("opsAnnouncements.field.title")}
        maxLength={120}
        defaultValue={value("title")}
        errors={errors.title}
        required
      />
      <TextareaField
        name="content"
        label={t("opsAnnouncements.field.content")}
        hint={t("opsAnnouncements.contentHint")}
        rows={6}
        maxLength={5000}
        defaultValue={value("content")}
        errors={errors.content}
        required
      />
      <Field
        name="sort"
        inputMode="numeric"
        label={t("opsAnnouncements.field.sort")}
        defaultValue={value("sort") ?? "0"}
        errors={errors.sort}
      />
      <Field
        name="startsAt"
        type="datetime-local"
        label={t("opsAnnouncements.field.startsAt")}
        hint={t("opsAnnouncements.startsAtHint")}
        defaultValue={value("startsAt")}
        errors={errors.startsAt}
      />
      <label className="checkbox" htmlFor={enabledId}>
        <input
          id={enabledId}
          type="checkbox"
          name="enabled"
          defaultChecked={result ? values.enabled === "on" : (announcement?.enabled ?? true)}
        />{" "}
        {t("opsAnnouncements.field.enabled")}
      </label>
      <FormErrors errors={errors[""]} />
      <button type="submit" className="button primary" data-testid="ops-announcement-save">
        {t("opsAnnouncements.save")}
      </button>
    </Form>
  );
}
