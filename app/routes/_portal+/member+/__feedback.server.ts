import { json, redirect } from "@remix-run/node";
import * as z from "zod/v4";
import type { TFunction } from "~/i18n";
import { FEEDBACK_QUESTION_TYPES } from "~/platform/contact/feedback-types";
import { createFeedback, memberFeedback } from "~/platform/contact/feedback.server";
import { PlatformError } from "~/platform/errors";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { PROOF_MAX_COUNT } from "~/platform/uploads/proof-images";
import { requireRealMember } from "~/utils/auth.server";
import { feedbackErrorMessage, threadView } from "~/utils/feedback.server";
import {
  assertSameOrigin,
  HONEYPOT_FIELD,
  parseSubmission,
  formFailure,
} from "~/utils/form.server";
import { translatorFor } from "~/utils/i18next.server";
import { pageParam } from "~/utils/pagination";
import { PROOF_FIELD, readProofUpload } from "./__proof-upload.server";

/**
 * /member/feedback (issue 16): the form and the member's own threads with the
 * operators' answers. Trial accounts are kept out like the rest of the member
 * centre: a trial is free to make, so the per-member throttle would not hold.
 */
const PAGE_SIZE = 10;

async function context(request: Request) {
  const viewer = await requireRealMember(request);
  const db = await getDb();
  const [brand, t] = await Promise.all([getBrandConfig(db), translatorFor(request)]);
  return { viewer, db, brand, t };
}

export async function memberFeedbackLoader(request: Request) {
  const { viewer, db, brand, t } = await context(request);
  const url = new URL(request.url);
  const { threads, page, pageCount } = await memberFeedback(db, viewer.member.id, {
    page: pageParam(url.searchParams.get("page")),
    pageSize: PAGE_SIZE,
  });
  return json({
    title: t("feedback.title"),
    brandName: brand.name,
    types: FEEDBACK_QUESTION_TYPES,
    limits: { minWords: brand.feedback.minWords, maxWords: brand.feedback.maxWords },
    sent: /^\d{1,18}$/.test(url.searchParams.get("sent") ?? ""),
    threads: threads.map((thread) => threadView(thread, brand.timeZone)),
    page,
    pageCount,
  });
}

const FIELD_OF_ERROR: Record<string, string> = {
  feedback_question_type: "questionType",
  feedback_content_required: "content",
  feedback_too_few_words: "content",
  feedback_too_many_words: "content",
  proof_type: PROOF_FIELD,
  proof_size: PROOF_FIELD,
  proof_count: PROOF_FIELD,
};

const feedbackSchema = (t: TFunction) =>
  z.object({
    questionType: z.enum(FEEDBACK_QUESTION_TYPES, {
      error: t("feedback.errors.feedback_question_type"),
    }),
    content: z.string({ error: t("feedback.errors.feedback_content_required") }),
  });

/** POST /member/feedback: multipart (images), honeypot, zod, one platform call, then POST → redirect → GET. */
export async function memberFeedbackAction(request: Request) {
  assertSameOrigin(request);
  const { viewer, db, brand, t } = await context(request);
  const upload = await readProofUpload(request, ["content"]);
  if (upload.fields[HONEYPOT_FIELD]) throw json({ error: "spam" }, { status: 400 });
  const formData = upload.form;
  const submission = parseSubmission(formData, { schema: feedbackSchema(t) });
  const failure = (error: PlatformError) => {
    const message = feedbackErrorMessage(error, t);
    const field = FIELD_OF_ERROR[error.code];
    return formFailure(
      submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }),
    );
  };
  if (upload.problem) return failure(new PlatformError(upload.problem, { max: PROOF_MAX_COUNT }));
  if (submission.status !== "success") return formFailure(submission.reply());
  try {
    const images = await Promise.all(
      upload.files.map(async (file) => ({ bytes: new Uint8Array(await file.arrayBuffer()) })),
    );
    const id = await createFeedback(
      db,
      { memberId: viewer.member.id, ...submission.value, images },
      brand.feedback,
    );
    return redirect(`/member/feedback?sent=${id}`);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    return failure(error);
  }
}
