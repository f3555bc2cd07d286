import { Form } from "@remix-run/react";
import { useId } from "react";
import { Field, FormErrors, formReply, type FormReply } from "~/components/forms/field";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { TextareaField } from "~/components/forms/textarea-field";
import { SelectField } from "~/components/member/withdraw/select-field";
import { useTranslation } from "~/utils/i18n";
import type { FeedbackLimits } from "./types";

/**
 * Feedback: question type, content between the brand's word limits
 * and up to 3 png/jpg images of 5 MB. A multipart post that works without
 * JavaScript; a refused one comes back with the type and content as typed.
 */
export function FeedbackForm({
  types,
  limits,
  result,
}: {
  types: readonly string[];
  limits: FeedbackLimits;
  result: FormReply | undefined;
}) {
  const { t } = useTranslation();
  const { errors, values } = formReply(result);
  const titleId = useId();
  return (
    <section className="member-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t("feedback.formTitle")}</h2>
      <Form
        method="post"
        encType="multipart/form-data"
        className="stack-form"
        noValidate
        data-testid="feedback-form"
      >
        {/* Text fields before the files: the server has them even when it stops reading at a too-large file. */}
        <HoneypotField />
        <SelectField
          name="questionType"
          label={t("feedback.questionType")}
          defaultValue={values.questionType ?? ""}
          errors={errors.questionType}
          required
        >
          <option value="">{t("feedback.chooseType")}</option>
          {types.map((type) => (
            <option key={type} value={type}>
              {t(`feedback.types.${type}`)}
            </option>
          ))}
        </SelectField>
        <TextareaField
          name="content"
          rows={6}
          label={t("feedback.content")}
          hint={t("feedback.contentHint", { min: limits.minWords, max: limits.maxWords })}
          defaultValue={values.content ?? ""}
          errors={errors.content}
          required
        />
        <Field
          name="proofs"
          type="file"
          accept="image/png,image/jpeg"
          multiple
          label={t("feedback.images")}
          hint={t("feedback.imagesHint")}
          errors={errors.proofs}
        />
        <FormErrors errors={errors[""]} />
        <button type="submit" className="button primary">
          {t("feedback.submit")}
        </button>
      </Form>
    </section>
  );
}
