import { getConfig } from "~/config.server";
import { cacheFor } from "../cache.server";
import type { Database } from "../db/open.server";
import { sanitizeContentHtml } from "./sanitize.server";

/** §7 getListAnnouncements types: B banner, PL player notice, PU popup, PR promotion, H headline. */
export const ANNOUNCEMENT_TYPES = ["B", "PL", "PU", "PR", "H"] as const;
/** Execution: A logged-in users, B visitors, F first-time login. */
export type Execution = "A" | "B" | "F";

export interface Announcement {
  id: number;
  type: string;
  title: string;
  contentHtml: string;
  promotionType: string | null;
  publishedAt: string;
}

export interface NoticePayload {
  banners: Announcement[];
  player: Announcement[];
  popup: Announcement[];
  promotion: Announcement[];
  headline: Announcement[];
}

const ttl = () => getConfig().CACHE_TTL_MS;

/** Announcements for an audience and language; sanitized once per cache fill, not per request. */
export async function listAnnouncements(
  db: Database,
  query: { execution: Execution; language: string; fallbackLanguage: string },
): Promise<NoticePayload> {
  const cache = cacheFor<NoticePayload>(db, "announcements", ttl);
  const read = (language: string) =>
    cache.get(`${query.execution}:${language}`, () =>
      readAnnouncements(db, { execution: query.execution, language }),
    );
  const payload = await read(query.language);
  const empty = Object.values(payload).every((list) => list.length === 0);
  return empty && query.language !== query.fallbackLanguage
    ? read(query.fallbackLanguage)
    : payload;
}

async function readAnnouncements(
  db: Database,
  query: { execution: Execution; language: string },
): Promise<NoticePayload> {
  const rows = await db
    .selectFrom("announcements")
    .selectAll()
    .where("enabled", "=", true)
    .where("execution", "=", query.execution)
    .where("published_at", "<=", new Date())
    .where((eb) => eb.or([eb("language", "is", null), eb("language", "=", query.language)]))
    .orderBy("sort")
    .orderBy("published_at", "desc")
    .orderBy("id")
    .execute();
  const payload: NoticePayload = {
    banners: [],
    player: [],
    popup: [],
    promotion: [],
    headline: [],
  };
  const bucket: Record<string, Announcement[]> = {
    B: payload.banners,
    PL: payload.player,
    PU: payload.popup,
    PR: payload.promotion,
    H: payload.headline,
  };
  for (const row of rows) {
    bucket[row.type]?.push({
      id: row.id,
      type: row.type,
      title: row.title,
      contentHtml: sanitizeContentHtml(row.content_html),
      promotionType: row.promotion_type,
      publishedAt: new Date(row.published_at).toISOString(),
    });
  }
  return payload;
}
