import { getConfig } from "~/config.server";
import { audit, type OperatorAct } from "../audit/audit.server";
import { cacheFor } from "../cache.server";
import { type ANNOUNCEMENT_TYPES, type NoticePayload } from "./announcements.server";
import { sanitizeContentHtml } from "./sanitize.server";
import type { Database } from "../db/open.server";
import { inTransaction } from "../db/transaction.server";
import { PlatformError } from "../errors";
import { publishEvent } from "../events/outbox.server";

/**
 * The operators' announcements (issue 16): every change (a new one, an edit,
 * publishing, unpublishing, deleting) is audited and announced on the
 * `announcements` topic in its own transaction, so members' open pages and
 * any page cache listening to that event refresh, and nothing is announced
 * that did not happen.
 */
export const EXECUTIONS = ["A", "B", "F"] as const;
const ID = /^\d{1,9}$/;

export interface AnnouncementInput {
  type: (typeof ANNOUNCEMENT_TYPES)[number];
  execution: (typeof EXECUTIONS)[number];
  title: string;
  /** As typed; stored sanitized. */
  contentHtml: string;
  /** null: every language. */
  language: string | null;
  sort: number;
  /** When it starts to show: now or later. */
  publishedAt: Date;
  enabled: boolean;
}

export interface OpsAnnouncement extends AnnouncementInput {
  id: number;
}

const toView = (row: {
  id: number;
  type: string;
  execution: string;
  title: string;
  content_html: string;
  language: string | null;
  sort: number;
  published_at: Date | string;
  enabled: boolean;
}): OpsAnnouncement => ({
  id: row.id,
  type: row.type as AnnouncementInput["type"],
  execution: row.execution as AnnouncementInput["execution"],
  title: row.title,
  contentHtml: row.content_html,
  language: row.language,
  sort: row.sort,
  publishedAt: new Date(row.published_at),
  enabled: row.enabled,
});

const columns = [
  "id",
  "type",
  "execution",
  "title",
  "content_html",
  "language",
  "sort",
  "published_at",
  "enabled",
] as const;

/** Every announcement, newest start first. */
export async function listAnnouncementsForOps(db: Database): Promise<OpsAnnouncement[]> {
  const rows = await db
    .selectFrom("announcements")
    .select(columns)
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toView);
}

export async function findAnnouncement(db: Database, id: string) {
  if (!ID.test(id)) return null;
  const row = await db
    .selectFrom("announcements")
    .select(columns)
    .where("id", "=", Number(id))
    .executeTakeFirst();
  return row ? toView(row) : null;
}

/**
 * Runs an announcement change with its event and audit in one transaction,
 * then drops this process's cached lists (other processes' expire within the
 * cache's TTL; a page cache follows the event).
 */
async function changeAnnouncements<T>(
  db: Database,
  change: (trx: Database) => Promise<{ id: number; result: T }>,
  event: { act: OperatorAct; name: Parameters<typeof audit>[1]; detail: Record<string, unknown> },
): Promise<T> {
  const result = await inTransaction(db, async (trx) => {
    const { id, result } = await change(trx);
    await publishEvent(trx, {
      audience: { topic: "announcements" },
      type: "announcement",
      data: { id: String(id) },
    });
    await audit(trx, event.name, event.act.context, {
      target: { type: "announcement", id: String(id) },
      detail: event.detail,
    });
    return result;
  });
  cacheFor<NoticePayload>(db, "announcements", () => getConfig().CACHE_TTL_MS).clear();
  return result;
}

/** Creates (id null) or edits an announcement. Throws `announcement_not_found`. */
export async function saveAnnouncement(
  db: Database,
  id: string | null,
  input: AnnouncementInput,
  act: OperatorAct,
): Promise<number> {
  if (id !== null && !ID.test(id)) throw new PlatformError("announcement_not_found");
  const values = {
    type: input.type,
    execution: input.execution,
    title: input.title,
    content_html: sanitizeContentHtml(input.contentHtml),
    language: input.language,
    sort: input.sort,
    published_at: input.publishedAt,
    enabled: input.enabled,
  };
  return changeAnnouncements(
    db,
    async (trx) => {
      const row =
        id === null
          ? await trx.insertInto("announcements").values(values).returning("id").executeTakeFirst()
          : await trx
              .updateTable("announcements")
              .set(values)
              .where("id", "=", Number(id))
              .returning("id")
              .executeTakeFirst();
      if (!row) throw new PlatformError("announcement_not_found");
      return { id: row.id, result: row.id };
    },
    { act, name: "announcement_saved", detail: { created: id === null, enabled: input.enabled } },
  );
}

/** Publishes or unpublishes. Throws `announcement_not_found`. */
export async function setAnnouncementEnabled(
  db: Database,
  id: string,
  enabled: boolean,
  act: OperatorAct,
) {
  if (!ID.test(id)) throw new PlatformError("announcement_not_found");
  return changeAnnouncements(
    db,
    async (trx) => {
      const row = await trx
        .updateTable("announcements")
        .set({ enabled })
        .where("id", "=", Number(id))
        .returning("id")
        .executeTakeFirst();
      if (!row) throw new PlatformError("announcement_not_found");
      return { id: row.id, result: undefined };
    },
    { act, name: "announcement_status_changed", detail: { enabled } },
  );
}

/** Deletes for good (unpublishing keeps it). Throws `announcement_not_found`. */
export async function deleteAnnouncement(db: Database, id: string, act: OperatorAct) {
  if (!ID.test(id)) throw new PlatformError("announcement_not_found");
  return changeAnnouncements(
    db,
    async (trx) => {
      const row = await trx
        .deleteFrom("announcements")
        .where("id", "=", Number(id))
        .returning(["id", "title"])
        .executeTakeFirst();
      if (!row) throw new PlatformError("announcement_not_found");
      return { id: row.id, result: undefined };
    },
    { act, name: "announcement_deleted", detail: {} },
  );
}
