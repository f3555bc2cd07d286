import { playerAccounts } from "./player.server";
import type { Database } from "../db/open.server";
import { listGrants, type GrantRow } from "../rewards/grants-admin.server";
import type { StoredState } from "../rewards/promotion-types";
import { BONUS } from "../wallet/ledger.server";

/** How many bonuses and promotion entries a bonuses tab lists, newest first (its counts say how many in all). */
export const PLAYER_BONUSES_SHOWN = 25;

/** One of the member's entries in a promotion: joined, claimed, applied for, decided. */
export interface PlayerPromotionEntry {
  id: string;
  promotionId: string;
  promotionCode: string;
  /** "once", or the day or week of a repeating promotion. */
  periodKey: string;
  state: StoredState;
  amount: string | null;
  /** The member's words with an application, and staff's reason when it was turned down. */
  comment: string | null;
  rejectReason: string | null;
  /** The staff account that approved or rejected an application. */
  decidedBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface PlayerBonuses {
  /** What the BONUS account holds: the bonuses still being wagered. */
  bonusBalance: string;
  grants: { rows: GrantRow[]; total: number };
  entries: { rows: PlayerPromotionEntry[]; total: number };
}

/**
 * The member's bonuses (with their wagering: required and done, and when
 * each expires) and promotion entries (with who decided an application),
 * the latest of each and how many in all, and the bonus account's balance.
 */
export async function playerBonuses(db: Database, memberId: string): Promise<PlayerBonuses> {
  const [accounts, grants, entries, entryCount] = await Promise.all([
    playerAccounts(db, memberId),
    listGrants(db, { memberId, page: 1, pageSize: PLAYER_BONUSES_SHOWN }),
    db
      .selectFrom("promotion_entries as e")
      .innerJoin("promotions as p", "p.id", "e.promotion_id")
      .leftJoin("members as staff", "staff.id", "e.decided_by")
      .select([
        "e.id",
        "e.promotion_id",
        "p.code",
        "e.period_key",
        "e.state",
        "e.amount",
        "e.comment",
        "e.reject_reason",
        "staff.account as decided_by",
        "e.created_at",
        "e.updated_at",
      ])
      .where("e.member_id", "=", memberId)
      .orderBy("e.id", "desc")
      .limit(PLAYER_BONUSES_SHOWN)
      .execute(),
    db
      .selectFrom("promotion_entries")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("member_id", "=", memberId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    bonusBalance: accounts.find((account) => account.kind === BONUS)?.balance ?? "0",
    grants: { rows: grants.grants, total: grants.total },
    entries: {
      total: Number(entryCount.n),
      rows: entries.map((row) => ({
        id: String(row.id),
        promotionId: String(row.promotion_id),
        promotionCode: row.code,
        periodKey: row.period_key,
        state: row.state as StoredState,
        amount: row.amount === null ? null : String(row.amount),
        comment: row.comment,
        rejectReason: row.reject_reason,
        decidedBy: row.decided_by,
        createdAt: new Date(row.created_at).toISOString(),
        updatedAt: new Date(row.updated_at).toISOString(),
      })),
    },
  };
}
