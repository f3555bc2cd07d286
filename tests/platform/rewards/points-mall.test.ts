import { beforeAll, describe, expect, test } from "vitest";
import { inTransaction } from "~/platform/db/transaction.server";
import { credit, debit, type SeamlessPlayer } from "~/platform/play/seamless-wallet.server";
import { savePointsConfig } from "~/platform/rewards/points/config.server";
import { convertPoints } from "~/platform/rewards/points/convert.server";
import { earnDepositPoints, sweepBetPoints } from "~/platform/rewards/points/earning.server";
import { saveGoods, type GoodsInput } from "~/platform/rewards/points/goods.server";
import { redeemGoods } from "~/platform/rewards/points/redeem.server";
import { decideRedemption } from "~/platform/rewards/points/redemption-queue.server";
import { pointsBalance } from "~/platform/rewards/points-ledger.server";
import { walletBalances } from "~/platform/wallet/balance.server";
import { confirmDeposit, createDeposit } from "~/platform/wallet/deposits.server";
import { HOUSE, MAIN } from "~/platform/wallet/ledger.server";
import { createTestDatabase } from "../../helpers/database";
import { insertGame } from "../../helpers/play";
import { pointsMember, WITHDRAW_PASSWORD } from "../../helpers/points";
import { operatorAct, postingsByKey, refusal, useRewardsDatabase } from "../../helpers/rewards";
import { formKey, testWalletPolicy } from "../../helpers/wallet";

/**
 * The points mall's money paths (issue 15) on the suite's database (PGlite,
 * and PostgreSQL with a pool of 20 in CI): earning exactly once per deposit
 * and per settled bet, stock that cannot be oversold, conversion that
 * conserves both units, and a rejection that returns points once.
 */
const handle = useRewardsDatabase(() => createTestDatabase({ poolSize: 20 }));
const PASSWORD = WITHDRAW_PASSWORD;
let act: Awaited<ReturnType<typeof operatorAct>>;

beforeAll(async () => {
  act = await operatorAct(handle.db);
  // 1 point per 1.00 deposited, 2 per 1.00 on slots, 0.5 on live; 100 points → 1.00 in steps of 100.
  await savePointsConfig(
    handle.db,
    {
      ratios: [
        { product: "deposit", points: 100, perMinor: 10_000n },
        { product: "slots", points: 200, perMinor: 10_000n },
        { product: "live", points: 50, perMinor: 10_000n },
      ],
      conversion: { points: 100, cash: 100n, minPoints: 1_000n, stepPoints: 100n },
    },
    act,
  );
});

const member = (points = 0n) => pointsMember(handle.db, points);

const goods = (overrides: Partial<GoodsInput> = {}) =>
  saveGoods(
    handle.db,
    null,
    {
      name: "Mug",
      icon: "gift",
      kind: "physical",
      pointsPrice: 100n,
      amountRequirement: 0n,
      cashValue: 0n,
      stock: 10,
      enabled: true,
      ...overrides,
    },
    act,
  );

const stockOf = async (id: string) =>
  (
    await handle.db
      .selectFrom("mall_items")
      .select("stock")
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
  ).stock;

describe("earning", () => {
  test("a deposit earns its points once, however often it is confirmed", async () => {
    const id = await member();
    const deposit = await createDeposit(
      handle.db,
      { memberId: id, channel: "demo-pay", amount: 123_456n, key: formKey() },
      testWalletPolicy(),
    );
    await Promise.all([
      confirmDeposit(handle.db, deposit.id),
      confirmDeposit(handle.db, deposit.id),
    ]);
    await confirmDeposit(handle.db, deposit.id);
    // The deposit's own key holds even if some other path earned for it again.
    const confirmed = await handle.db
      .selectFrom("deposits")
      .select(["id", "member_id", "amount"])
      .where("id", "=", deposit.id)
      .executeTakeFirstOrThrow();
    await inTransaction(handle.db, (trx) => earnDepositPoints(trx, confirmed, new Date()));
    // 1,234.56 at 1 point per 1.00, rounded down.
    expect(await pointsBalance(handle.db, id)).toBe(1_234n);
    expect(await postingsByKey(handle.db, `points:deposit:${deposit.id}`)).toHaveLength(2);
  });

  test("a settled bet earns once: a replayed settlement and two parallel sweeps add nothing", async () => {
    const id = await member();
    const game = await insertGame(handle.db, { nodeId: 990_001, category: "RNG" });
    const player: SeamlessPlayer = { memberId: id, account: MAIN, game };
    const { fundMain } = await import("../../helpers/play");
    await fundMain(handle.db, id, 100_000n);
    const at = new Date(Date.now() + 60_000);
    await debit(handle.db, "demo", player, { txId: "b1", roundId: "r1", amount: 25_050n, at });
    const win = { txId: "w1", roundId: "r1", amount: 0n, at };
    await credit(handle.db, "demo", player, win);
    await credit(handle.db, "demo", player, win);
    const later = new Date(at.getTime() + 1_000);
    const runs = await Promise.all([
      sweepBetPoints(handle.db, later),
      sweepBetPoints(handle.db, later),
    ]);
    await sweepBetPoints(handle.db, new Date(later.getTime() + 1_000));
    // 250.50 of slots at 2 points per 1.00.
    expect(await pointsBalance(handle.db, id)).toBe(501n);
    expect(runs.reduce((sum, n) => sum + n, 0)).toBe(1);
    const history = await postingsByKey(handle.db, `points:bets:m${id}:%`);
    expect(history.filter((row) => row.account === "POINTS")).toEqual([
      expect.objectContaining({ kind: "points_earned", amount: "501" }),
    ]);
  });
});

