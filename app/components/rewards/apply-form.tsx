import { Form } from "@remix-run/react";
import { useId, useState } from "react";
import { Field, FormErrors, formReply, type FormReply } from "~/components/forms/field";
import { useTranslation } from "~/utils/i18n";

/** An apply comment holds at most 140 characters. */
export const APPLY_COMMENT_MAX = 140;

/**
 * Apply for a promotion that an operator reviews: a comment (≤ 140
 * characters, counted as it is typed) and up to 3 png/jpg proof images of
 * 5 MB each. A multipart post that works without JavaScript; a refused one
 * keeps the comment.
 */
export function ApplyForm({
  promotion,
  result,
}: {
  promotion: { id: string; code: string; title: string };
  result: FormReply | undefined;
}) {
  const { t } = useTranslation();
  const { errors, values } = formReply(result);
  const [comment, setComment] = useState(values.comment ?? "");
  const titleId = useId();
  const commentId = useId();
  const commentError = errors.comment?.[0];
  return (
    <section className="member-card apply-form" aria-labelledby={titleId} data-testid="apply-form">
      <h3 id={titleId}>{t("rewardCentre.applyTitle", { title: promotion.title })}</h3>
      <Form method="post" encType="multipart/form-data" className="stack-form" noValidate>
        {/* Before the files: the server knows the promotion even when it stops reading at a too-large file. */}
        <input type="hidden" name="intent" value="apply" />
        <input type="hidden" name="promotionId" value={promotion.id} />
        <input type="hidden" name="promotion" value={promotion.code} />
        <div className="field">
          <label htmlFor={commentId}>{t("rewardCentre.comment")}</label>
          <textarea
            id={commentId}
            name="comment"
            rows={3}
            maxLength={APPLY_COMMENT_MAX}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            aria-invalid={commentError ? true : undefined}
            aria-describedby={`${commentId}-hint ${commentId}-error`}
            required
          />
          <div id={`${commentId}-hint`} className="field-hint" aria-live="polite">
            {t("rewardCentre.commentCount", { count: comment.length, max: APPLY_COMMENT_MAX })}
          </div>
          <div
            id={`${commentId}-error`}
            className="field-error"
            role={commentError ? "alert" : undefined}
          >
            {commentError ?? ""}
          </div>
        </div>
        <Field
          name="proofs"
          type="file"
          accept="image/png,image/jpeg"
          multiple
          label={t("rewardCentre.proofs")}
          hint={t("rewardCentre.proofsHint")}
          errors={errors.proofs}
        />
        <FormErrors errors={errors[""]} />
        <button type="submit" className="button primary">
          {t("rewardCentre.applySubmit")}
        </button>
      </Form>
    </section>
  );
}
