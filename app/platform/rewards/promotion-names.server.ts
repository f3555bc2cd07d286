import { inLanguage, isPromotionId } from "./promotion-rows.server";
import type { Database } from "../db/open.server";

/** How a message or a record names a promotion: its code (for `?promotion=`) and its title in the reader's language. */
export interface PromotionName {
  code: string;
  title: string;
}

/**
 * The promotions that messages and ledger entries name by id, in one query,
 * each by its code and its title in `language` (else the brand's fallback
 * language). Drafts are left out like everywhere members look; an id that
 * is not (or no longer) a promotion is simply missing from the answer, so
 * whoever shows it still renders without it.
 */
export async function promotionNames(
  db: Database,
  ids: Iterable<string | null | undefined>,
  options: { language: string; fallbackLanguage: string },
): Promise<Record<string, PromotionName>> {
  const wanted = [...new Set([...ids].filter((id): id is string => !!id && isPromotionId(id)))];
  if (wanted.length === 0) return {};
  const rows = await db
    .selectFrom("promotions")
    .select(["id", "code", "titles"])
    .where("id", "in", wanted)
    .where("status", "<>", "draft")
    .execute();
  return Object.fromEntries(
    rows.map((row) => [
      String(row.id),
      {
        code: row.code,
        title: inLanguage(row.titles, options.language, options.fallbackLanguage) || row.code,
      },
    ]),
  );
}

/** The promotion a ledger entry's `ref` names (`promotion:<id>`, ADR 15), if any. */
export const promotionIdOfRef = (ref: string | null) =>
  ref?.startsWith("promotion:") ? ref.slice("promotion:".length) : null;
