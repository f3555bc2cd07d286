import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScheduledWork } from "~/platform/agency/scheduler.server";
import type { DatabaseHandle } from "~/platform/db/open.server";
import type { SessionGame } from "~/platform/play/providers/ports";
import { credit, debit, type SeamlessPlayer } from "~/platform/play/seamless-wallet.server";
import { claimPromotion, joinPromotion } from "~/platform/rewards/promotion-actions.server";
import type { PromotionFormValues } from "~/platform/rewards/promotion-input";
import { confirmDeposit, createDeposit } from "~/platform/wallet/deposits.server";
import { BONUS, MAIN } from "~/platform/wallet/ledger.server";
import { requestWithdrawal } from "~/platform/wallet/withdrawals.server";
import { createTestDatabase } from "../../helpers/database";
import { codeOf, insertGame } from "../../helpers/play";
import { operatorAct, publishedPromotion } from "../../helpers/rewards";
import { formKey, insertMember, insertPayee, testWalletPolicy } from "../../helpers/wallet";

/**
 * The bonus engine on the ledger: a claimed first-deposit bonus sits on the
 * member's BONUS account until settled bets (through the seamless wallet)
 * meet its turnover with their category's contribution; the max-bet rule;
 * expiry by the scheduler; what a withdrawal request does to it.
 */
let handle: DatabaseHandle;
let act: Awaited<ReturnType<typeof operatorAct>>;
const games: Record<string, SessionGame> = {};
const policy = testWalletPolicy();

beforeAll(async () => {
  handle = await createTestDatabase();
  act = await operatorAct(handle.db);
  for (const [index, category] of ["RNG", "LIVE", "SPORTS", "FISH"].entries())
    games[category] = await insertGame(handle.db, { nodeId: 980_001 + index, category });
});
afterAll(() => handle?.close());

const db = () => handle.db;

async function balances(memberId: string) {
  const rows = await db()
    .selectFrom("accounts")
    .select(["kind", "balance"])
    .where("member_id", "=", memberId)
    .execute();
  const of = (kind: string) => BigInt(rows.find((row) => row.kind === kind)?.balance ?? "0");
  return { main: of(MAIN), bonus: of(BONUS) };
}

async function deposit(memberId: string, amount: bigint) {
  const created = await createDeposit(
    db(),
    { memberId, channel: "demo-pay", amount, key: formKey() },
    policy,
  );
  await confirmDeposit(db(), created.id);
}

/** A member who joined a fresh first-deposit promotion, deposited `amount` and claimed a 100 % bonus. */
async function wageringMember(overrides: PromotionFormValues, amount = 10_000n) {
  const promotionId = await publishedPromotion(db(), act, {
    turnoverMultiple: 1_000,
    contributions: { RNG: 100, LIVE: 10, SPORTS: 50 },
    contributionDefault: 0,
    ...overrides,
  });
  const memberId = await insertMember(db());
  await joinPromotion(db(), { memberId, promotionId });
  await deposit(memberId, amount);
  const claimed = await claimPromotion(db(), { memberId, promotionId });
  expect(claimed).toMatchObject({ state: "process", changed: true, amount: amount.toString() });
  return { memberId, promotionId };
}

const player = (memberId: string, category = "RNG"): SeamlessPlayer => ({
  memberId,
  account: MAIN,
  game: games[category]!,
});

/** One settled round: a stake, then a payout. */
async function spin(memberId: string, category: string, stake: bigint, payout = 0n) {
  const round = `t-${formKey()}`;
  await debit(db(), "test", player(memberId, category), {
    txId: round,
    roundId: round,
    amount: stake,
  });
  await credit(db(), "test", player(memberId, category), {
    txId: `${round}:win`,
    roundId: round,
    amount: payout,
  });
  return round;
}

async function grantOf(memberId: string) {
  return db()
    .selectFrom("bonus_grants")
    .selectAll()
    .where("member_id", "=", memberId)
    .orderBy("id")
    .execute();
}

async function entryState(memberId: string) {
  const rows = await db()
    .selectFrom("promotion_entries")
    .select("state")
    .where("member_id", "=", memberId)
    .orderBy("id")
    .execute();
  return rows.map((row) => row.state);
}

async function messages(memberId: string) {
  const rows = await db()
    .selectFrom("member_messages")
    .select("kind")
    .where("member_id", "=", memberId)
    .orderBy("id")
    .execute();
  return rows.map((row) => row.kind);
}

