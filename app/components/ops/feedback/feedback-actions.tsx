import { Form } from "@remix-run/react";
import { FormErrors, formReply, type FormReply } from "~/components/forms/field";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { TextareaField } from "~/components/forms/textarea-field";
import { useStaffCan } from "~/components/ops/use-staff-can";
import { useTranslation } from "~/utils/i18n";

/** An operator's answer (sent to the member's messages) and the close button: two plain posts. */
export function FeedbackActions({
  answerMax,
  result,
}: {
  answerMax: number;
  result: FormReply | undefined;
}) {
  const can = useStaffCan("feedback.reply");
  const { t } = useTranslation();
  const { errors, values } = formReply(result);
  // Offered only to a role that may use it (the action checks again).
  if (!can) return null;
  return (
    <div className="member-card stack-form">
      <Form method="post" className="stack-form" noValidate data-testid="ops-feedback-answer">
        <HoneypotField />
        <input type="hidden" name="intent" value="answer" />
        <TextareaField
          name="body"
          rows={4}
          maxLength={answerMax}
          label={t("feedback.ops.answer")}
          defaultValue={values.body ?? ""}
          errors={errors.body}
          required
        />
        <FormErrors errors={errors[""]} />
        <button type="submit" className="button primary">
          {t("feedback.ops.send")}
        </button>
      </Form>
      <Form method="post" className="inline-form" data-testid="ops-feedback-close">
        <HoneypotField />
        <input type="hidden" name="intent" value="close" />
        <button type="submit" className="button">
          {t("feedback.ops.close")}
        </button>
      </Form>
    </div>
  );
}
