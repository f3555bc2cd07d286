import { createHash } from "node:crypto";
import { sql, type Transaction } from "kysely";
import type { Database } from "../db/open.server";
import type { DB } from "../db/schema";
import { inTransaction } from "../db/transaction.server";
import { PlatformError } from "../errors";
import { runningBreakEnd } from "../protection/breaks.server";
import { assertRealityClear } from "../protection/reality.server";
import {
  checkMaxBet,
  countTurnover,
  refusedAbove,
  wageringBonus,
} from "../rewards/turnover.server";
import { HOUSE, postEntry, type MemberAccountKind } from "../wallet/ledger.server";
import type { SessionGame } from "./providers/ports";
import { checkPlayLimits } from "../protection/limits-usage.server";

/**
 * The seamless wallet (the game provider port, ADR 11): what a provider calls
 * while a member plays. Each call carries the provider's own transaction id,
 * which is its idempotency key: the same call again returns the first result
 * (`replayed`), the same id with other parameters is `duplicate_transaction`.
 *
 * - debit: a stake leaves the member's account for HOUSE:GAMES and opens (or
 *   adds to) the round's `bets` row;
 * - credit: a win (0 allowed, to close a lost round) comes back and settles
 *   the round; a credit for a round with no bet is `bet_not_found`;
 * - rollback: returns a debit's stake and voids what is left of the round. A
 *   rollback of a debit we never saw is accepted and remembered, so that the
 *   debit, should it arrive late, is refused (`transaction_rolled_back`).
 *
 * The provider transaction row, the ledger entry and the bet row are written
 * in one database transaction, so a failure leaves none of them.
 */

export interface SeamlessPlayer {
  memberId: string;
  /** MAIN, or the vendor's own wallet for a transfer-wallet vendor. */
  account: MemberAccountKind;
  game: SessionGame;
}

export interface WalletCall {
  txId: string;
  roundId: string;
  /** Minor units. */
  amount: bigint;
  /** The provider's account of the round (outcome, ticket …), kept on the bet. */
  detail?: Record<string, unknown>;
  at?: Date;
}

export interface WalletResult {
  txId: string;
  /** The account's balance after the call (now, for a replay). */
  balance: bigint;
  replayed: boolean;
}

const TX_ID = /^[A-Za-z0-9:_.-]{1,128}$/;

function checkCall(txId: string, roundId: string, amount: bigint, allowZero: boolean) {
  if (!TX_ID.test(txId) || !TX_ID.test(roundId)) throw new PlatformError("invalid_transaction");
  if (amount < 0n || (!allowZero && amount === 0n)) throw new PlatformError("invalid_amount");
}

const hashOf = (parts: unknown[]) =>
  createHash("sha256").update(JSON.stringify(parts)).digest("hex");

const betRef = (game: SessionGame, roundId: string) => `bet:${game.vassalage}:${roundId}`;

async function balanceOf(db: Database | Transaction<DB>, player: SeamlessPlayer): Promise<bigint> {
  const row = await db
    .selectFrom("accounts")
    .select("balance")
    .where("member_id", "=", player.memberId)
    .where("kind", "=", player.account)
    .executeTakeFirst();
  return BigInt(row?.balance ?? "0");
}

/** The member's balance for this game, as a provider asks for it before play. */
export function seamlessBalance(db: Database, player: SeamlessPlayer): Promise<bigint> {
  return balanceOf(db, player);
}

type TxKind = "debit" | "credit" | "rollback";

/**
 * Claims the transaction id for this call. Returns false when the id was
 * claimed before by the very same call (a replay); throws when it was claimed
 * by a different one. A concurrent claim of the same id waits for ours.
 */
async function claim(
  trx: Transaction<DB>,
  provider: string,
  kind: TxKind,
  player: SeamlessPlayer,
  call: { txId: string; roundId: string; amount: bigint; refTxId?: string },
  state: "applied" | "tombstone" = "applied",
): Promise<boolean> {
  const hash = hashOf([
    kind,
    player.memberId,
    player.game.vassalage,
    call.roundId,
    call.amount.toString(),
    call.refTxId ?? null,
  ]);
  const inserted = await trx
    .insertInto("provider_transactions")
    .values({
      provider,
      tx_id: call.txId,
      kind,
      member_id: player.memberId,
      vassalage: player.game.vassalage,
      round_id: call.roundId,
      amount: call.amount.toString(),
      ref_tx_id: call.refTxId ?? null,
      request_hash: hash,
      state,
      created_at: new Date(),
    })
    .onConflict((oc) => oc.columns(["provider", "tx_id"]).doNothing())
    .returning("tx_id")
    .executeTakeFirst();
  if (inserted) return true;
  const first = await trx
    .selectFrom("provider_transactions")
    .select("request_hash")
    .where("provider", "=", provider)
    .where("tx_id", "=", call.txId)
    .executeTakeFirstOrThrow();
  if (first.request_hash !== hash) throw new PlatformError("duplicate_transaction");
  return false;
}