describe("turnover", () => {
  it("counts each settled bet's valid bet by its category's contribution, once, and releases the bonus at the requirement", async () => {
    const { memberId } = await wageringMember({});
    expect(await balances(memberId)).toEqual({ main: 10_000n, bonus: 10_000n });
    expect((await grantOf(memberId))[0]).toMatchObject({
      amount: "10000",
      turnover_required: "100000",
      status: "wagering",
    });
    await deposit(memberId, 200_000n);

    await spin(memberId, "RNG", 20_000n);
    await spin(memberId, "LIVE", 10_000n, 15_000n);
    await spin(memberId, "SPORTS", 10_000n);
    const fish = await spin(memberId, "FISH", 10_000n);
    expect((await grantOf(memberId))[0]!.turnover_done).toBe(String(20_000 + 1_000 + 5_000));

    // The same credit again, and a second credit of a settled round: the bet counted once.
    await credit(db(), "test", player(memberId, "FISH"), {
      txId: `${fish}:win`,
      roundId: fish,
      amount: 0n,
    });
    const rng = await spin(memberId, "RNG", 1_000n);
    await credit(db(), "test", player(memberId, "RNG"), {
      txId: `${rng}:bonus-round`,
      roundId: rng,
      amount: 500n,
    });
    expect((await grantOf(memberId))[0]!.turnover_done).toBe("27000");

    const before = await balances(memberId);
    await spin(memberId, "RNG", 73_000n);
    const [grant] = await grantOf(memberId);
    expect(grant).toMatchObject({ status: "released", turnover_done: "100000" });
    expect(grant!.settle_entry_id).not.toBeNull();
    const after = await balances(memberId);
    expect(after.bonus).toBe(0n);
    expect(after.main).toBe(before.main - 73_000n + 10_000n);
    expect(await entryState(memberId)).toEqual(["claimed"]);
    expect(await messages(memberId)).toContain("promotion_released");
  });

  it("fills the oldest bonus first and carries what it did not need to the next", async () => {
    const { memberId } = await wageringMember({ turnoverMultiple: 100 }, 10_000n);
    const second = await publishedPromotion(db(), act, {
      kind: "apply",
      claimMode: "apply",
      rewardBps: "",
      rewardCap: "",
      turnoverMultiple: 100,
    });
    const { decideApplication } = await import("~/platform/rewards/applications.server");
    const { applyForPromotion } = await import("~/platform/rewards/promotion-actions.server");
    await applyForPromotion(db(), { memberId, promotionId: second, comment: "", proofs: [] });
    const entry = await db()
      .selectFrom("promotion_entries")
      .select("id")
      .where("member_id", "=", memberId)
      .where("promotion_id", "=", second)
      .executeTakeFirstOrThrow();
    await decideApplication(db(), {
      ...act,
      entryId: entry.id,
      decision: { approve: { amount: 4_000n } },
    });
    expect(await balances(memberId)).toEqual({ main: 10_000n, bonus: 14_000n });

    // Stakes paid back by wins, so the member's own 100.00 lasts.
    await spin(memberId, "RNG", 9_000n, 9_000n);
    expect((await grantOf(memberId)).map((g) => [g.turnover_done, g.status])).toEqual([
      ["9000", "wagering"],
      ["0", "wagering"],
    ]);
    await spin(memberId, "RNG", 5_000n, 5_000n);
    expect((await grantOf(memberId)).map((g) => [g.turnover_done, g.status])).toEqual([
      ["10000", "released"],
      ["4000", "released"],
    ]);
    expect(await balances(memberId)).toEqual({ main: 10_000n + 14_000n, bonus: 0n });
  });
});

