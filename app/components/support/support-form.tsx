import { Form } from "@remix-run/react";
import { FormErrors, formReply, type FormReply } from "~/components/forms/field";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { TextareaField } from "~/components/forms/textarea-field";
import { useTranslation } from "~/utils/i18n";

/** Writes into a support conversation: a plain post, re-rendered with its error from the server. */
export function SupportForm({
  max,
  result,
  label,
  intent,
}: {
  max: number;
  result: FormReply | undefined;
  label: string;
  intent?: string;
}) {
  const { t } = useTranslation();
  const { errors, values } = formReply(result);
  return (
    <Form
      method="post"
      className="stack-form"
      noValidate
      id="support-form"
      data-testid="support-form"
    >
      <HoneypotField />
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <TextareaField
        name="body"
        rows={3}
        maxLength={max}
        label={label}
        hint={t("support.limit", { max })}
        defaultValue={values.body ?? ""}
        errors={errors.body}
        required
      />
      <FormErrors errors={errors[""]} />
      <button type="submit" className="button primary">
        {t("support.send")}
      </button>
    </Form>
  );
}
