import { Form } from "@remix-run/react";
import { useId } from "react";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { Field, FormErrors, formReply, type FormReply } from "~/components/forms/field";
import { SelectField } from "~/components/member/withdraw/select-field";
import { useTranslation } from "~/utils/i18n";
import type { FeedbackLimits } from "./types";

/**
 * §3 feedback: question type, content between the brand's word limits (§5)
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
  const contentId = useId();
  const contentError = errors.content?.[0];
  return (
    <section className="member-card" aria-labelledby={`${contentId}-title`}>
      <h2 id={`${contentId}-title`}>{t("feedback.formTitle")}</h2>
      <Form
        method="post"
        encType="multipart/form-data"
        className="stack-form"
        noValidate
        data-testid="feedback-form"
      >
        {/* Text fields before the files: the server has them even when it stops reading at a too-large file. */}
        <HoneypotInputs />
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
        <div className="field">
          <label htmlFor={contentId}>{t("feedback.content")}</label>
          <textarea
            id={contentId}
            name="content"
            rows={6}
            defaultValue={values.content ?? ""}
            aria-invalid={contentError ? true : undefined}
            aria-describedby={`${contentId}-hint ${contentId}-error`}
            required
          />
          <div id={`${contentId}-hint`} className="field-hint">
            {t("feedback.contentHint", { min: limits.minWords, max: limits.maxWords })}
          </div>
          <div
            id={`${contentId}-error`}
            className="field-error"
            role={contentError ? "alert" : undefined}
          >
            {contentError ?? ""}
          </div>
        </div>
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
