import type { Database } from "../db/open.server";
import type { Outcome } from "../play/demo/engines";
import { ROUND_COLUMNS, roundRecordOf } from "../play/demo/rounds.server";
import {
  bettingRecords,
  type BetFilter,
  type BetRow,
  type BetTotals,
  type Paging,
  type RecordPage,
} from "../wallet/records.server";

/** The demo provider's own round behind a bet: how it was played and what came of it. */
export interface PlayedGameRound {
  id: string;
  /** The spin form's key: the provider's transaction id of the round. */
  roundKey: string | null;
  engine: string;
  /** The fairness seed pair and the round's place in it (the member can verify the round with them). */
  seedId: string;
  nonce: number;
  stake: string;
  payout: string;
  /** Language-neutral: the best win ("5×W") or the pocket ("17 B"). */
  summary: string;
  /** Everything the engine returned (reels, wins, the pocket …), as stored. */
  outcome: Outcome;
  playedAt: string;
}

/** A bet on the player page: the betting record's row and the round's details. */
export interface PlayerBetRow extends BetRow {
  /** What the provider sent with the bet (a lottery ticket, a slot's outcome …); null when nothing. */
  detail: unknown;
  /** The game round the bet was played in, when the demo provider played it here. */
  gameRound: PlayedGameRound | null;
}

/** A game the member has bets on, for the player page's game filter. */
export interface BetGame {
  vassalage: string;
  gameCode: string;
  gameName: string;
}

const ROW_ID = /^\d{1,18}$/;

const parsed = (value: unknown): unknown =>
  typeof value === "string" ? (JSON.parse(value) as unknown) : value;

/** The demo provider writes its game round's id into the bet's detail; other providers do not. */
function gameRoundIdOf(detail: unknown): string | null {
  if (!detail || typeof detail !== "object") return null;
  const id = (detail as { gameRoundId?: unknown }).gameRoundId;
  return typeof id === "string" && ROW_ID.test(id) ? id : null;
}

/**
 * The member's bets in the filter, newest first, with the window's totals (the
 * member's own betting record), each with what the provider said of it and
 * the demo game round behind it: read for the page shown only, by id.
 */
export async function playerBets(
  db: Database,
  memberId: string,
  filter: BetFilter & Paging,
): Promise<RecordPage<PlayerBetRow, BetTotals>> {
  const records = await bettingRecords(db, memberId, filter);
  if (records.rows.length === 0) return { ...records, rows: [] };
  const details = await db
    .selectFrom("bets")
    .select(["id", "detail"])
    .where("member_id", "=", memberId)
    .where(
      "id",
      "in",
      records.rows.map((row) => row.id),
    )
    .execute();
  const detailOf = new Map(details.map((row) => [String(row.id), parsed(row.detail)]));
  const roundIds = [...detailOf.values()].map(gameRoundIdOf).filter((id) => id !== null);
  const rounds =
    roundIds.length === 0
      ? []
      : await db
          .selectFrom("game_rounds")
          .select([...ROUND_COLUMNS, "round_key"])
          .where("member_id", "=", memberId)
          .where("id", "in", roundIds)
          .execute();
  const roundOf = new Map(
    rounds.map((row): [string, PlayedGameRound] => {
      const round = roundRecordOf(row);
      return [
        round.id,
        {
          id: round.id,
          roundKey: row.round_key,
          engine: round.engine,
          seedId: round.seedId,
          nonce: round.nonce,
          stake: round.stake.toString(),
          payout: round.payout.toString(),
          summary: round.outcome.summary,
          outcome: round.outcome,
          playedAt: round.createdAt.toISOString(),
        },
      ];
    }),
  );
  return {
    ...records,
    rows: records.rows.map((row) => {
      const detail = detailOf.get(row.id) ?? null;
      const roundId = gameRoundIdOf(detail);
      return { ...row, detail, gameRound: roundId ? (roundOf.get(roundId) ?? null) : null };
    }),
  };
}

/** The games the member has bets on, by vendor and name, for the player page's filters. */
export async function playerBetGames(db: Database, memberId: string): Promise<BetGame[]> {
  const rows = await db
    .selectFrom("bets")
    .select(["vassalage", "game_code", (eb) => eb.fn.min("game_name").as("game_name")])
    .where("member_id", "=", memberId)
    .groupBy(["vassalage", "game_code"])
    .orderBy("vassalage")
    .orderBy("game_name")
    .execute();
  return rows.map((row) => ({
    vassalage: row.vassalage,
    gameCode: row.game_code,
    gameName: row.game_name,
  }));
}
