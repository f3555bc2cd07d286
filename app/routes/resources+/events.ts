import type { LoaderFunctionArgs } from "@remix-run/node";
import { eventStream } from "remix-utils/sse/server";
import { CHAT_ROOMS_PER_STREAM, isRoomName, roomTopic } from "~/platform/contact/chat-rules";
import { replayEvents } from "~/platform/events/outbox.server";
import { liveStreamsFor } from "~/platform/events/streams.server";
import { isOpsTopic, MEMBER_TOPICS, type LiveEvent } from "~/platform/events/types";
import { startDatabase } from "~/platform/start.server";
import { withResourceHeaders } from "~/server/resource-headers.server";
import { getStaff, getViewer } from "~/utils/auth.server";
import { sseMessage } from "./__sse-message.server";

const EVENT_ID = /^\d{1,18}$/;

/**
 * The chat rooms the page has open (`?rooms=lobby,table-12`): their topics join
 * the member's; null for a malformed list or more than a few rooms.
 */
function roomTopics(url: URL): string[] | null {
  const list = url.searchParams.get("rooms");
  if (list === null || list === "") return [];
  const rooms = [...new Set(list.split(","))];
  if (rooms.length > CHAT_ROOMS_PER_STREAM || !rooms.every(isRoomName)) return null;
  return rooms.map(roomTopic);
}

/**
 * Who the stream is for and what it follows: an operator's session for
 * `?topics=ops:support` (staff who read support) and `ops:queues` (any staff:
 * it names a queue that moved, never what is in it), 403 for anyone else,
 * members included; else a member's session with the member topics and open
 * rooms; a Response when refused.
 */
async function audienceOf(request: Request, url: URL) {
  const asked = url.searchParams.get("topics");
  if (asked !== null) {
    const topics = [...new Set(asked.split(","))];
    if (!topics.every(isOpsTopic)) return new Response(null, { status: 400 });
    const staff = await getStaff(request);
    if (!staff || (topics.includes("ops:support") && !staff.permissions.has("support.view")))
      return new Response(null, { status: 403 });
    const operator = staff.viewer;
    return { sessionId: operator.sessionId, memberId: operator.member.id, topics };
  }
  const viewer = await getViewer(request);
  if (!viewer) return new Response(null, { status: 401 });
  const rooms = roomTopics(url);
  if (!rooms) return new Response(null, { status: 400 });
  const topics = [...MEMBER_TOPICS, ...rooms];
  return { sessionId: viewer.sessionId, memberId: viewer.member.id, topics };
}

/**
 * The live event channel (issue 16, ADR 22): server-sent events for a
 * signed-in member's session: 401 without one, 429 for a fourth open stream
 * (counted across processes), 400 for a malformed `?rooms=` list (the chat
 * rooms it follows besides the member's topics); an operator's for
 * `?topics=ops:support`. A reconnect's `Last-Event-ID` replays what the
 * outbox still holds, or asks the page to revalidate when it no longer
 * reaches back that far.
 */
async function loadResource({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const audience = await audienceOf(request, url);
  if (audience instanceof Response) return audience;
  const { sessionId, memberId, topics } = audience;
  const handle = await startDatabase();
  const streams = await liveStreamsFor(handle);
  const stream = await streams.open(sessionId, memberId, topics);
  if (!stream) return new Response(null, { status: 429, headers: { "Retry-After": "30" } });
  // `?after=` stands for Last-Event-ID when a page reopens its stream to follow another room
  // (a new EventSource sends no header), so nothing posted in between is lost.
  const lastId = request.headers.get("Last-Event-ID") ?? url.searchParams.get("after");
  let replayed: LiveEvent[] | null = [];
  try {
    if (lastId && EVENT_ID.test(lastId)) {
      replayed = await replayEvents(handle.db, lastId, {
        memberId,
        topics,
      });
    }
  } catch (error) {
    stream.close();
    throw error;
  }
  const response = eventStream(request.signal, (send, close) => {
    stream.attach(
      {
        event: (event) => send(sseMessage(event)),
        ping: () => send({ event: "ping", data: "" }),
        end: close,
      },
      replayed ?? [],
    );
    if (replayed === null) send({ event: "revalidate", data: "" });
    return () => stream.close(false);
  });
  // remix-serve's compression (and nginx) would hold the events back in a buffer: no-transform
  // and X-Accel-Buffering turn that off for this response.
  response.headers.set("Cache-Control", "no-cache, no-transform");
  response.headers.set("X-Accel-Buffering", "no");
  return response;
}

export const loader = withResourceHeaders(loadResource);
