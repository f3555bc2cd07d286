import type { Database } from "../db/open.server";
import { PlatformError } from "../errors";
import { random } from "./random";
import { blindIndex, sealText } from "../db/at-rest.server";
import { DEMO_PROVIDER } from "../play/providers/demo.server";
import { credit, debit, type SeamlessPlayer } from "../play/seamless-wallet.server";
import type { BrandConfig } from "../system/brand-config.server";
import { confirmDeposit, createDeposit } from "../wallet/deposits.server";
import { HOUSE, MAIN, postEntry } from "../wallet/ledger.server";
import { transferBetweenWallets } from "../wallet/transfers.server";
import { requestWithdrawal } from "../wallet/withdrawals.server";

const DAY = 86_400_000;

/** Opening deposits (minor units) of the demo accounts; operators and the forced-change accounts get none. */
const OPENING: Record<string, number[]> = {
  player01: [1_000_000, 250_000, 80_000],
  vipstar: [5_000_000, 2_000_000],
  agent01: [3_000_000],
  agent02: [1_500_000],
  crew01: [400_000, 120_000],
  crew02: [300_000],
};

/** Members whose records (bets, bonuses) should have something to show. */
const PLAYERS = ["player01", "vipstar", "crew01", "crew02"];

/**
 * The demo accounts' money, all through the ledger (deposits confirmed,
 * vendor transfers, a bonus, settled bets with their stake and payout
 * entries, one pending withdrawal for the operator's queue), spread over the
 * last three weeks so the record pages and their date presets show data.
 * Idempotent: every operation has a fixed key, and a marker row stops a rerun.
 */
export async function seedDemoWallets(db: Database, brand: BrandConfig, now = new Date()) {
  const marker = await db
    .selectFrom("settings")
    .select("key")
    .where("key", "=", "seed_wallets")
    .executeTakeFirst();
  if (marker) return false;
  const members = await db
    .selectFrom("members")
    .select(["id", "account"])
    .where("account", "in", Object.keys(OPENING))
    .execute();
  const idOf = new Map(members.map((member) => [member.account, member.id]));
  const next = random(4_242);
  const policy = {
    ...brand.wallet,
    depositChannels: [
      { code: "seed", kind: "embedded" as const, min: 1, max: Number.MAX_SAFE_INTEGER },
    ],
  };
  const at = (daysAgo: number) =>
    new Date(now.getTime() - daysAgo * DAY - Math.floor(next() * 8 * 3_600_000));

  for (const [account, amounts] of Object.entries(OPENING)) {
    const memberId = idOf.get(account);
    if (!memberId) continue;
    for (const [index, amount] of amounts.entries()) {
      const when = at(20 - index * 6);
      const deposit = await createDeposit(
        db,
        { memberId, channel: "seed", amount: BigInt(amount), key: `seed-deposit-${index}` },
        policy,
        when,
      );
      await confirmDeposit(db, deposit.id, when);
    }
  }
  // Only members still hold unread "deposit arrived" messages from the seed: mark them read.
  await db
    .updateTable("member_messages")
    .set({ read_at: now })
    .where("read_at", "is", null)
    .execute();

  for (const account of PLAYERS) {
    const memberId = idOf.get(account);
    if (!memberId) continue;
    await seedBets(db, memberId, account, next, at);
    await postEntry(db, {
      key: `seed:bonus:${account}`,
      kind: "bonus",
      memberId,
      memo: { title: "Welcome bonus" },
      at: at(12),
      movements: [
        { from: { house: HOUSE.bonuses }, to: { memberId, kind: MAIN }, amount: 18_800n },
      ],
    });
  }

  const player = idOf.get("player01");
  const vendor = brand.wallet.isSingle ? undefined : brand.wallet.vendorWallets[0];
  if (player && vendor) {
    await transferBetweenWallets(
      db,
      { memberId: player, from: MAIN, to: vendor, amount: 150_000n, key: "seed-transfer" },
      brand.wallet,
    );
  }
  if (player) {
    const payee = await db
      .insertInto("payee_accounts")
      .values({
        member_id: player,
        kind: "bank",
        provider: brand.wallet.payeeProviders[0]?.code ?? "BANK",
        holder_name: "Lucky Player",
        account_number: sealText("00112233445566"),
        account_number_index: blindIndex("00112233445566"),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await requestWithdrawal(
      db,
      {
        memberId: player,
        payeeAccountId: payee.id,
        amount: BigInt(Math.max(brand.wallet.withdraw.min, 100_000)),
        key: "seed-withdrawal",
      },
      { ...brand.wallet, withdraw: { ...brand.wallet.withdraw, dailyCount: 100 } },
      brand.timeZone,
      at(1),
    );
  }
  await db
    .insertInto("settings")
    .values({ key: "seed_wallets", value: JSON.stringify({ at: now.toISOString() }) })
    .execute();
  return true;
}

/**
 * Settled bets on a few demo games, played as the demo provider plays them:
 * through the seamless wallet (a debit of the stake, a credit of the payout),
 * so the ledger and `bets` agree as they do for real play.
 */
export async function seedBets(
  db: Database,
  memberId: string,
  account: string,
  next: () => number,
  at: (daysAgo: number) => Date,
  // The demo accounts mostly win (it fills the winner board); a team that pays dividends must lose overall.
  options: { rounds: number; houseWins: boolean } = { rounds: 24, houseWins: false },
) {
  const rounds = options.rounds;
  const games = await db
    .selectFrom("games")
    .select(["node_id", "vassalage", "category", "game_code", "name"])
    .where("category", "in", ["RNG", "LIVE", "FISH", "SPORTS"])
    .where("sort", "<", 3)
    .orderBy("node_id")
    .limit(40)
    .execute();
  for (let round = 0; round < rounds; round++) {
    const game = games[Math.floor(next() * games.length)]!;
    const stake = BigInt((1 + Math.floor(next() * 50)) * 1_000);
    const roll = next();
    const payout = options.houseWins
      ? roll < 0.65
        ? 0n
        : roll < 0.97
          ? (stake * BigInt(Math.floor(50 + next() * 100))) / 100n
          : stake * 4n
      : roll < 0.45
        ? 0n
        : roll < 0.9
          ? (stake * BigInt(Math.floor(50 + next() * 200))) / 100n
          : stake * 5n;
    const placed = at(18 - Math.floor((round * 18) / rounds));
    const roundId = `seed-${account}-${round}`;
    const player: SeamlessPlayer = {
      memberId,
      // Seeded rounds are paid from MAIN, whatever wallet the vendor keeps.
      account: MAIN,
      game: {
        nodeId: game.node_id,
        vassalage: game.vassalage,
        category: game.category,
        gameCode: game.game_code,
        gameName: game.name,
      },
    };
    const bet = await debit(db, DEMO_PROVIDER, player, {
      txId: roundId,
      roundId,
      amount: stake,
      at: placed,
    }).catch((error: unknown) => {
      // A member out of money simply stops betting.
      if (error instanceof PlatformError && error.code === "insufficient_balance") return null;
      throw error;
    });
    if (!bet) break;
    await credit(db, DEMO_PROVIDER, player, {
      txId: `${roundId}:win`,
      roundId,
      amount: payout,
      at: new Date(placed.getTime() + 60_000),
    });
  }
}
