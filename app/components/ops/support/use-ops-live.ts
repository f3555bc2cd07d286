import { useRevalidator } from "@remix-run/react";
import { startTransition, useEffect, useRef, useState } from "react";

/** Several members writing at once cost one re-read. */
const REVALIDATE_AFTER_MS = 150;
const POLL_MS = 5000;

/**
 * The operators' live channel (issue 16): the back office follows the
 * `ops:support` topic on /resources/events and re-reads its loaders (the
 * nav's unread badge, the queue, the open conversation) when a member writes.
 * Where no stream can be had (no EventSource, or refused: a fourth tab is a
 * 429) the support screens fall back to re-reading every 5 s while visible,
 * so they never go stale. Without JavaScript a reload shows the queue.
 * Only staff who may read support follow it. The staff home adds the
 * `ops:queues` topic (a queue it counts grew or shrank) on the same stream.
 * `topics` are those the page follows (none: no stream). Returns whether the
 * stream is connected.
 */
export function useOpsLive({
  pollWithoutStream,
  topics,
}: {
  pollWithoutStream: boolean;
  topics: readonly ("ops:support" | "ops:queues")[];
}) {
  const followed = topics.join(",");
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  useEffect(() => {
    latest.current = revalidator;
  });
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (!followed || typeof EventSource === "undefined") return;
    const source = new EventSource(`/resources/events?topics=${followed}`);
    let timer: ReturnType<typeof setTimeout> | null = null;
    const revalidate = () => {
      timer ??= setTimeout(() => {
        timer = null;
        startTransition(() => latest.current.revalidate());
      }, REVALIDATE_AFTER_MS);
    };
    source.addEventListener("open", () => startTransition(() => setConnected(true)));
    source.addEventListener("error", () => startTransition(() => setConnected(false)));
    source.addEventListener("support_queue", revalidate);
    source.addEventListener("ops_queue", revalidate);
    source.addEventListener("revalidate", revalidate);
    return () => {
      source.close();
      if (timer) clearTimeout(timer);
    };
  }, [followed]);

  useEffect(() => {
    if (connected || !pollWithoutStream) return;
    const poll = setInterval(() => {
      if (document.visibilityState === "visible" && latest.current.state === "idle")
        latest.current.revalidate();
    }, POLL_MS);
    return () => clearInterval(poll);
  }, [connected, pollWithoutStream]);

  return connected;
}
