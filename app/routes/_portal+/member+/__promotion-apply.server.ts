import { redirect } from "@remix-run/node";
import * as z from "zod/v4";
import { APPLY_COMMENT_MAX } from "~/components/rewards/apply-form";
import type { TFunction } from "~/i18n";
import type { Database } from "~/platform/db/open.server";
import { PlatformError } from "~/platform/errors";
import { applyForPromotion } from "~/platform/rewards/promotion-actions.server";
import { PROMOTION_CODE_PATTERN } from "~/platform/rewards/promotion-types";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { PROOF_MAX_COUNT } from "~/platform/uploads/proof-images";
import { parseSubmission, formFailure } from "~/utils/form.server";
import { withSearchParam } from "~/utils/misc";
import { rewardErrorMessage } from "../__promotions.server";
import type { ProofUpload } from "./__proof-upload.server";

const applySchema = (t: TFunction) =>
  z.object({
    promotionId: z.string().regex(/^\d{1,18}$/),
    promotion: z.string().regex(PROMOTION_CODE_PATTERN),
    comment: z
      .string({ error: t("rewardCentre.commentRequired") })
      .trim()
      .min(1, t("rewardCentre.commentRequired"))
      .max(APPLY_COMMENT_MAX, t("rewardCentre.commentTooLong", { max: APPLY_COMMENT_MAX })),
  });

/** Which field a refusal of the platform belongs to; the rest are about the whole form. */
const FIELD_OF_ERROR: Record<string, string> = {
  proof_type: "proofs",
  proof_size: "proofs",
  proof_count: "proofs",
  comment_too_long: "comment",
};

/**
 * Apply for a promotion (a comment of at most 140 characters, up to 3
 * png/jpg images of 5 MB): parsed with zod, one idempotent platform call (a
 * replayed form leaves the first application), then POST → redirect → GET.
 * A refusal keeps the comment and says why on its field.
 */
export async function handleApply(
  ctx: { db: Database; memberId: string; t: TFunction; brand: BrandConfig; locale: string },
  upload: ProofUpload,
) {
  const formData = upload.form;
  const submission = parseSubmission(formData, { schema: applySchema(ctx.t) });
  const promotionId = upload.fields.promotionId ?? null;
  const failure = (reply: Parameters<typeof submission.reply>[0]) =>
    formFailure(submission.reply(reply), { form: "apply" as const, promotionId });
  if (upload.problem) {
    const error = new PlatformError(upload.problem, { max: PROOF_MAX_COUNT });
    return failure({
      fieldErrors: { proofs: [rewardErrorMessage(error, ctx.t, ctx.brand, ctx.locale)] },
    });
  }
  if (submission.status !== "success") return failure({});
  const { comment, promotion } = submission.value;
  try {
    const proofs = await Promise.all(
      upload.files.map(async (file) => ({
        contentType: file.type,
        bytes: new Uint8Array(await file.arrayBuffer()),
      })),
    );
    await applyForPromotion(ctx.db, {
      memberId: ctx.memberId,
      promotionId: submission.value.promotionId,
      comment,
      proofs,
    });
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    const message = rewardErrorMessage(error, ctx.t, ctx.brand, ctx.locale);
    const field = FIELD_OF_ERROR[error.code];
    return failure(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] });
  }
  return redirect(
    withSearchParam(withSearchParam("/member/rewards", "promotion", promotion), "done", "apply"),
  );
}
