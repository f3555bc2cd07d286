import type { Transaction } from "kysely";
import type { DB } from "../db/schema";
import { PlatformError } from "../errors";
import { isEligible } from "./eligibility";
import { memberStanding, type Promotion } from "./promotion-rows.server";
import { phaseAt } from "./promotion-states";

/** The promotion is open for a new entry: else coming soon, closed, or (not showing) not found. */
export function assertOpen(promotion: Promotion, now: Date) {
  const phase = phaseAt(promotion, now);
  if (phase === "coming_soon") throw new PlatformError("promotion_coming_soon");
  if (phase === "close") throw new PlatformError("promotion_closed");
  if (phase === "hidden") throw new PlatformError("promotion_not_found");
}

/** The member may start an entry in this promotion (`promotion_not_eligible` otherwise). */
export async function assertEligible(
  trx: Transaction<DB>,
  promotion: Promotion,
  memberId: string,
  now: Date,
) {
  if (!isEligible(promotion, await memberStanding(trx, memberId), now))
    throw new PlatformError("promotion_not_eligible");
}
