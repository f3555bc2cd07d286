import { json, redirect } from "@remix-run/node";
import * as z from "zod/v4";
import { formatTimestamp } from "~/platform/calendar/datetime";
import {
  activeMutes,
  deleteChatMessage,
  muteChatMember,
  MUTE_HOURS,
  recentChat,
  unmuteChatMember,
} from "~/platform/contact/chat-ops.server";
import { PlatformError } from "~/platform/errors";
import { readForm, parseSubmission } from "~/utils/form.server";
import { opsRequest } from "./__ops-request.server";

/**
 * /ops/chat (issue 16): each busy room's newest messages, deleted ones marked;
 * delete a message, mute its author for 1 h, 24 h or 7 days; who is muted
 * until when. The platform audits every change.
 */
const DONE = ["deleted", "muted", "unmuted"] as const;

export async function opsChatLoader(request: Request) {
  const { db, brand, t } = await opsRequest(request, "chat.view");
  const [rooms, mutes] = await Promise.all([recentChat(db), activeMutes(db)]);
  const at = (date: Date) => formatTimestamp(date.toISOString(), brand.timeZone);
  const done = new URL(request.url).searchParams.get("done");
  return json({
    title: t("chat.ops.title"),
    brandName: brand.name,
    done: DONE.find((value) => value === done) ?? null,
    muteHours: MUTE_HOURS,
    rooms: rooms.map((room) => ({
      room: room.room,
      messages: room.messages.map((message) => ({ ...message, at: at(message.at) })),
    })),
    mutes: mutes.map((mute) => ({ ...mute, until: at(mute.until) })),
  });
}

const actSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete"), messageId: z.string() }),
  z.object({ intent: z.literal("mute"), memberId: z.string(), hours: z.coerce.number().int() }),
  z.object({ intent: z.literal("unmute"), memberId: z.string() }),
]);

/** Delete, mute or lift a mute: honeypot, zod, one platform call, then back to the list; a forged form is a 400. */
export async function opsChatAction(request: Request) {
  const formData = await readForm(request, { honeypot: true });
  const { db, act } = await opsRequest(request, "chat.moderate");
  const submission = parseSubmission(formData, { schema: actSchema });
  if (submission.status !== "success") throw json({ error: "invalid_form" }, { status: 400 });
  try {
    if (submission.value.intent === "delete") {
      await deleteChatMessage(db, { ...act, messageId: submission.value.messageId });
      return redirect("/ops/chat?done=deleted");
    }
    if (submission.value.intent === "unmute") {
      await unmuteChatMember(db, { ...act, memberId: submission.value.memberId });
      return redirect("/ops/chat?done=unmuted");
    }
    const { memberId, hours } = submission.value;
    await muteChatMember(db, { ...act, memberId, hours });
    return redirect("/ops/chat?done=muted");
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    throw json({ error: error.code }, { status: error.code.endsWith("not_found") ? 404 : 400 });
  }
}
