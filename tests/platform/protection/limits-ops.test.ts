import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { listMessages } from "~/platform/content/messages.server";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { PlatformError } from "~/platform/errors";
import {
  addLimitByOperator,
  listLimitedMembers,
  listRealitySettings,
} from "~/platform/protection/limits-ops.server";
import type { LimitKind } from "~/platform/protection/limits-rules";
import { listLimits, setLimit } from "~/platform/protection/limits.server";
import { saveRealitySettings } from "~/platform/protection/reality.server";
import { createTestDatabase } from "../../helpers/database";
import { insertMember } from "../../helpers/wallet";

let handle: DatabaseHandle;
const brand = {
  realityCheck: {
    intervals: [0, 15, 30, 60],
    defaultIntervalMinutes: 30,
    sessionLimitMinutes: { min: 30, max: 720 },
    spinGapMs: 2500,
  },
};
const context = { ip: "127.0.0.1", userAgent: "vitest" };
const T0 = new Date("2026-03-01T12:00:00Z");

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle?.close());

const accountOf = async (memberId: string) =>
  (
    await handle.db
      .selectFrom("members")
      .select("account")
      .where("id", "=", memberId)
      .executeTakeFirstOrThrow()
  ).account;

const byOperator = (memberId: string, amount: bigint, kind: LimitKind = "deposit") =>
  addLimitByOperator(
    handle.db,
    { memberId, kind, period: "week", amount, actorId: "1" },
    context,
    T0,
  );

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof PlatformError ? error.code : Promise.reject(error)),
  );

describe("an operator adds a limit", () => {
  test("a first limit and a lower one take effect at once, audited with the operator, the member told", async () => {
    const memberId = await insertMember(handle.db);
    expect(await byOperator(memberId, 50_000n)).toBe("now");
    expect(await byOperator(memberId, 30_000n)).toBe("now");
    const [limit] = await listLimits(handle.db, memberId);
    expect(limit).toMatchObject({ kind: "deposit", period: "week", pending_since: null });
    expect(BigInt(limit!.amount!)).toBe(30_000n);
    const { rows, trail } = await listLimitedMembers(handle.db, await accountOf(memberId));
    expect(rows).toHaveLength(1);
    expect(trail.map((entry) => [entry.event, entry.detail])).toEqual([
      ["protection_limit_set", expect.objectContaining({ amount: "30000", by: "1" })],
      ["protection_limit_set", expect.objectContaining({ amount: "50000", by: "1" })],
    ]);
    const messages = await listMessages(handle.db, memberId, { page: 1, pageSize: 10 });
    expect(messages.messages.map((row) => row.kind)).toEqual([
      "protection_limit_set_by_operator",
      "protection_limit_set_by_operator",
    ]);
  });

  test("a raise is refused and nothing changes, nor does a member's waiting raise move", async () => {
    const memberId = await insertMember(handle.db);
    await setLimit(
      handle.db,
      { memberId, kind: "loss", period: "week", amount: 10_000n },
      context,
      T0,
    );
    expect(await refusal(byOperator(memberId, 20_000n, "loss"))).toBe("limit_not_lower");
    const [limit] = await listLimits(handle.db, memberId);
    expect(BigInt(limit!.amount!)).toBe(10_000n);
    expect(limit!.pending_since).toBeNull();
    const { trail } = await listLimitedMembers(handle.db, await accountOf(memberId));
    expect(trail).toHaveLength(1);
  });

  test("out of range amounts are refused", async () => {
    const memberId = await insertMember(handle.db);
    expect(await refusal(byOperator(memberId, 0n))).toBe("limit_out_of_range");
    expect(await refusal(byOperator(memberId, -5n))).toBe("limit_out_of_range");
    expect(await listLimits(handle.db, memberId)).toEqual([]);
  });
});

describe("the operator's listing", () => {
  test("reality settings other than the brand's default, with their trail; a search narrows", async () => {
    const chose = await insertMember(handle.db);
    const plain = await insertMember(handle.db);
    await saveRealitySettings(
      handle.db,
      chose,
      { intervalMinutes: 15, sessionLimitMinutes: 60 },
      brand,
      context,
      T0,
    );
    await saveRealitySettings(
      handle.db,
      plain,
      { intervalMinutes: brand.realityCheck.defaultIntervalMinutes, sessionLimitMinutes: null },
      brand,
      context,
      T0,
    );
    const all = await listRealitySettings(
      handle.db,
      null,
      brand.realityCheck.defaultIntervalMinutes,
    );
    const ids = all.rows.map((row) => row.member_id);
    expect(ids).toContain(chose);
    expect(ids).not.toContain(plain);
    const one = await listRealitySettings(
      handle.db,
      (await accountOf(chose)).toUpperCase(),
      brand.realityCheck.defaultIntervalMinutes,
    );
    expect(one.rows).toEqual([
      expect.objectContaining({ member_id: chose, session_limit_minutes: 60 }),
    ]);
    expect(one.trail.map((entry) => entry.event)).toEqual(["reality_check_saved"]);
  });
});
