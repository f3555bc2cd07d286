import { getConfig } from "~/config.server";
import { cacheFor, clearCaches } from "../cache.server";
import { promotionOf, type Promotion } from "./promotion-rows.server";
import { phaseAt } from "./promotion-states";
import type { PromotionKind } from "./promotion-types";
import type { Database } from "../db/open.server";

/** The read cache's name; content changes (promotion-admin publishes them) empty it in every process. */
const PROMOTIONS_CACHE = "promotions";

/**
 * Published promotions of one kind open at `now`, newest first, for what every
 * signed-in page shows (the header's claimable count, the referral menu). They
 * come from a per-process read cache: only the operator's screens change them,
 * and those empty it. Money and entries are never decided on this read; claims
 * lock the promotion row themselves.
 */
export async function openPromotions(
  db: Database,
  kind: PromotionKind,
  now = new Date(),
): Promise<Promotion[]> {
  const published = await cacheFor<Promotion[]>(
    db,
    PROMOTIONS_CACHE,
    () => getConfig().CACHE_TTL_MS,
  ).get(kind, async () =>
    (
      await db
        .selectFrom("promotions")
        .selectAll()
        .where("kind", "=", kind)
        .where("status", "=", "published")
        .orderBy("id", "desc")
        .execute()
    ).map(promotionOf),
  );
  return published.filter((promotion) => phaseAt(promotion, now) === "open");
}

/** Drops this process's copy at once; other processes drop theirs on the content change. */
export function forgetOpenPromotions(db: Database) {
  clearCaches(db, [PROMOTIONS_CACHE]);
}
