import type { Kysely } from "kysely";
import { clearAllCaches } from "../cache.server";
import { eventHubFor } from "./hub.server";
import { publishEvent } from "./outbox.server";
import type { ContentKind, LiveEvent } from "./types";
import type { Database, DatabaseHandle } from "../db/open.server";
import type { DB } from "../db/schema";

/** The topic of content changes; the `announcements` topic (ADR 22) invalidates as well. */
export const CONTENT_TOPIC = "content";

/**
 * Announces that visitors' pages changed. Pass the writing transaction: the
 * NOTIFY goes out on commit, so no process drops its cache for a change that
 * rolled back, nor before the change is visible to its re-render.
 */
export function publishContentChange(db: Kysely<DB>, kind: ContentKind) {
  return publishEvent(db, {
    audience: { topic: CONTENT_TOPIC },
    type: "content_changed",
    data: { kind },
  });
}

/**
 * The read caches behind visitors' pages. A page re-rendered after a change
 * must not be rebuilt from a read cache that still holds the old content.
 * Every read cache holds such content (settings, the catalog, banners,
 * announcements, promotions), so a change empties them all.
 */
export function clearContentCaches(db: Database) {
  clearAllCaches(db);
}

/**
 * Calls `changed` whenever any process commits a content change or an
 * announcement, after this process's content caches were dropped. Resolves
 * once listening; the returned function stops it.
 */
export async function onContentChange(
  handle: DatabaseHandle,
  changed: (event: LiveEvent) => void,
): Promise<() => void> {
  const hub = await eventHubFor(handle);
  return hub.subscribe([{ topic: CONTENT_TOPIC }, { topic: "announcements" }], (event) => {
    clearContentCaches(handle.db);
    changed(event);
  });
}
