import { json, redirect } from "@remix-run/node";
import * as z from "zod/v4";
import type { TFunction } from "~/i18n";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { LOBBY_ROOM } from "~/platform/contact/chat-rules";
import {
  findChatRoom,
  mutedUntil,
  postChatMessage,
  readChatRoom,
} from "~/platform/contact/chat.server";
import { PlatformError } from "~/platform/errors";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { getViewer } from "~/utils/auth.server";
import { readForm, parseSubmission, formFailure } from "~/utils/form.server";
import { i18next, translatorFor } from "~/utils/i18next.server";
import { loginHref } from "~/utils/lobby-links";
import { notFound } from "./misc";

/**
 * /chat and /chat/<room> (issue 16): the lobby or a live table's or PVP
 * room's chat. Anyone reads; a member posts, a trial account and a visitor
 * read only. The rules are the platform's (app/platform/contact/chat.server.ts).
 */
const roomPath = (room: string) => (room === LOBBY_ROOM ? "/chat" : `/chat/${room}`);

async function context(request: Request, roomParam: string | undefined) {
  const db = await getDb();
  const [viewer, brand, t, locale] = await Promise.all([
    getViewer(request),
    getBrandConfig(db),
    translatorFor(request),
    i18next.getLocale(request),
  ]);
  const room = await findChatRoom(db, roomParam ?? LOBBY_ROOM, locale);
  if (!room) throw notFound();
  return { db, viewer, brand, t, room };
}

/**
 * A room's latest messages and who may post there: the room page's data, and
 * the chat panel of a table game's demo page (app/routes/demo-games.$token.tsx).
 * `path` is the page showing it, where a visitor comes back after logging in.
 */
export async function chatRoomView(request: Request, roomParam: string | undefined, path?: string) {
  const { db, viewer, brand, t, room } = await context(request, roomParam);
  const [messages, until] = await Promise.all([
    readChatRoom(db, room.room),
    viewer ? mutedUntil(db, viewer.member.id) : null,
  ]);
  const access = !viewer
    ? { kind: "visitor" as const, loginHref: loginHref(path ?? roomPath(room.room)) }
    : viewer.member.isTrial
      ? { kind: "trial" as const }
      : until
        ? { kind: "muted" as const, until: formatTimestamp(until.toISOString(), brand.timeZone) }
        : { kind: "member" as const };
  const title = room.table ? t("chat.tableTitle", { table: room.table.name }) : t("chat.lobby");
  return {
    title,
    brandName: brand.name,
    room: room.room,
    table: room.table,
    timeZone: brand.timeZone,
    access,
    formKey: new URL(request.url).searchParams.get("sent") ?? "",
    messages: messages.map((message) => ({ ...message, at: message.at.toISOString() })),
  };
}

export async function chatLoader(request: Request, roomParam: string | undefined) {
  return json(await chatRoomView(request, roomParam));
}

/** A refusal in the reader's language; `until` is shown in the brand's time zone. */
function chatErrorMessage(error: PlatformError, t: TFunction, timeZone: string) {
  const until = error.details.until;
  return t(`chat.errors.${error.code}`, {
    ...error.details,
    until: until instanceof Date ? formatTimestamp(until.toISOString(), timeZone) : undefined,
    defaultValue: t("chat.errors.unknown"),
  });
}

const postSchema = z.object({ text: z.string().optional().default("") });

/** How a chat post is read: a honeypot, and the message may hold line breaks. */
export const CHAT_FORM = { honeypot: true, multiline: ["text"] } as const;

/**
 * A post read with CHAT_FORM: zod, one platform call, then back to the room,
 * or to `returnTo` (a page of ours showing the room) — POST → redirect → GET.
 */
export async function postChat(
  request: Request,
  formData: FormData,
  roomParam: string | undefined,
  returnTo?: string,
) {
  const { db, viewer, brand, t, room } = await context(request, roomParam);
  const submission = parseSubmission(formData, { schema: postSchema });
  if (submission.status !== "success") return formFailure(submission.reply());
  const refuse = (message: string, field = true) =>
    formFailure(
      submission.reply(field ? { fieldErrors: { text: [message] } } : { formErrors: [message] }),
    );
  if (!viewer) return refuse(t("chat.visitor"), false);
  try {
    const message = await postChatMessage(
      db,
      { memberId: viewer.member.id, room: room.room, text: submission.value.text },
      brand,
    );
    return redirect(`${returnTo ?? roomPath(room.room)}?sent=${message.id}`);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    return refuse(chatErrorMessage(error, t, brand.timeZone));
  }
}

/** POST to the room page. */
export async function chatAction(request: Request, roomParam: string | undefined) {
  return postChat(request, await readForm(request, CHAT_FORM), roomParam);
}
