import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { getConfig } from "~/config.server";
import type { Database } from "../../db/open.server";
import { PlatformError } from "../../errors";
import { getBrandConfig } from "../../system/settings.server";
import { playAccount } from "../game-sessions.server";
import { credit, rollback } from "../seamless-wallet.server";
import { drawNumbers, drawSeed, seedHash } from "./fair-draw.server";
import { LOTTERY_VENDORS } from "./pages";
import { betKindOf, lotteryTypeOf, payoutOf, selectionFromText } from "./rules";
import { drawClosesAt, drawOpensAt, openDrawNo } from "./schedule";
import { publishLotteryDraw } from "../../events/producers.server";

/**
 * The demo lottery's draws (table lottery_draws). A draw gets its row, with
 * the hash of its seed, the first time anyone looks at it or bets on it.
 * Settling is lazy: a lottery page or a bet settles every draw that has
 * closed (settleDueDraws), and so can a scheduler later. Each closed draw
 * gets its numbers once, under the row's lock, which bets hold shared while
 * they check that the draw is still open; each open bet is then credited
 * through the seamless wallet with a transaction id of its own round, so a
 * second settler (or a crash half-way) never pays twice.
 */

/** The provider the demo lottery speaks to the seamless wallet as. */
export const LOTTERY_PROVIDER = "demo";

const SECRET_SETTING = "lottery_secret";

/** Seconds between two draws of a game (LOTTERY_DRAW_SECONDS). */
export const drawInterval = () => getConfig().LOTTERY_DRAW_SECONDS;

const secrets = new WeakMap<Database, Promise<string>>();

/** The secret every draw seed derives from: made at first use, then kept in settings. */
export function lotterySecret(db: Database): Promise<string> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = (async () => {
      await db
        .insertInto("settings")
        .values({ key: SECRET_SETTING, value: JSON.stringify(randomBytes(32).toString("hex")) })
        .onConflict((oc) => oc.column("key").doNothing())
        .execute();
      const row = await db
        .selectFrom("settings")
        .select("value")
        .where("key", "=", SECRET_SETTING)
        .executeTakeFirstOrThrow();
      if (typeof row.value !== "string" || row.value.length < 32)
        throw new Error("settings.lottery_secret is not a secret");
      return row.value;
    })();
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

export interface DrawView {
  gameCode: string;
  drawNo: number;
  opensAt: Date;
  closesAt: Date;
  seedHash: string;
  /** Null until the draw has closed and been drawn. */
  numbers: number[] | null;
  /** Revealed once the draw has closed. */
  seed: string | null;
  settled: boolean;
}

type DrawRow = {
  game_code: string;
  draw_no: string;
  opens_at: Date | string;
  closes_at: Date | string;
  server_seed_hash: string;
  numbers: unknown;
  settled_at: Date | string | null;
};

function toView(row: DrawRow, secret: string, now: Date): DrawView {
  const closesAt = new Date(row.closes_at);
  const closed = closesAt <= now;
  return {
    gameCode: row.game_code,
    drawNo: Number(row.draw_no),
    opensAt: new Date(row.opens_at),
    closesAt,
    seedHash: row.server_seed_hash,
    numbers: Array.isArray(row.numbers) ? (row.numbers as number[]) : null,
    seed: closed ? drawSeed(secret, row.game_code, row.draw_no) : null,
    settled: row.settled_at !== null,
  };
}

/** Gives draws their rows (closing times on today's interval, the seed's hash); rows already there stay as they are. */
export async function ensureDraws(
  db: Database,
  gameCode: string,
  drawNos: number[],
  interval = drawInterval(),
) {
  if (drawNos.length === 0) return;
  const secret = await lotterySecret(db);
  await db
    .insertInto("lottery_draws")
    .values(
      drawNos.map((drawNo) => ({
        game_code: gameCode,
        draw_no: String(drawNo),
        opens_at: drawOpensAt(drawNo, interval),
        closes_at: drawClosesAt(drawNo, interval),
        server_seed_hash: seedHash(drawSeed(secret, gameCode, drawNo)),
      })),
    )
    .onConflict((oc) => oc.columns(["game_code", "draw_no"]).doNothing())
    .execute();
}

/** The draw of a game that takes bets now, with the hash of its seed. */
export async function openDraw(
  db: Database,
  gameCode: string,
  now = new Date(),
  interval = drawInterval(),
): Promise<DrawView> {
  const drawNo = openDrawNo(now, interval);
  await ensureDraws(db, gameCode, [drawNo], interval);
  const [secret, row] = await Promise.all([
    lotterySecret(db),
    db
      .selectFrom("lottery_draws")
      .selectAll()
      .where("game_code", "=", gameCode)
      .where("draw_no", "=", String(drawNo))
      .executeTakeFirstOrThrow(),
  ]);
  return toView(row, secret, now);
}

/**
 * The game's last `limit` closed draws, newest first, with their numbers and
 * seeds: they get rows and are settled first if nobody had looked yet.
 */
export async function recentDraws(
  db: Database,
  gameCode: string,
  now = new Date(),
  options: { interval?: number; limit?: number } = {},
) {
  const interval = options.interval ?? drawInterval();
  const limit = options.limit ?? 10;
  const open = openDrawNo(now, interval);
  const closed = Array.from({ length: Math.min(limit, open - 1) }, (_, index) => open - 1 - index);
  await ensureDraws(db, gameCode, closed, interval);
  await settleDueDraws(db, now, { gameCode });
  const [secret, rows] = await Promise.all([
    lotterySecret(db),
    db
      .selectFrom("lottery_draws")
      .selectAll()
      .where("game_code", "=", gameCode)
      .where("closes_at", "<=", now)
      .orderBy("draw_no", "desc")
      .limit(limit)
      .execute(),
  ]);
  return rows.map((row) => toView(row, secret, now));
}

