import { json, redirect } from "@remix-run/node";
import * as z from "zod/v4";
import { formatTimestamp } from "~/platform/calendar/datetime";
import {
  closeConversation,
  opsConversation,
  replyToConversation,
  supportQueue,
} from "~/platform/contact/support-ops.server";
import { SUPPORT_MESSAGE_MAX_CHARS } from "~/platform/contact/support.server";
import { PlatformError } from "~/platform/errors";
import { readForm, parseSubmission, formFailure } from "~/utils/form.server";
import { notFound } from "~/utils/misc";
import { messageView, supportErrorMessage } from "~/utils/support.server";
import { opsRequest } from "./__ops-request.server";

/** `?status=waiting`: only what waits for staff; anything else is every open conversation. */
const queueFilter = z.enum(["waiting", "open"]).catch("open");

/**
 * /ops/support (issue 16): the open conversations, newest first, and one
 * conversation to reply to or close. Every change is audited by the platform.
 */
export async function opsSupportQueueLoader(request: Request) {
  const { db, brand, t } = await opsRequest(request, "support.view");
  const filter = queueFilter.parse(new URL(request.url).searchParams.get("status"));
  const queue = await supportQueue(db, { waitingOnly: filter === "waiting" });
  return json({
    title: t("support.ops.title"),
    brandName: brand.name,
    filter,
    conversations: queue.map((row) => ({
      id: row.id,
      account: row.account,
      unread: row.unread,
      at: formatTimestamp(new Date(row.lastMessageAt).toISOString(), brand.timeZone),
    })),
  });
}

export async function opsSupportConversationLoader(request: Request, conversationId: string) {
  const { db, brand, t } = await opsRequest(request, "support.view");
  const conversation = await opsConversation(db, conversationId);
  if (!conversation) throw notFound();
  const done = new URL(request.url).searchParams.get("done");
  return json({
    title: t("support.ops.conversationTitle", { account: conversation.account }),
    brandName: brand.name,
    status: conversation.status,
    messages: conversation.messages.map((message) => messageView(message, brand.timeZone)),
    done: done === "replied" || done === "closed" ? done : null,
    max: SUPPORT_MESSAGE_MAX_CHARS,
  });
}

const actSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("reply"), body: z.string().optional().default("") }),
  z.object({ intent: z.literal("close") }),
]);

export async function opsSupportConversationAction(request: Request, conversationId: string) {
  const formData = await readForm(request, { honeypot: true, multiline: ["body"] });
  const ops = await opsRequest(request, "support.reply");
  const { db, t } = ops;
  const submission = parseSubmission(formData, { schema: actSchema });
  if (submission.status !== "success") return formFailure(submission.reply());
  const act = { conversationId, ...ops.act };
  try {
    if (submission.value.intent === "reply") {
      await replyToConversation(db, { ...act, body: submission.value.body });
      return redirect(`/ops/support/${conversationId}?done=replied`);
    }
    await closeConversation(db, act);
    return redirect(`/ops/support/${conversationId}?done=closed`);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (error.code === "support_not_found") throw notFound();
    const message = supportErrorMessage(error, t);
    return formFailure(
      submission.reply(
        error.code === "support_closed"
          ? { formErrors: [message] }
          : { fieldErrors: { body: [message] } },
      ),
    );
  }
}