/** A bet: the stake leaves the member's account and the round is open. */
export function debit(
  db: Database,
  provider: string,
  player: SeamlessPlayer,
  call: WalletCall,
): Promise<WalletResult> {
  checkCall(call.txId, call.roundId, call.amount, false);
  const at = call.at ?? new Date();
  return inTransaction(db, async (trx) => {
    // One statement: was this debit rolled back already, and is the member on a break (issue 17)?
    const checks = await trx
      .selectNoFrom((eb) => [
        eb
          .selectFrom("provider_transactions")
          .select("tx_id")
          .where("provider", "=", provider)
          .where("ref_tx_id", "=", call.txId)
          .where("kind", "=", "rollback")
          .limit(1)
          .as("rolled_back"),
        runningBreakEnd(player.memberId, at).as("break_until"),
      ])
      .executeTakeFirstOrThrow();
    if (checks.rolled_back) throw new PlatformError("transaction_rolled_back");
    if (checks.break_until)
      throw new PlatformError("member_on_break", {
        until: new Date(checks.break_until).toISOString(),
      });
    if (!(await claim(trx, provider, "debit", player, call))) {
      return { txId: call.txId, balance: await balanceOf(trx, player), replayed: true };
    }
    // After the replay check: a stake already taken stays answered the same way.
    await assertRealityClear(trx, player.memberId, at);
    await checkPlayLimits(trx, player.memberId, call.amount, at);
    const entry = await postEntry(trx, {
      key: `bet:${player.game.vassalage}:${call.txId}`,
      kind: "bet",
      memberId: player.memberId,
      ref: betRef(player.game, call.roundId),
      memo: { provider, txId: call.txId },
      at,
      movements: [
        {
          from: { memberId: player.memberId, kind: player.account },
          to: { house: HOUSE.games },
          amount: call.amount,
        },
      ],
    });
    // A round takes stakes while it is open (and only from the member who opened it).
    const round = await trx
      .insertInto("bets")
      .values({
        member_id: player.memberId,
        vassalage: player.game.vassalage,
        round_id: call.roundId,
        category: player.game.category,
        game_code: player.game.gameCode,
        game_name: player.game.gameName,
        node_id: player.game.nodeId,
        stake: call.amount.toString(),
        valid_bet: "0",
        payout: "0",
        status: "open",
        placed_at: at,
        detail: call.detail ? JSON.stringify(call.detail) : null,
      })
      .onConflict((oc) =>
        oc
          .columns(["vassalage", "round_id"])
          .doUpdateSet({ stake: sql`bets.stake + excluded.stake` })
          .where("bets.status", "=", "open")
          .where("bets.member_id", "=", player.memberId),
      )
      .returning(["id", "stake", refusedAbove.as("max_bet")])
      .executeTakeFirst();
    if (!round) throw new PlatformError("round_closed");
    // A bonus being wagered may cap the bet: refused here, the whole call leaves nothing behind.
    checkMaxBet(round);
    const balance = entry.postings.find(
      (posting) => posting.memberId === player.memberId,
    )!.balanceAfter;
    return { txId: call.txId, balance, replayed: false };
  });
}

async function lockRound(trx: Transaction<DB>, player: SeamlessPlayer, roundId: string) {
  return trx
    .selectFrom("bets")
    .select(["id", "stake", "status"])
    .where("vassalage", "=", player.game.vassalage)
    .where("round_id", "=", roundId)
    .where("member_id", "=", player.memberId)
    .forUpdate()
    .executeTakeFirst();
}