/** The open bets of a draw (their detail names the draw), oldest first. */
function openBetsOf(db: Database, gameCode: string, drawNo: string) {
  return db
    .selectFrom("bets")
    .select([
      "id",
      "member_id",
      "vassalage",
      "category",
      "game_code",
      "game_name",
      "node_id",
      "round_id",
      "stake",
      "detail",
    ])
    .where("game_code", "=", gameCode)
    .where("vassalage", "in", LOTTERY_VENDORS)
    .where("status", "=", "open")
    .where(sql<string>`detail ->> 'drawNo'`, "=", drawNo)
    .orderBy("id")
    .execute();
}

type OpenBet = Awaited<ReturnType<typeof openBetsOf>>[number];

interface BetDetail {
  drawNo: number;
  betKind: string;
  selection: string;
  odds: number;
}

/**
 * Pays one bet of a drawn draw: a credit of its payout (0 when it lost) with
 * the transaction id `win-<round>`, so paying it again is a replay. A bet
 * whose kind the rules no longer know gets its stake back instead.
 */
async function settleBet(db: Database, bet: OpenBet, numbers: number[], now: Date) {
  if (bet.node_id === null) throw new PlatformError("bet_not_found");
  const brand = await getBrandConfig(db);
  const player = {
    memberId: bet.member_id,
    account: playAccount(brand.wallet, bet.vassalage),
    game: {
      nodeId: bet.node_id,
      vassalage: bet.vassalage,
      category: bet.category,
      gameCode: bet.game_code,
      gameName: bet.game_name,
    },
  };
  const detail = bet.detail as BetDetail;
  const kind = betKindOf(lotteryTypeOf(bet.game_code), detail.betKind);
  const selection = kind ? selectionFromText(kind, detail.selection) : null;
  if (!kind || !selection || !Number.isInteger(detail.odds)) {
    await rollback(db, LOTTERY_PROVIDER, player, {
      txId: `refund-${bet.round_id}`,
      refTxId: `bet-${bet.round_id}`,
      roundId: bet.round_id,
      at: now,
    });
    return;
  }
  const payout = payoutOf(kind, selection, numbers, BigInt(bet.stake), detail.odds);
  await credit(db, LOTTERY_PROVIDER, player, {
    txId: `win-${bet.round_id}`,
    roundId: bet.round_id,
    amount: payout,
    detail: { ...detail, numbers },
    at: now,
  });
}

/**
 * Draws and settles one closed draw. Returns whether it is settled now
 * (false when it is still open, or a bet could not be paid and waits for
 * the next try).
 */
export async function settleDraw(
  db: Database,
  gameCode: string,
  drawNo: number | string,
  now = new Date(),
): Promise<boolean> {
  const key = String(drawNo);
  const secret = await lotterySecret(db);
  // The numbers, once: under the row's lock, which a bet holds shared until it is written.
  const numbers = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("lottery_draws")
      .select(["closes_at", "numbers", "settled_at"])
      .where("game_code", "=", gameCode)
      .where("draw_no", "=", key)
      .forUpdate()
      .executeTakeFirst();
    if (!row || new Date(row.closes_at) > now) return null;
    if (Array.isArray(row.numbers)) return row.settled_at ? null : (row.numbers as number[]);
    const drawn = drawNumbers(lotteryTypeOf(gameCode), drawSeed(secret, gameCode, key));
    await trx
      .updateTable("lottery_draws")
      .set({ numbers: JSON.stringify(drawn), drawn_at: now })
      .where("game_code", "=", gameCode)
      .where("draw_no", "=", key)
      .execute();
    await publishLotteryDraw(trx, gameCode, key, drawn);
    return drawn;
  });
  if (!numbers) return false;
  let unpaid = 0;
  for (const bet of await openBetsOf(db, gameCode, key)) {
    try {
      await settleBet(db, bet, numbers, now);
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      unpaid++;
      console.error(
        `lottery: bet ${bet.round_id} of ${gameCode} draw ${key} not settled: ${error.code}`,
      );
    }
  }
  if (unpaid > 0) return false;
  const settled = await db
    .updateTable("lottery_draws")
    .set({ settled_at: now })
    .where("game_code", "=", gameCode)
    .where("draw_no", "=", key)
    .where("settled_at", "is", null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("bets")
            .select("bets.id")
            .where("bets.game_code", "=", gameCode)
            .where("bets.vassalage", "in", LOTTERY_VENDORS)
            .where("bets.status", "=", "open")
            .where(sql<string>`bets.detail ->> 'drawNo'`, "=", key),
        ),
      ),
    )
    .executeTakeFirst();
  return settled.numUpdatedRows > 0n;
}

/**
 * Settles every draw that has closed and is not settled yet (a game's only,
 * when given), oldest first, up to `limit` draws a call. Safe to run from
 * many requests at once. Returns how many it settled.
 */
export async function settleDueDraws(
  db: Database,
  now = new Date(),
  options: { gameCode?: string; limit?: number } = {},
): Promise<number> {
  const due = await db
    .selectFrom("lottery_draws")
    .select(["game_code", "draw_no"])
    .where("settled_at", "is", null)
    .where("closes_at", "<=", now)
    .$if(Boolean(options.gameCode), (qb) => qb.where("game_code", "=", options.gameCode!))
    .orderBy("closes_at")
    .limit(options.limit ?? 100)
    .execute();
  let settled = 0;
  for (const draw of due) {
    if (await settleDraw(db, draw.game_code, draw.draw_no, now)) settled++;
  }
  return settled;
}
