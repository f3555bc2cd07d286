import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { PlatformError } from "~/platform/errors";
import { credit, debit, type SeamlessPlayer } from "~/platform/play/seamless-wallet.server";
import { headroom } from "~/platform/protection/limits-usage.server";
import { confirmLimitChange, listLimits, setLimit } from "~/platform/protection/limits.server";
import {
  attachGatewayOrder,
  confirmDeposit,
  createDeposit,
} from "~/platform/wallet/deposits.server";
import { MAIN } from "~/platform/wallet/ledger.server";
import { applyGatewayCallback } from "~/platform/wallet/payments/callback.server";
import { createTestDatabase } from "../../helpers/database";
import { codeOf, fundMain, insertGame } from "../../helpers/play";
import { accountBalance, formKey, insertMember, testWalletPolicy } from "../../helpers/wallet";

let handle: DatabaseHandle;
const policy = testWalletPolicy();
const context = { ip: "127.0.0.1", userAgent: "vitest" };
const T0 = new Date("2026-03-01T12:00:00Z");
const hours = (h: number) => new Date(T0.getTime() + h * 3_600_000);

beforeAll(async () => {
  handle = await createTestDatabase({ poolSize: 20 });
});
afterAll(() => handle?.close());

const limitOf = async (memberId: string, kind = "deposit", period = "day") =>
  (await listLimits(handle.db, memberId)).find((l) => l.kind === kind && l.period === period);

const set = (
  memberId: string,
  amount: bigint | null,
  at: Date,
  kind = "deposit" as const,
  period = "day" as const,
) => setLimit(handle.db, { memberId, kind, period, amount }, context, at);

async function deposit(memberId: string, amount: bigint, at: Date) {
  const created = await createDeposit(
    handle.db,
    { memberId, channel: "demo-pay", amount, key: formKey() },
    policy,
    at,
  );
  return confirmDeposit(handle.db, created.id, at);
}

describe("limit rules", () => {
  test("a first limit and a decrease take effect at once, and are audited", async () => {
    const member = await insertMember(handle.db);
    expect(await set(member, 1000n, T0)).toBe("now");
    expect(await set(member, 600n, hours(1))).toBe("now");
    expect(await limitOf(member)).toMatchObject({ amount: "600", pending_since: null });
    const audited = await handle.db
      .selectFrom("audit_log")
      .select("event")
      .where("member_id", "=", member)
      .orderBy("id")
      .execute();
    expect(audited.map((row) => row.event)).toEqual([
      "protection_limit_set",
      "protection_limit_set",
    ]);
  });

  test("a raise waits 24 hours and the member's confirmation; a second raise meanwhile is refused", async () => {
    const member = await insertMember(handle.db);
    await set(member, 500n, T0);
    expect(await set(member, 2000n, hours(1))).toBe("pending");
    expect(await limitOf(member)).toMatchObject({ amount: "500", pending_amount: "2000" });
    expect(await codeOf(set(member, 3000n, hours(2)))).toBe("limit_change_pending");
    const early = confirmLimitChange(
      handle.db,
      { memberId: member, kind: "deposit", period: "day" },
      context,
      hours(24.5),
    );
    expect(await codeOf(early)).toBe("cooling_off");
    expect((await limitOf(member))!.amount).toBe("500");
    await confirmLimitChange(
      handle.db,
      { memberId: member, kind: "deposit", period: "day" },
      context,
      hours(25),
    );
    expect(await limitOf(member)).toMatchObject({
      amount: "2000",
      pending_amount: null,
      pending_since: null,
    });
  });

  test("a removal waits like a raise; a decrease meanwhile wins at once and drops it", async () => {
    const member = await insertMember(handle.db);
    await set(member, 500n, T0);
    expect(await set(member, null, hours(1))).toBe("pending");
    expect(await limitOf(member)).toMatchObject({ amount: "500", pending_amount: null });
    expect(await set(member, 400n, hours(2))).toBe("now");
    expect(await limitOf(member)).toMatchObject({ amount: "400", pending_since: null });
    await set(member, null, hours(3));
    await confirmLimitChange(
      handle.db,
      { memberId: member, kind: "deposit", period: "day" },
      context,
      hours(27),
    );
    expect(await limitOf(member)).toBeUndefined();
  });

  test("zero, negative and absurd limits are refused and nothing is stored", async () => {
    const member = await insertMember(handle.db);
    for (const amount of [0n, -5n, 10n ** 12n])
      expect(await codeOf(set(member, amount, T0))).toBe("limit_out_of_range");
    expect(await codeOf(set(member, null, T0))).toBe("no_limit");
    expect(await listLimits(handle.db, member)).toEqual([]);
  });
});

