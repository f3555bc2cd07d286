import { sql } from "kysely";
import { inTransaction } from "../../db/transaction.server";
import { debit } from "../seamless-wallet.server";
import { drawInterval, ensureDraws, LOTTERY_PROVIDER, settleDueDraws } from "./draws.server";
import type { LotteryGame } from "./menu.server";
import { LOTTERY_VENDORS } from "./pages";
import { betKindOf, parseSelection, selectionText } from "./rules";
import { openDrawNo } from "./schedule";
import type { Database } from "../../db/open.server";
import { PlatformError } from "../../errors";
import { type MemberAccountKind } from "../../wallet/ledger.server";

/** The largest stake of one bet, in minor units: a demo, not a high-roller room. */
export const MAX_LOTTERY_STAKE = 100_000_000n;

const ROUND_KEY = /^[A-Za-z0-9_-]{16,64}$/;

export interface LotteryBetRequest {
  memberId: string;
  /** The account the vendor's bets are paid from: playAccount(brand.wallet, vassalage). */
  account: MemberAccountKind;
  game: LotteryGame;
  betKind: string;
  /** As the form sent it: one value per picked number, or the option. */
  selection: readonly string[];
  stake: bigint;
  /** The draw the form was showing: a bet is only ever on the open draw. */
  drawNo: number;
  /** The form's round key: the same form posted twice is one bet. */
  key: string;
  now?: Date;
  interval?: number;
}

export interface PlacedLotteryBet {
  roundId: string;
  drawNo: number;
  balance: bigint;
  replayed: boolean;
}

/**
 * A bet on the open draw of a lottery game: the stake is debited through the
 * seamless wallet (round `<gameCode>-<drawNo>-<key>`), the ticket kept on the
 * bet's detail. Refused, with nothing written: an unknown bet kind
 * (`unknown_bet_kind`), a bad selection (`invalid_selection`), a stake out of
 * range, a draw that is not the open one or has closed (`draw_closed`),
 * and whatever the wallet refuses (insufficient_balance …).
 */
export async function placeLotteryBet(
  db: Database,
  request: LotteryBetRequest,
): Promise<PlacedLotteryBet> {
  const now = request.now ?? new Date();
  const interval = request.interval ?? drawInterval();
  const { game } = request;
  const kind = betKindOf(game.type, request.betKind);
  if (!kind) throw new PlatformError("unknown_bet_kind");
  const selection = parseSelection(kind, request.selection);
  if (selection === null) throw new PlatformError("invalid_selection");
  if (request.stake <= 0n || request.stake > MAX_LOTTERY_STAKE) {
    throw new PlatformError("amount_out_of_range", { min: 1, max: MAX_LOTTERY_STAKE.toString() });
  }
  if (!ROUND_KEY.test(request.key)) throw new PlatformError("invalid_transaction");
  if (request.drawNo !== openDrawNo(now, interval)) throw new PlatformError("draw_closed");

  // A bet settles what is due first, as a page load does (settling is lazy).
  await settleDueDraws(db, now);
  await ensureDraws(db, game.gameCode, [request.drawNo], interval);
  const roundId = `${game.gameCode}-${request.drawNo}-${request.key}`;
  return inTransaction(db, async (trx) => {
    // Shared: bets go on side by side; the settler's exclusive lock waits for them, or they for it.
    const draw = await trx
      .selectFrom("lottery_draws")
      .select(["closes_at", "drawn_at"])
      .where("game_code", "=", game.gameCode)
      .where("draw_no", "=", String(request.drawNo))
      .forShare()
      .executeTakeFirst();
    if (!draw || draw.drawn_at !== null || new Date(draw.closes_at) <= now)
      throw new PlatformError("draw_closed");
    const result = await debit(
      trx,
      LOTTERY_PROVIDER,
      { memberId: request.memberId, account: request.account, game },
      {
        txId: `bet-${roundId}`,
        roundId,
        amount: request.stake,
        detail: {
          drawNo: request.drawNo,
          betKind: kind.code,
          selection: selectionText(selection),
          odds: kind.odds,
        },
        at: now,
      },
    );
    return { roundId, drawNo: request.drawNo, balance: result.balance, replayed: result.replayed };
  });
}

export interface LotteryBetView {
  roundId: string;
  drawNo: number;
  betKind: string;
  selection: string;
  odds: number;
  stake: string;
  payout: string;
  status: "open" | "settled" | "void";
  placedAt: Date;
  settledAt: Date | null;
}

/** The member's latest bets on a game (any of the vendor's lanes), newest first. */
export async function memberLotteryBets(
  db: Database,
  input: { memberId: string; game: Pick<LotteryGame, "vassalage" | "gameCode">; limit?: number },
): Promise<LotteryBetView[]> {
  const rows = await db
    .selectFrom("bets")
    .select(["round_id", "stake", "payout", "status", "placed_at", "settled_at", "detail"])
    .where("member_id", "=", input.memberId)
    .where("vassalage", "=", input.game.vassalage)
    .where("game_code", "=", input.game.gameCode)
    .orderBy("placed_at", "desc")
    .orderBy("id", "desc")
    .limit(input.limit ?? 20)
    .execute();
  return rows.map((row) => {
    const detail = (row.detail ?? {}) as Partial<{
      drawNo: number;
      betKind: string;
      selection: string;
      odds: number;
    }>;
    return {
      roundId: row.round_id,
      drawNo: Number(detail.drawNo ?? 0),
      betKind: String(detail.betKind ?? ""),
      selection: String(detail.selection ?? ""),
      odds: Number(detail.odds ?? 0),
      stake: row.stake,
      payout: row.payout,
      status: row.status,
      placedAt: new Date(row.placed_at),
      settledAt: row.settled_at ? new Date(row.settled_at) : null,
    };
  });
}

/**
 * Whether the member has a bet on a lottery draw that has closed and is not
 * settled yet: a page that settles it has to show the balance after the payout.
 */
export async function hasDueLotteryBets(
  db: Database,
  memberId: string,
  now = new Date(),
): Promise<boolean> {
  const row = await db
    .selectFrom("bets")
    // Compared as text: another provider's detail may carry anything under drawNo.
    .innerJoin("lottery_draws", (join) =>
      join
        .onRef("lottery_draws.game_code", "=", "bets.game_code")
        .on(sql<boolean>`lottery_draws.draw_no::text = bets.detail ->> 'drawNo'`),
    )
    .select("bets.id")
    .where("bets.member_id", "=", memberId)
    .where("bets.status", "=", "open")
    .where("bets.vassalage", "in", LOTTERY_VENDORS)
    .where("lottery_draws.closes_at", "<=", now)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
