import type { Database } from "../db/open.server";
import { PlatformError } from "../errors";
import { random } from "./random";
import { hashToken, randomToken } from "../identity/secrets.server";
import { GAME_SESSION_HOURS, playAccount } from "../play/game-sessions.server";
import { DEMO_PROVIDER as PROVIDER } from "../play/providers/demo.server";
import type { SessionGame } from "../play/providers/ports";
import { credit, debit } from "../play/seamless-wallet.server";
import type { BrandConfig } from "../system/brand-config.server";

const HOUR = 3_600_000;
/** Within the hot-games and winner-board windows (a week), so a fresh start shows both. */
const SPREAD_HOURS = 5 * 24;

/** Who played: the players with money (seed/wallet.server.ts) bet too; the others only launched games. */
const PLAYERS = ["player01", "vipstar", "crew01", "crew02", "agent01", "oldtimer"];
const BETTORS = new Set(["player01", "vipstar", "crew01", "crew02"]);

/**
 * Distinct games played per language and how many of them: en and ur have
 * lists of their own (three and two home pages); the other languages fall
 * back to the brand's default, as they would on a quiet day.
 */
const PLAYED: Record<string, number> = { en: 36, ur: 24 };

/** Real-money rounds through the seamless wallet; most of them wins, so the winner board fills. */
const ROUNDS = 30;

/**
 * The demo accounts' past plays: expired real-money game sessions in several
 * languages (which rank the hot games and fill /recent) and settled rounds
 * written through the seamless wallet as the demo provider would (a debit and
 * a credit each, so the ledger and `bets` agree), which fill the winner board.
 * Idempotent: a marker row stops a rerun, and every wallet call has a fixed
 * transaction id.
 */
export async function seedDemoPlays(db: Database, brand: BrandConfig, now = new Date()) {
  const marker = await db
    .selectFrom("settings")
    .select("key")
    .where("key", "=", "seed_plays")
    .executeTakeFirst();
  if (marker) return false;
  const members = await db
    .selectFrom("members")
    .select(["id", "account"])
    .where("account", "in", PLAYERS)
    .execute();
  if (!members.length) return false;
  // Popular-looking titles: the first ones of each slot and fish vendor.
  const games = await db
    .selectFrom("games")
    .select(["node_id", "vassalage", "category", "game_code", "name"])
    .where("category", "in", ["RNG", "FISH"])
    .where("sort", "<", 30)
    .where("enabled", "=", true)
    .orderBy("node_id")
    .execute();
  if (!games.length) return false;
  const next = random(31_337);
  const pickFrom = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const ago = (maxHours: number) =>
    new Date(now.getTime() - HOUR - Math.floor(next() * maxHours * HOUR));

  type Play = {
    member: (typeof members)[number];
    game: (typeof games)[number];
    language: string;
    at: Date;
  };
  const plays: Play[] = [];
  for (const [language, count] of Object.entries(PLAYED)) {
    const chosen = new Set<(typeof games)[number]>();
    while (chosen.size < Math.min(count, games.length)) chosen.add(pickFrom(games));
    // A clear ranking: the first chosen games were launched most often (6 times down to 1).
    [...chosen].forEach((game, rank) => {
      const launches = Math.max(1, 6 - Math.floor((rank * 6) / count));
      for (let n = 0; n < launches; n++)
        plays.push({ member: pickFrom(members), game, language, at: ago(SPREAD_HOURS) });
    });
  }
  await db
    .insertInto("game_sessions")
    .values(
      plays.map((play) => ({
        token_hash: hashToken(randomToken()),
        member_id: play.member.id,
        node_id: play.game.node_id,
        vassalage: play.game.vassalage,
        category: play.game.category,
        provider: PROVIDER,
        mode: "real" as const,
        language: play.language,
        demo_balance: null,
        created_at: play.at,
        // Long over: nothing can be played on a seeded session.
        expires_at: new Date(play.at.getTime() + GAME_SESSION_HOURS * HOUR),
      })),
    )
    .execute();

  const bettable = plays.filter((play) => BETTORS.has(play.member.account));
  for (let round = 0; round < Math.min(ROUNDS, bettable.length); round++) {
    const play = bettable[Math.floor((round * bettable.length) / ROUNDS)]!;
    const game: SessionGame = {
      nodeId: play.game.node_id,
      vassalage: play.game.vassalage,
      category: play.game.category,
      gameCode: play.game.game_code,
      gameName: play.game.name,
    };
    const player = {
      memberId: play.member.id,
      account: playAccount(brand.wallet, game.vassalage),
      game,
    };
    const stake = BigInt((1 + Math.floor(next() * 20)) * 1_000);
    const roll = next();
    // A fifth lose; the others win 1.5× to 40× their stake.
    const payout =
      roll < 0.2 ? 0n : (stake * BigInt(150 + Math.floor(next() * next() * 3_850))) / 100n;
    const roundId = `seed-play-${round}`;
    const placed = new Date(play.at.getTime() + 60_000);
    try {
      await debit(db, PROVIDER, player, {
        txId: `${roundId}-bet`,
        roundId,
        amount: stake,
        at: placed,
      });
    } catch (error) {
      // A member out of money simply does not bet.
      if (error instanceof PlatformError && error.code === "insufficient_balance") continue;
      throw error;
    }
    await credit(db, PROVIDER, player, {
      txId: `${roundId}-win`,
      roundId,
      amount: payout,
      detail: { seeded: true },
      at: new Date(placed.getTime() + 30_000),
    });
  }
  await db
    .insertInto("settings")
    .values({ key: "seed_plays", value: JSON.stringify({ at: now.toISOString() }) })
    .execute();
  return true;
}
