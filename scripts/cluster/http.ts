// What the cluster scripts do over HTTP, as a browser would: sign in through
// the login form, follow a member's event stream.
import { request as httpRequest } from "node:http";

/**
 * Signs in through the login form: the session cookie (name=value, null when
 * refused) and the process that answered (haproxy's `X-Portal`, when through it).
 */
export async function signIn(base: string, account: string, password: string) {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username: account, password }),
  });
  await response.arrayBuffer();
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0]!)
    .find((pair) => pair.startsWith("session=") && !pair.endsWith("="));
  return {
    cookie: response.status === 302 && cookie ? cookie : null,
    servedBy: response.headers.get("X-Portal"),
  };
}

export const login = async (base: string, account: string, password: string) =>
  (await signIn(base, account, password)).cookie;

export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
  at: number;
}

export interface EventFollower {
  status: number;
  events: SseEvent[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
  /** Waits until an event matches, up to `ms`. */
  waitFor(match: (event: SseEvent) => boolean, ms?: number): Promise<SseEvent>;
}

/** Opens `/resources/events` with a session cookie (and optionally Last-Event-ID) and collects what arrives. */
export function followEvents(
  base: string,
  cookie: string,
  options: { rooms?: string; lastEventId?: string } = {},
): Promise<EventFollower> {
  const url = new URL("/resources/events", base);
  if (options.rooms) url.searchParams.set("rooms", options.rooms);
  return new Promise((resolve, reject) => {
    const events: SseEvent[] = [];
    const waiters = new Set<() => void>();
    let endStream: () => void = () => undefined;
    const ended = new Promise<void>((done) => (endStream = done));
    const req = httpRequest(url, {
      headers: {
        Cookie: cookie,
        Accept: "text/event-stream",
        ...(options.lastEventId ? { "Last-Event-ID": options.lastEventId } : {}),
      },
    });
    req.on("error", (error) => {
      endStream();
      reject(error);
    });
    req.on("response", (res) => {
      let buffer = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let at: number;
        while ((at = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const event: SseEvent = { id: null, event: "message", data: "", at: Date.now() };
          for (const line of block.split("\n")) {
            const colon = line.indexOf(": ");
            const [field, value] =
              colon >= 0 ? [line.slice(0, colon), line.slice(colon + 2)] : [line, ""];
            if (field === "id") event.id = value;
            else if (field === "event") event.event = value;
            else if (field === "data") event.data = value;
          }
          events.push(event);
          for (const wake of [...waiters]) wake();
        }
      });
      res.on("end", endStream);
      res.on("close", endStream);
      resolve({
        status: res.statusCode ?? 0,
        events,
        ended,
        close: () => req.destroy(),
        waitFor: (match, ms = 5_000) =>
          new Promise((found, fail) => {
            const check = () => {
              const hit = events.find(match);
              if (!hit) return;
              waiters.delete(check);
              clearTimeout(timer);
              found(hit);
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no matching event within ${ms} ms`));
            }, ms);
            waiters.add(check);
            check();
          }),
      });
    });
    req.end();
  });
}