/** A win (or 0 for a loss): the payout comes back and the round is settled. */
export function credit(
  db: Database,
  provider: string,
  player: SeamlessPlayer,
  call: WalletCall,
): Promise<WalletResult> {
  checkCall(call.txId, call.roundId, call.amount, true);
  const at = call.at ?? new Date();
  return inTransaction(db, async (trx) => {
    if (!(await claim(trx, provider, "credit", player, call))) {
      return { txId: call.txId, balance: await balanceOf(trx, player), replayed: true };
    }
    // Settles the round in one statement; only when nothing matched, find out why.
    const settled = await trx
      .updateTable("bets")
      .set({
        payout: sql`payout + ${call.amount.toString()}::bigint`,
        valid_bet: sql`stake`,
        status: "settled",
        settled_at: at,
        ...(call.detail ? { detail: JSON.stringify(call.detail) } : {}),
      })
      .where("vassalage", "=", player.game.vassalage)
      .where("round_id", "=", call.roundId)
      .where("member_id", "=", player.memberId)
      .where("status", "<>", "void")
      .returning([
        "id",
        "member_id",
        "category",
        "stake",
        "valid_bet",
        "placed_at",
        wageringBonus.as("wagering"),
      ])
      .executeTakeFirst();
    if (!settled)
      throw new PlatformError(
        (await lockRound(trx, player, call.roundId)) ? "round_closed" : "bet_not_found",
      );
    // Before the win's entry: bonus grants are locked before ledger accounts (bonus-grants.server).
    if (settled.wagering) await countTurnover(trx, settled, at);
    let balance: bigint | null = null;
    if (call.amount > 0n) {
      const entry = await postEntry(trx, {
        key: `win:${player.game.vassalage}:${call.txId}`,
        kind: "win",
        memberId: player.memberId,
        ref: betRef(player.game, call.roundId),
        memo: { provider, txId: call.txId },
        at,
        movements: [
          {
            from: { house: HOUSE.games },
            to: { memberId: player.memberId, kind: player.account },
            amount: call.amount,
          },
        ],
      });
      balance = entry.postings.find(
        (posting) => posting.memberId === player.memberId,
      )!.balanceAfter;
    }
    return { txId: call.txId, balance: balance ?? (await balanceOf(trx, player)), replayed: false };
  });
}

/** Undoes a debit (`refTxId`) of an open round: its stake returns, the round is void when nothing is left. */
export function rollback(
  db: Database,
  provider: string,
  player: SeamlessPlayer,
  call: { txId: string; refTxId: string; roundId: string; at?: Date },
): Promise<WalletResult> {
  checkCall(call.txId, call.roundId, 0n, true);
  if (!TX_ID.test(call.refTxId)) throw new PlatformError("invalid_transaction");
  const at = call.at ?? new Date();
  return inTransaction(db, async (trx) => {
    const bet = await trx
      .selectFrom("provider_transactions")
      .select(["amount", "state", "member_id", "round_id"])
      .where("provider", "=", provider)
      .where("tx_id", "=", call.refTxId)
      .where("kind", "=", "debit")
      .forUpdate()
      .executeTakeFirst();
    const mine = bet && bet.member_id === player.memberId && bet.round_id === call.roundId;
    const amount = mine ? BigInt(bet.amount) : 0n;
    // Unknown debit: remember the rollback (a tombstone) so the debit is refused if it comes late.
    const fresh = await claim(
      trx,
      provider,
      "rollback",
      player,
      { ...call, amount },
      mine ? "applied" : "tombstone",
    );
    if (!fresh || !mine)
      return { txId: call.txId, balance: await balanceOf(trx, player), replayed: !fresh };
    if (bet.state === "rolled_back") throw new PlatformError("transaction_rolled_back");
    const round = await lockRound(trx, player, call.roundId);
    if (!round || round.status !== "open") throw new PlatformError("round_closed");
    const entry = await postEntry(trx, {
      key: `bet_refund:${player.game.vassalage}:${call.txId}`,
      kind: "bet_refund",
      memberId: player.memberId,
      ref: betRef(player.game, call.roundId),
      memo: { provider, txId: call.txId, refTxId: call.refTxId },
      at,
      movements: [
        {
          from: { house: HOUSE.games },
          to: { memberId: player.memberId, kind: player.account },
          amount,
        },
      ],
    });
    await trx
      .updateTable("provider_transactions")
      .set({ state: "rolled_back" })
      .where("provider", "=", provider)
      .where("tx_id", "=", call.refTxId)
      .execute();
    const left = BigInt(round.stake) - amount;
    await trx
      .updateTable("bets")
      .set(left > 0n ? { stake: left.toString() } : { stake: "0", status: "void", settled_at: at })
      .where("id", "=", round.id)
      .execute();
    const balance = entry.postings.find(
      (posting) => posting.memberId === player.memberId,
    )!.balanceAfter;
    return { txId: call.txId, balance, replayed: false };
  });
}
