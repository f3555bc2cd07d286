import { afterAll, beforeAll, expect, it } from "vitest";
import type { DatabaseHandle } from "~/platform/db/open.server";
import type { PlatformError } from "~/platform/errors";
import { claimableCount } from "~/platform/rewards/claimable.server";
import { openRedEnvelope } from "~/platform/rewards/red-envelopes.server";
import { createTestDatabase } from "../../helpers/database";
import { codeOf } from "../../helpers/play";
import { operatorAct, publishedPromotion } from "../../helpers/rewards";
import { insertMember } from "../../helpers/wallet";

/**
 * Red envelopes under load: on PostgreSQL (a pool of 20) the openings truly
 * overlap; on PGlite they interleave between statements. Either way the sums
 * must hold: at most the budget paid, each member at most once.
 */
let handle: DatabaseHandle;
let act: Awaited<ReturnType<typeof operatorAct>>;
beforeAll(async () => {
  handle = await createTestDatabase({ poolSize: 20 });
  act = await operatorAct(handle.db);
});
afterAll(() => handle?.close());

const envelope = (budget: number, min: number, max: number) =>
  publishedPromotion(handle.db, act, {
    kind: "red_envelope",
    claimMode: "automatic",
    category: "other",
    period: "D",
    rewardBps: "",
    rewardCap: "",
    envelopeBudget: budget,
    envelopeMin: min,
    envelopeMax: max,
  });

async function paidOut(promotionId: string) {
  const rows = await handle.db
    .selectFrom("promotion_entries")
    .select(["member_id", "amount"])
    .where("promotion_id", "=", promotionId)
    .execute();
  const ledger = await handle.db
    .selectFrom("entries")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("ref", "=", `promotion:${promotionId}`)
    .executeTakeFirstOrThrow();
  return {
    members: new Set(rows.map((row) => row.member_id)).size,
    entries: rows.length,
    total: rows.reduce((sum, row) => sum + BigInt(row.amount ?? "0"), 0n),
    ledgerEntries: Number(ledger.count),
  };
}

it("100 parallel openings by 100 members against a small budget pay at most the budget", async () => {
  const promotionId = await envelope(5_000, 100, 300);
  const members = await Promise.all(Array.from({ length: 100 }, () => insertMember(handle.db)));
  const results = await Promise.allSettled(
    members.map((memberId) => openRedEnvelope(handle.db, { memberId, promotionId })),
  );
  const paid = results.filter((result) => result.status === "fulfilled");
  const refused = results.filter(
    (result): result is PromiseRejectedResult => result.status === "rejected",
  );
  expect(new Set(refused.map((result) => (result.reason as PlatformError).code))).toEqual(
    refused.length ? new Set(["red_envelope_empty"]) : new Set(),
  );
  const sums = await paidOut(promotionId);
  expect(sums.entries).toBe(paid.length);
  expect(sums.ledgerEntries).toBe(paid.length);
  expect(sums.total).toBeLessThanOrEqual(5_000n);
  // Less than the smallest envelope is left: the budget was used up, not abandoned.
  expect(5_000n - sums.total).toBeLessThan(100n);
  const window = await handle.db
    .selectFrom("red_envelope_windows")
    .select(["paid", "budget"])
    .where("promotion_id", "=", promotionId)
    .executeTakeFirstOrThrow();
  expect(BigInt(window.paid)).toBe(sums.total);
  for (const result of paid) {
    const { amount } = (result as PromiseFulfilledResult<{ amount: bigint }>).value;
    expect(amount).toBeGreaterThanOrEqual(100n);
    expect(amount).toBeLessThanOrEqual(300n);
  }
});

it("100 parallel openings by one member pay once and answer the same amount", async () => {
  const promotionId = await envelope(1_000_000, 100, 5_000);
  const memberId = await insertMember(handle.db);
  expect(await claimableCount(handle.db, memberId)).toBe(1);
  const results = await Promise.all(
    Array.from({ length: 100 }, () => openRedEnvelope(handle.db, { memberId, promotionId })),
  );
  expect(results.filter((result) => !result.replayed)).toHaveLength(1);
  expect(new Set(results.map((result) => result.amount)).size).toBe(1);
  const sums = await paidOut(promotionId);
  expect(sums).toMatchObject({ entries: 1, ledgerEntries: 1, total: results[0]!.amount });
  expect(await claimableCount(handle.db, memberId)).toBe(0);
});

it("draws within [min, max] cut to what is left, and says empty below min", async () => {
  const promotionId = await envelope(450, 100, 300);
  const [a, b, c] = await Promise.all([1, 2, 3].map(() => insertMember(handle.db)));
  const waitingForC = await claimableCount(handle.db, c!);
  expect(
    (await openRedEnvelope(handle.db, { memberId: a!, promotionId, pick: (span) => span - 1 }))
      .amount,
  ).toBe(300n);
  expect(await claimableCount(handle.db, c!)).toBe(waitingForC);
  expect(
    (await openRedEnvelope(handle.db, { memberId: b!, promotionId, pick: (span) => span - 1 }))
      .amount,
  ).toBe(150n);
  // Less than the minimum left: the header no longer counts it for anyone.
  expect(await claimableCount(handle.db, c!)).toBe(waitingForC - 1);
  expect(await codeOf(openRedEnvelope(handle.db, { memberId: c!, promotionId }))).toBe(
    "red_envelope_empty",
  );
  // The next day is a new window with a fresh budget.
  const tomorrow = new Date(Date.now() + 86_400_000);
  expect(
    (
      await openRedEnvelope(handle.db, {
        memberId: a!,
        promotionId,
        now: tomorrow,
        pick: () => 0,
      })
    ).amount,
  ).toBe(100n);
});

it("refuses trial accounts", async () => {
  const promotionId = await envelope(10_000, 100, 300);
  const trial = await insertMember(handle.db, { type: 4 });
  expect(await codeOf(openRedEnvelope(handle.db, { memberId: trial, promotionId }))).toBe(
    "promotion_not_eligible",
  );
});
