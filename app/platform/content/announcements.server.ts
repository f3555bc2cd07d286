import { getConfig } from "~/config.server";
import { cacheFor } from "../cache.server";
import { sanitizeContentHtml } from "./sanitize.server";
import type { Database } from "../db/open.server";

/** Announcement types (getListAnnouncements): B banner, PL player notice, PU popup, PR promotion, H headline. */
export const ANNOUNCEMENT_TYPES = ["B", "PL", "PU", "PR", "H"] as const;
/** Execution: A logged-in users, B visitors, F first-time login. */
export type Execution = "A" | "B" | "F";

export interface Announcement {
  id: number;
  type: string;
  title: string;
  contentHtml: string;
  promotionType: string | null;
  /** The promotion its "Go to promotion" opens in the reward centre, if any. */
  promotionCode: string | null;
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

/**
 * Who reads the announcements (by `execution`): visitors get B; a signed-in
 * member gets A, and on their first sign-in ever the F ones first.
 */
export function audienceOf(viewer: { firstLogin: boolean } | null): Execution[] {
  if (!viewer) return ["B"];
  return viewer.firstLogin ? ["F", "A"] : ["A"];
}

/** Announcements for an audience and language; sanitized once per cache fill, not per request. */
export async function listAnnouncements(
  db: Database,
  query: { audience: Execution[]; language: string; fallbackLanguage: string },
): Promise<NoticePayload> {
  const cache = cacheFor<NoticePayload>(db, "announcements", ttl);
  const read = async (language: string) =>
    mergePayloads(
      await Promise.all(
        query.audience.map((execution) =>
          cache.get(`${execution}:${language}`, () =>
            readAnnouncements(db, { execution, language }),
          ),
        ),
      ),
    );
  const payload = await read(query.language);
  const empty = Object.values(payload).every((list) => list.length === 0);
  return empty && query.language !== query.fallbackLanguage
    ? read(query.fallbackLanguage)
    : payload;
}

function mergePayloads(payloads: NoticePayload[]): NoticePayload {
  if (payloads.length === 1) return payloads[0]!;
  const merged = emptyPayload();
  for (const payload of payloads) {
    for (const key of Object.keys(merged) as (keyof NoticePayload)[])
      merged[key].push(...payload[key]);
  }
  return merged;
}

const emptyPayload = (): NoticePayload => ({
  banners: [],
  player: [],
  popup: [],
  promotion: [],
  headline: [],
});

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
  const payload = emptyPayload();
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
      promotionCode: row.promotion_code,
      publishedAt: new Date(row.published_at).toISOString(),
    });
  }
  return payload;
}
