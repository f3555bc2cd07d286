import { randomUUID } from "node:crypto";
import type { Database } from "../../app/platform/db/open.server";
import { findMemberByAccount } from "../../app/platform/identity/members.server";
import { DEMO_PROVIDER } from "../../app/platform/play/providers/demo.server";
import { credit, debit } from "../../app/platform/play/seamless-wallet.server";
import { firstSlotGame } from "../../app/platform/seed/seed-steps.server";
import { MAIN } from "../../app/platform/wallet/ledger.server";
import { insertHeldReferral } from "../../tests/helpers/referral";

/**
 * A settled losing round of `stake` (minor units) on a seeded slot, through
 * the seamless wallet as the demo provider would post it: the member's valid
 * bets grow by `stake`, paid from MAIN.
 */
export async function settledBet(db: Database, account: string, stake: number) {
  const member = await findMemberByAccount(db, account);
  if (!member) throw new Error(`settledBet: no account ${account}`);
  const game = await firstSlotGame(db);
  const round = `e2e-referral-${randomUUID()}`;
  const player = { memberId: member.id, account: MAIN, game } as const;
  await debit(db, DEMO_PROVIDER, player, { txId: round, roundId: round, amount: BigInt(stake) });
  await credit(db, DEMO_PROVIDER, player, { txId: `${round}:win`, roundId: round, amount: 0n });
}

/** A friend of `referrer` whose reward waits for the operator (accounts by name). */
export async function heldReferral(db: Database, referrer: string, friend: string) {
  const [from, to] = await Promise.all([
    findMemberByAccount(db, referrer),
    findMemberByAccount(db, friend),
  ]);
  if (!from || !to) throw new Error("heldReferral: unknown account");
  await insertHeldReferral(db, from.id, to.id);
}
