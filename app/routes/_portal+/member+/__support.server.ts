import { json, redirect } from "@remix-run/node";
import * as z from "zod/v4";
import type { TFunction } from "~/i18n";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { supportHoursAt } from "~/platform/contact/support-hours";
import {
  memberConversation,
  postMemberMessage,
  SUPPORT_MESSAGE_MAX_CHARS,
} from "~/platform/contact/support.server";
import { PlatformError } from "~/platform/errors";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { requireRealMember } from "~/utils/auth.server";
import { readForm, parseSubmission, formFailure } from "~/utils/form.server";
import { translatorFor } from "~/utils/i18next.server";
import { messageView, supportErrorMessage } from "~/utils/support.server";

/**
 * /member/support (issue 16): the member's conversation with the operators.
 * The conversation is always the signed-in member's own: no id is read from
 * the request. Trial accounts get the real-account notice like the rest of
 * the member centre (a trial is free to make, so a throttle would not hold).
 */
async function context(request: Request) {
  const viewer = await requireRealMember(request);
  const db = await getDb();
  const [brand, t] = await Promise.all([getBrandConfig(db), translatorFor(request)]);
  return { viewer, db, brand, t };
}

export async function memberSupportLoader(request: Request, now = new Date()) {
  const { viewer, db, brand, t } = await context(request);
  const conversation = await memberConversation(db, viewer.member.id);
  const hours = supportHoursAt(brand.support, brand.timeZone, now);
  return json({
    title: t("support.title"),
    brandName: brand.name,
    hours: {
      open: hours.open,
      opensAt: hours.opensAt ? formatTimestamp(hours.opensAt.toISOString(), brand.timeZone) : null,
      days: brand.support.days,
      from: brand.support.from,
      to: brand.support.to,
    },
    status: conversation.status,
    messages: conversation.messages.map((message) => messageView(message, brand.timeZone)),
    max: SUPPORT_MESSAGE_MAX_CHARS,
  });
}

const messageSchema = (t: TFunction) =>
  z.object({ body: z.string({ error: t("support.errors.support_message_required") }) });

/** POST /member/support: honeypot, zod, one platform call, then POST → redirect → GET. */
export async function memberSupportAction(request: Request) {
  const formData = await readForm(request, { honeypot: true, multiline: ["body"] });
  const { viewer, db, t } = await context(request);
  const submission = parseSubmission(formData, { schema: messageSchema(t) });
  if (submission.status !== "success") return formFailure(submission.reply());
  try {
    await postMemberMessage(db, { memberId: viewer.member.id, body: submission.value.body });
    return redirect("/member/support?sent=1#support-form");
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    return formFailure(
      submission.reply({ fieldErrors: { body: [supportErrorMessage(error, t)] } }),
    );
  }
}
