import type { LiveEvent } from "~/platform/events/types";

/**
 * One live event as remix-utils' eventStream writes it. It writes only
 * `event:` and `data:` lines, so the id rides on the event line (outbox ids
 * are digits) and the browser's EventSource sends it back as Last-Event-ID.
 * The data is one JSON line: JSON escapes line breaks, which would end the event.
 */
export function sseMessage(event: LiveEvent): { event: string; data: string } {
  return { event: `${event.type}\nid: ${event.id}`, data: JSON.stringify(event.data) };
}
