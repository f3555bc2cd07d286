import type { Database } from "../db/open.server";

/**
 * The names members know vendor wallets by (the vendors' display names, as
 * on the vendor tiles). A vassalage the catalog does not list keeps its code, so a
 * wallet never shows up blank.
 */
export async function vendorDisplayNames(
  db: Database,
  vassalages: readonly string[],
): Promise<Record<string, string>> {
  const names: Record<string, string> = Object.fromEntries(vassalages.map((code) => [code, code]));
  if (vassalages.length === 0) return names;
  // One vendor can sit in several categories; the first by category names it.
  const rows = await db
    .selectFrom("vendors")
    .select(["vassalage", "display_name"])
    .where("vassalage", "in", [...vassalages])
    .orderBy("vassalage")
    .orderBy("category")
    .execute();
  const named = new Set<string>();
  for (const row of rows) {
    if (named.has(row.vassalage)) continue;
    named.add(row.vassalage);
    names[row.vassalage] = row.display_name;
  }
  return names;
}