describe("redeeming", () => {
  test("50 parallel redemptions of an item with 10 left: exactly 10, and points for exactly 10", async () => {
    const item = await goods({ stock: 10, pointsPrice: 100n });
    // Two each from 25 members: the withdraw password's gate counts every attempt before it is
    // checked (ADR 36), so one member's burst above its limit is refused whatever the stock.
    const members = await Promise.all(Array.from({ length: 25 }, () => member(10_000n)));
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, n) =>
        redeemGoods(handle.db, {
          memberId: members[n % 25]!,
          itemId: item,
          quantity: 1,
          withdrawPassword: PASSWORD,
          formKey: formKey(),
        }),
      ),
    );
    const done = results.filter((result) => result.status === "fulfilled");
    expect(done).toHaveLength(10);
    for (const result of results)
      if (result.status === "rejected")
        expect((result.reason as { code: string }).code).toBe("goods_out_of_stock");
    expect(await stockOf(item)).toBe(0);
    const left = await Promise.all(members.map((id) => pointsBalance(handle.db, id)));
    expect(left.reduce((sum, n) => sum + n, 0n)).toBe(250_000n - 1_000n);
  });

  test("more than in stock, more points than held, and the amount requirement move nothing", async () => {
    const item = await goods({ stock: 2, pointsPrice: 300n });
    const poor = await member(500n);
    const ask = (quantity: number, memberId = poor) =>
      refusal(
        redeemGoods(handle.db, {
          memberId,
          itemId: item,
          quantity,
          withdrawPassword: PASSWORD,
          formKey: formKey(),
        }),
      );
    expect(await ask(3)).toEqual({ code: "goods_out_of_stock", details: { left: "2" } });
    expect((await ask(2)).code).toBe("points_insufficient");
    const rich = await member(10_000n);
    const gated = await goods({ amountRequirement: 50_000n });
    expect(
      await refusal(
        redeemGoods(handle.db, {
          memberId: rich,
          itemId: gated,
          quantity: 1,
          withdrawPassword: PASSWORD,
          formKey: formKey(),
        }),
      ),
    ).toEqual({ code: "amount_requirement_unmet", details: { required: "50000" } });
    expect(await stockOf(item)).toBe(2);
    expect(await stockOf(gated)).toBe(10);
    expect(await pointsBalance(handle.db, poor)).toBe(500n);
    expect(await pointsBalance(handle.db, rich)).toBe(10_000n);
  });

  test("a wrong withdraw password spends nothing, and the fifth locks it as in the security centre", async () => {
    const item = await goods();
    const id = await member(1_000n);
    const attempt = (withdrawPassword: string) =>
      refusal(
        redeemGoods(handle.db, {
          memberId: id,
          itemId: item,
          quantity: 1,
          withdrawPassword,
          formKey: formKey(),
        }),
      );
    for (let n = 0; n < 5; n++)
      expect((await attempt("Wrong999")).code).toBe("withdraw_password_wrong");
    expect((await attempt(PASSWORD)).code).toBe("withdraw_password_locked");
    expect(await pointsBalance(handle.db, id)).toBe(1_000n);
    expect(await stockOf(item)).toBe(10);
  });

  test("the same form twice redeems once", async () => {
    const item = await goods();
    const id = await member(1_000n);
    const request = {
      memberId: id,
      itemId: item,
      quantity: 2,
      withdrawPassword: PASSWORD,
      formKey: formKey(),
    };
    const [first, second] = await Promise.all([
      redeemGoods(handle.db, request),
      redeemGoods(handle.db, request),
    ]);
    expect(second.id).toBe(first.id);
    expect(await pointsBalance(handle.db, id)).toBe(800n);
    expect(await stockOf(item)).toBe(8);
  });

  test("virtual goods credit their cash in the same entry and are complete at once", async () => {
    const item = await goods({ kind: "virtual", cashValue: 5_000n, pointsPrice: 600n });
    const id = await member(1_000n);
    const redemption = await redeemGoods(handle.db, {
      memberId: id,
      itemId: item,
      quantity: 1,
      withdrawPassword: PASSWORD,
      formKey: formKey(),
    });
    expect(redemption.status).toBe("complete");
    expect(await pointsBalance(handle.db, id)).toBe(400n);
    expect((await walletBalances(handle.db, id, [])).main).toBe("5000");
  });
});

