/**
 * The security centre's age-verification form (issue 17): a birthday and one
 * photo of an ID document, posted as multipart (it works without
 * JavaScript). Every refusal is a translated error on its field; nothing is
 * stored unless the platform accepts the whole request.
 */
import { json, redirect } from "@remix-run/node";
import * as z from "zod/v4";
import type { TFunction } from "~/i18n";
import type { Database } from "~/platform/db/open.server";
import { PlatformError } from "~/platform/errors";
import { requestAgeCheck } from "~/platform/protection/age.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { auditContext, type Viewer } from "~/utils/auth.server";
import { HONEYPOT_FIELD, parseSubmission, formFailure } from "~/utils/form.server";
import { walletErrorMessage } from "~/utils/wallet.server";
import { readProofUpload } from "./__proof-upload.server";

/** Which field a refusal belongs to; anything else is about the form as a whole. */
const FIELD_OF_ERROR: Record<string, "birthday" | "proofs"> = {
  birthday_invalid: "birthday",
  birthday_underage: "birthday",
  age_document_missing: "proofs",
  proof_size: "proofs",
  proof_type: "proofs",
  proof_count: "proofs",
};

export function ageErrorMessage(error: PlatformError, t: TFunction, brand: BrandConfig) {
  return t(`ageCheck.error.${error.code}`, {
    defaultValue: walletErrorMessage(error, t, brand),
  });
}

export async function requestAgeCheckAction(
  request: Request,
  ctx: { viewer: Viewer; db: Database; brand: BrandConfig; t: TFunction },
) {
  const upload = await readProofUpload(request);
  if (upload.fields[HONEYPOT_FIELD]) throw json({ error: "spam" }, { status: 400 });
  const formData = upload.form;
  const submission = parseSubmission(formData, {
    schema: z.object({ birthday: z.string({ error: ctx.t("ageCheck.error.birthday_invalid") }) }),
  });
  const failure = (reply: Parameters<typeof submission.reply>[0]) =>
    formFailure(submission.reply(reply), { section: "age-check" as const, codeSent: null });
  if (submission.status !== "success") return failure({});
  try {
    if (upload.problem) throw new PlatformError(upload.problem);
    // One document per request: the operator judges one photo.
    if (upload.files.length > 1) throw new PlatformError("proof_count", { max: 1 });
    const [file] = upload.files;
    await requestAgeCheck(
      ctx.db,
      {
        memberId: ctx.viewer.member.id,
        birthday: submission.value.birthday,
        document: file ? { bytes: new Uint8Array(await file.arrayBuffer()) } : null,
      },
      ctx.brand.timeZone,
      auditContext(request),
    );
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    const message = ageErrorMessage(error, ctx.t, ctx.brand);
    const field = FIELD_OF_ERROR[error.code];
    return failure(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] });
  }
  return redirect("/member/security?done=age-check#age-check");
}
