import { randomUUID } from "node:crypto";
import type { Database } from "../../app/platform/db/open.server";
import { findMemberByAccount } from "../../app/platform/identity/members.server";
import { DEMO_PROVIDER } from "../../app/platform/play/providers/demo.server";
import { credit, debit } from "../../app/platform/play/seamless-wallet.server";
import { MAIN } from "../../app/platform/wallet/ledger.server";

/**
 * A settled losing round of `stake` (minor units) on a seeded slot, through
 * the seamless wallet as the demo provider would post it: the member's valid
 * bets grow by `stake`, paid from MAIN.
 */
export async function settledBet(db: Database, account: string, stake: number) {
  const member = await findMemberByAccount(db, account);
  if (!member) throw new Error(`settledBet: no account ${account}`);
  const row = await db
    .selectFrom("games")
    .select(["node_id", "vassalage", "category", "game_code", "name"])
    .where("category", "=", "RNG")
    .orderBy("node_id")
    .limit(1)
    .executeTakeFirstOrThrow();
  const game = {
    nodeId: row.node_id,
    vassalage: row.vassalage,
    category: row.category,
    gameCode: row.game_code,
    gameName: row.name,
  };
  const round = `e2e-referral-${randomUUID()}`;
  const player = { memberId: member.id, account: MAIN, game } as const;
  await debit(db, DEMO_PROVIDER, player, { txId: round, roundId: round, amount: BigInt(stake) });
  await credit(db, DEMO_PROVIDER, player, { txId: `${round}:win`, roundId: round, amount: 0n });
}

/** A friend of `referrer` whose reward waits for the operator (as the scheduler holds a same-IP friend). */
export async function heldReferral(db: Database, referrer: string, friend: string) {
  const [from, to] = await Promise.all([
    findMemberByAccount(db, referrer),
    findMemberByAccount(db, friend),
  ]);
  if (!from || !to) throw new Error("heldReferral: unknown account");
  const promotion = await db
    .selectFrom("promotions")
    .select("id")
    .where("code", "=", "invite-friends")
    .executeTakeFirstOrThrow();
  await db.insertInto("referrals").values({ friend_id: to.id, referrer_id: from.id }).execute();
  await db
    .insertInto("referral_rewards")
    .values({
      friend_id: to.id,
      referrer_id: from.id,
      promotion_id: promotion.id,
      status: "held",
      hold_reason: "same_ip",
      amount: "10000",
      qualified_at: new Date(),
    })
    .execute();
}