describe("the operator's decisions", () => {
  async function physical() {
    const item = await goods({ pointsPrice: 250n });
    const id = await member(1_000n);
    const redemption = await redeemGoods(handle.db, {
      memberId: id,
      itemId: item,
      quantity: 2,
      withdrawPassword: PASSWORD,
      formKey: formKey(),
    });
    return { item, id, redemption };
  }
  const decide = (
    redemptionId: string,
    decision: Parameters<typeof decideRedemption>[1]["decision"],
  ) => decideRedemption(handle.db, { redemptionId, decision, ...act });

  test("a rejection returns the points and the stock once, and tells the member", async () => {
    const { item, id, redemption } = await physical();
    expect(redemption.status).toBe("process");
    expect(await pointsBalance(handle.db, id)).toBe(500n);
    const reject = { reject: { reason: "Out of colour" } };
    const results = await Promise.all([
      decide(redemption.id, reject),
      decide(redemption.id, reject),
    ]);
    expect(results.filter((result) => result.changed)).toHaveLength(1);
    expect(await pointsBalance(handle.db, id)).toBe(1_000n);
    expect(await stockOf(item)).toBe(10);
    expect(await postingsByKey(handle.db, `points:return:${redemption.id}`)).toEqual([
      expect.objectContaining({ kind: "points_returned", account: HOUSE.points, amount: "-500" }),
      expect.objectContaining({ kind: "points_returned", account: "POINTS", amount: "500" }),
    ]);
    expect((await refusal(decide(redemption.id, { approve: true }))).code).toBe(
      "redemption_already_decided",
    );
    const messages = await handle.db
      .selectFrom("member_messages")
      .select(["kind", "params"])
      .where("member_id", "=", id)
      .execute();
    expect(messages).toEqual([
      expect.objectContaining({
        kind: "redemption_rejected",
        params: expect.objectContaining({ reason: "Out of colour" }),
      }),
    ]);
  });

  test("approve, then complete; complete before approve is refused", async () => {
    const { redemption, id } = await physical();
    expect((await refusal(decide(redemption.id, { complete: true }))).code).toBe(
      "redemption_already_decided",
    );
    expect((await decide(redemption.id, { approve: true })).changed).toBe(true);
    expect((await decide(redemption.id, { complete: true })).changed).toBe(true);
    expect(await pointsBalance(handle.db, id)).toBe(500n);
    const audited = await handle.db
      .selectFrom("audit_log")
      .select("event")
      .where("event", "=", "redemption_decided")
      .where("target_type", "=", "redemption")
      .where("target_id", "=", String(redemption.id))
      .orderBy("id")
      .execute();
    expect(audited).toHaveLength(2);
  });
});

describe("converting", () => {
  test("conserves money and points: one entry, points to the house, cash from bonuses", async () => {
    const id = await member(5_000n);
    const key = formKey();
    const request = { memberId: id, points: 2_500n, withdrawPassword: PASSWORD, formKey: key };
    const [first, again] = await Promise.all([
      convertPoints(handle.db, request),
      convertPoints(handle.db, request),
    ]);
    expect(again.entry.id).toBe(first.entry.id);
    expect(first.cash).toBe(2_500n);
    expect(await pointsBalance(handle.db, id)).toBe(2_500n);
    expect((await walletBalances(handle.db, id, [])).main).toBe("2500");
    const postings = await postingsByKey(handle.db, `m${id}:points-convert:${key}`);
    const moved = postings.map((row) => `${row.account} ${row.amount}`).sort();
    expect(moved).toEqual([
      `${HOUSE.bonuses} -2500`,
      `${HOUSE.points} 2500`,
      `${MAIN} 2500`,
      "POINTS -2500",
    ]);
    expect(new Set(postings.map((row) => row.key)).size).toBe(1);
  });

  test("below the minimum, off the step, or beyond the balance moves nothing", async () => {
    const id = await member(1_500n);
    const convert = (points: bigint) =>
      refusal(
        convertPoints(handle.db, {
          memberId: id,
          points,
          withdrawPassword: PASSWORD,
          formKey: formKey(),
        }),
      );
    expect(await convert(900n)).toEqual({ code: "points_below_minimum", details: { min: "1000" } });
    expect(await convert(1_050n)).toEqual({ code: "points_not_in_step", details: { step: "100" } });
    expect((await convert(1_600n)).code).toBe("points_insufficient");
    expect(await pointsBalance(handle.db, id)).toBe(1_500n);
    expect((await walletBalances(handle.db, id, [])).main).toBe("0");
  });
});