describe("the maximum bet while a bonus is wagered", () => {
  it("refuses a bigger stake (rule refuse) and records nothing of it", async () => {
    const { memberId } = await wageringMember({ maxBet: 5_000, maxBetRule: "refuse" });
    const round = `t-${formKey()}`;
    const call = { txId: round, roundId: round, amount: 5_001n };
    expect(await codeOf(debit(db(), "test", player(memberId), call))).toBe("bonus_max_bet");
    try {
      await debit(db(), "test", player(memberId), call);
    } catch (error) {
      expect((error as { details: unknown }).details).toEqual({ max: "5000" });
    }
    expect(await balances(memberId)).toEqual({ main: 10_000n, bonus: 10_000n });
    const recorded = await db()
      .selectFrom("provider_transactions")
      .select("tx_id")
      .where("tx_id", "=", round)
      .execute();
    expect(recorded).toEqual([]);
    await spin(memberId, "RNG", 5_000n);
    expect((await grantOf(memberId))[0]!.turnover_done).toBe("5000");
  });

  it("lets a bigger stake through but counts it as zero (rule zero)", async () => {
    const { memberId } = await wageringMember({ maxBet: 5_000, maxBetRule: "zero" });
    await spin(memberId, "RNG", 6_000n, 6_000n);
    expect((await grantOf(memberId))[0]!.turnover_done).toBe("0");
    await spin(memberId, "RNG", 5_000n);
    expect((await grantOf(memberId))[0]!.turnover_done).toBe("5000");
  });

  it("does not apply once the bonus is no longer wagered", async () => {
    const { memberId } = await wageringMember({ maxBet: 5_000, turnoverMultiple: 100 });
    await spin(memberId, "RNG", 5_000n);
    await spin(memberId, "RNG", 5_000n);
    expect((await grantOf(memberId))[0]!.status).toBe("released");
    await spin(memberId, "RNG", 9_000n);
  });
});

describe("expiry", () => {
  it("returns an unfinished bonus to the house once, when the scheduler passes its expiry", async () => {
    const { memberId } = await wageringMember({ expiryHours: 1 });
    const later = new Date(Date.now() + 2 * 3_600_000);
    const first = await runScheduledWork(db(), "Asia/Karachi", later);
    expect(first?.bonusesExpired).toBeGreaterThanOrEqual(1);
    expect((await grantOf(memberId))[0]!.status).toBe("expired");
    expect(await balances(memberId)).toEqual({ main: 10_000n, bonus: 0n });
    expect(await entryState(memberId)).toEqual(["forfeited"]);
    expect(await messages(memberId)).toContain("promotion_forfeited");
    const again = await runScheduledWork(db(), "Asia/Karachi", later);
    expect(again?.bonusesExpired).toBe(0);
    expect(await balances(memberId)).toEqual({ main: 10_000n, bonus: 0n });
  });
});

describe("a withdrawal request", () => {
  const request = (memberId: string, payeeAccountId: string, forfeitBonuses?: boolean) =>
    requestWithdrawal(
      db(),
      { memberId, payeeAccountId, amount: 1_000n, key: formKey(), forfeitBonuses },
      policy,
      "UTC",
    );

  it("asks to forfeit an unfinished bonus (rule forfeit), then forfeits it with the request", async () => {
    const { memberId } = await wageringMember({ withdrawalRule: "forfeit" });
    const payee = await insertPayee(db(), memberId);
    let details: unknown;
    try {
      await request(memberId, payee);
    } catch (error) {
      expect((error as { code: string }).code).toBe("bonus_forfeit_required");
      details = (error as { details: unknown }).details;
    }
    expect(details).toEqual({ amount: "10000" });
    expect(await balances(memberId)).toEqual({ main: 10_000n, bonus: 10_000n });

    await request(memberId, payee, true);
    expect(await balances(memberId)).toEqual({ main: 9_000n, bonus: 0n });
    expect((await grantOf(memberId))[0]!.status).toBe("forfeited");
    expect(await entryState(memberId)).toEqual(["forfeited"]);
  });

  it("leaves the bonus alone when the request itself fails", async () => {
    const { memberId } = await wageringMember({ withdrawalRule: "forfeit" });
    const payee = await insertPayee(db(), memberId);
    const tooMuch = requestWithdrawal(
      db(),
      { memberId, payeeAccountId: payee, amount: 999_999n, key: formKey(), forfeitBonuses: true },
      policy,
      "UTC",
    );
    expect(await codeOf(tooMuch)).toBe("insufficient_balance");
    expect((await grantOf(memberId))[0]!.status).toBe("wagering");
  });

  it("is refused while a bonus whose rule refuses withdrawals is wagered", async () => {
    const { memberId } = await wageringMember({ withdrawalRule: "refuse" });
    const payee = await insertPayee(db(), memberId);
    expect(await codeOf(request(memberId, payee, true))).toBe("bonus_wagering_unfinished");
    expect(await balances(memberId)).toEqual({ main: 10_000n, bonus: 10_000n });
    expect((await grantOf(memberId))[0]!.status).toBe("wagering");
  });
});
