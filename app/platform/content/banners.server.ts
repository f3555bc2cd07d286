import { getConfig } from "~/config.server";
import { cacheFor } from "../cache.server";
import type { Database } from "../db/open.server";

export const BANNER_GROUPS = ["w_login", "w_register", "w_forget", "w_home", "w_leftmenu"] as const;
export type BannerGroup = (typeof BANNER_GROUPS)[number];

export interface Banner {
  id: number;
  title: string;
  url: string;
  linkUrl: string | null;
  linkageType: string;
  groupName: string;
}

/** Banners of one group for a language (rows without a language serve every language); cached. */
export function listBanners(db: Database, group: BannerGroup, language: string): Promise<Banner[]> {
  return cacheFor<Banner[]>(db, "banners", () => getConfig().CACHE_TTL_MS).get(
    `${group}|${language}`,
    () => readBanners(db, group, language),
  );
}

async function readBanners(db: Database, group: BannerGroup, language: string): Promise<Banner[]> {
  const rows = await db
    .selectFrom("banners")
    .selectAll()
    .where("enabled", "=", true)
    .where("group_name", "=", group)
    .where((eb) => eb.or([eb("language", "is", null), eb("language", "=", language)]))
    .orderBy("sort")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    url: row.image_url,
    linkUrl: row.link_url,
    linkageType: row.linkage_type,
    groupName: row.group_name,
  }));
}