describe("deposits", () => {
  test("the most restrictive limit wins, with the amount allowed and when it frees up", async () => {
    const member = await insertMember(handle.db);
    await set(member, 1000n, T0, "deposit", "day");
    await setLimit(
      handle.db,
      { memberId: member, kind: "deposit", period: "week", amount: 700n },
      context,
      T0,
    );
    await deposit(member, 500n, hours(1));
    const refused = await createDeposit(
      handle.db,
      { memberId: member, channel: "demo-pay", amount: 300n, key: formKey() },
      policy,
      hours(2),
    ).catch((error: PlatformError) => error);
    expect(refused).toBeInstanceOf(PlatformError);
    expect((refused as PlatformError).code).toBe("deposit_limit");
    expect((refused as PlatformError).details).toMatchObject({
      allowed: "200",
      period: "week",
      freesAt: hours(1 + 7 * 24).toISOString(),
    });
    expect((await deposit(member, 200n, hours(3))).deposit.status).toBe("confirmed");
    // The day window rolls on; the week one still binds.
    const [tightest] = await headroom(handle.db, member, ["deposit"], hours(30));
    expect(tightest).toMatchObject({ period: "week", allowed: 0n });
  });

  test("a confirmation past a limit lowered meanwhile is not credited: it fails for a refund", async () => {
    const member = await insertMember(handle.db);
    await set(member, 1000n, T0);
    const created = await createDeposit(
      handle.db,
      { memberId: member, channel: "demo-pay", amount: 800n, key: formKey() },
      policy,
      T0,
    );
    await set(member, 500n, hours(1));
    const { deposit } = await confirmDeposit(handle.db, created.id, hours(1));
    expect(deposit).toMatchObject({ status: "failed", failure_reason: "deposit_limit" });
    expect(await accountBalance(handle.db, member, MAIN)).toBe(0n);
  });

  test("a gateway callback past the limit is answered refund, also when replayed, and credits nothing", async () => {
    const gateway = testWalletPolicy({
      depositChannels: [{ code: "easypaisa", kind: "gateway", min: 1, max: 1_000_000 }],
    });
    const member = await insertMember(handle.db);
    const created = await createDeposit(
      handle.db,
      { memberId: member, channel: "easypaisa", amount: 900n, key: formKey() },
      gateway,
    );
    await attachGatewayOrder(handle.db, created.id, {
      gatewayRef: `GW-${created.id}`,
      payUrl: "https://pay.example/x",
    });
    await set(member, 500n, new Date());
    const callback = {
      gatewayRef: `GW-${created.id}`,
      status: "success" as const,
      amount: "900",
      timestamp: Date.now(),
    };
    expect(await applyGatewayCallback(handle.db, gateway, callback)).toEqual({
      kind: "refund",
      reason: "deposit_limit",
    });
    expect(await applyGatewayCallback(handle.db, gateway, callback)).toEqual({
      kind: "refund",
      reason: "deposit_limit",
    });
    expect(await accountBalance(handle.db, member, MAIN)).toBe(0n);
  });

  test("20 parallel confirmations that together pass the limit never credit past it", async () => {
    const member = await insertMember(handle.db);
    const pending = await Promise.all(
      Array.from({ length: 20 }, () =>
        createDeposit(
          handle.db,
          { memberId: member, channel: "demo-pay", amount: 100n, key: formKey() },
          policy,
          T0,
        ),
      ),
    );
    await set(member, 750n, T0);
    const results = await Promise.all(
      pending.map((d) => confirmDeposit(handle.db, d.id, hours(1))),
    );
    const credited = results.filter((r) => r.deposit.status === "confirmed").length;
    expect(credited).toBe(7);
    expect(await accountBalance(handle.db, member, MAIN)).toBe(700n);
  });
});

describe("seamless debits", () => {
  let player: SeamlessPlayer;
  /** Another funded player of the same game, with one limit from T0. */
  async function playerWithLimit(kind: "loss" | "wager", period: "day" | "week", amount: bigint) {
    const memberId = await insertMember(handle.db);
    await fundMain(handle.db, memberId, 100_000n);
    await setLimit(handle.db, { memberId, kind, period, amount }, context, T0);
    return { ...player, memberId };
  }
  /** A debit or credit of round `roundId` at T0 + `hour` hours. */
  const play = (
    call: "debit" | "credit",
    who: SeamlessPlayer,
    txId: string,
    roundId: string,
    amount: bigint,
    hour: number,
  ) =>
    (call === "debit" ? debit : credit)(handle.db, "p", who, {
      txId,
      roundId,
      amount,
      at: hours(hour),
    });
  beforeAll(async () => {
    const game = await insertGame(handle.db, { nodeId: 9_100_001 });
    const memberId = await insertMember(handle.db);
    await fundMain(handle.db, memberId, 100_000n);
    player = { memberId, account: MAIN, game };
  });

  test("a wager limit refuses the stake that would pass it, with its own code", async () => {
    await setLimit(
      handle.db,
      { memberId: player.memberId, kind: "wager", period: "day", amount: 500n },
      context,
      T0,
    );
    await play("debit", player, "w-1", "wr-1", 400n, 1);
    await play("credit", player, "w-1c", "wr-1", 800n, 1);
    expect(await codeOf(play("debit", player, "w-2", "wr-2", 101n, 2))).toBe("wager_limit");
    await play("debit", player, "w-3", "wr-3", 100n, 2);
    // The window rolls: a day later the stakes are gone.
    await play("debit", player, "w-4", "wr-4", 400n, 26);
  });

  test("a loss limit counts stakes minus payouts, open stakes as lost", async () => {
    const loser = await playerWithLimit("loss", "week", 300n);
    await play("debit", loser, "l-1", "lr-1", 200n, 1);
    await play("credit", loser, "l-1c", "lr-1", 150n, 1);
    await play("debit", loser, "l-2", "lr-2", 200n, 2);
    // Lost so far: 50 settled + 200 open = 250; 51 more would pass 300.
    expect(await codeOf(play("debit", loser, "l-3", "lr-3", 51n, 3))).toBe("loss_limit");
    await play("debit", loser, "l-4", "lr-4", 50n, 3);
  });

  test("20 parallel bets that together pass a wager limit: the stakes never pass it", async () => {
    const bettor = await playerWithLimit("wager", "day", 1000n);
    const memberId = bettor.memberId;
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        debit(handle.db, "p", bettor, {
          txId: `pb-${i}`,
          roundId: `pbr-${i}`,
          amount: 150n,
          at: hours(1),
        }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(6);
    expect(await accountBalance(handle.db, memberId, MAIN)).toBe(100_000n - 900n);
  });
});
