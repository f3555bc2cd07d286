import { getConfig } from "~/config.server";
import { cacheFor } from "../cache.server";
import { parseBrandConfig, type BrandConfig } from "./brand-config.server";
import type { Database } from "../db/open.server";
import { publishContentChange } from "../events/content-changes.server";

export interface StatusSettings {
  maintenance: boolean;
}

const statusTtl = () => getConfig().STATUS_CACHE_MS;

async function readSetting(db: Database, key: string): Promise<unknown> {
  const row = await db
    .selectFrom("settings")
    .select("value")
    .where("key", "=", key)
    .executeTakeFirst();
  return row?.value;
}

export async function writeSetting(db: Database, key: string, value: unknown) {
  const json = JSON.stringify(value);
  await db
    .insertInto("settings")
    .values({ key, value: json })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: json, updated_at: new Date() }))
    .execute();
  // After the write (callers may pass a transaction): announced only once visible.
  // Maintenance is checked per request, never cached in pages; the brand is in every page.
  if (key === "brand") await publishContentChange(db, "brand");
  cacheFor(db, "settings", statusTtl).delete(key);
}

/** The brand config lives in the database; a missing one is a deployment error. */
export function getBrandConfig(db: Database): Promise<BrandConfig> {
  return cacheFor<BrandConfig>(db, "settings", statusTtl).get("brand", async () => {
    const value = await readSetting(db, "brand");
    if (value === undefined) {
      throw new Error(
        "No brand config in the database: start once with SEED_DEMO=true or load a brand file",
      );
    }
    return parseBrandConfig(value);
  });
}

export function getStatusSettings(db: Database): Promise<StatusSettings> {
  return cacheFor<StatusSettings>(db, "settings", statusTtl).get("status", async () => {
    const value = (await readSetting(db, "status")) as Partial<StatusSettings> | undefined;
    return { maintenance: value?.maintenance === true };
  });
}

export function setMaintenance(db: Database, maintenance: boolean) {
  return writeSetting(db, "status", { maintenance });
}
