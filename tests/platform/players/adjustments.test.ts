import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { OPERATOR_TYPE } from "~/platform/identity/member-types";
import {
  adjustmentRules,
  approveAdjustment,
  listAdjustments,
  rejectAdjustment,
  requestAdjustment,
  type AdjustmentInput,
} from "~/platform/players/adjustments.server";
import { brandConfigSchema } from "~/platform/system/brand-config.server";
import demoBrand from "~/platform/system/brands/demo.json";
import { MAIN } from "~/platform/wallet/ledger.server";
import { transactionHistory } from "~/platform/wallet/records.server";
import { useSeededDatabase } from "../../helpers/database";
import { codeOf, fundMain } from "../../helpers/play";
import { accountBalance, formKey, insertMember } from "../../helpers/wallet";

/**
 * Manual adjustments on a real database: up to the threshold the money moves
 * at once; above it the adjustment waits for a second staff member, the one
 * who asked cannot approve it (the platform says so, and the database refuses
 * the row whatever writes it), the approval moves the money exactly once, a
 * debit never takes a balance below zero, and every step is audited.
 */

const seeded = useSeededDatabase();
// Threshold 1,000.00 and a largest adjustment of 10,000.00 (minor units).
const rules = adjustmentRules({
  adjustments: { reasons: ["goodwill", "correction"], fourEyesAbove: 100_000, max: 1_000_000 },
});

async function staffAct() {
  const operatorId = await insertMember(seeded.db, { type: OPERATOR_TYPE });
  return { operatorId, context: { ip: "203.0.113.9", userAgent: "vitest", staff: null } };
}

const input = (memberId: string, values: Partial<AdjustmentInput> = {}): AdjustmentInput => ({
  memberId,
  direction: "credit",
  amount: 50_000n,
  reason: "goodwill",
  note: "Late payout of a won bet",
  formKey: formKey(),
  ...values,
});

const auditOf = (adjustmentId: string) =>
  seeded.db
    .selectFrom("audit_log")
    .select(["event", "staff_id", "before", "after", "detail", "member_id"])
    .where("target_type", "=", "adjustment")
    .where("target_id", "=", adjustmentId)
    .orderBy("id")
    .execute();

describe("manual adjustments", () => {
  test("up to the threshold a credit moves at once, once for a doubled submit, and is audited with the balance before and after", async () => {
    const db = seeded.db;
    const member = await insertMember(db);
    const maker = await staffAct();
    const asked = input(member, { amount: 100_000n });
    const first = await requestAdjustment(db, asked, rules, maker);
    expect(first).toMatchObject({ status: "applied", replayed: false });
    const again = await requestAdjustment(db, asked, rules, maker);
    expect(again).toEqual({ ...first, replayed: true });
    expect(await accountBalance(db, member, MAIN)).toBe(100_000n);
    // The same key with another amount is not a repeat.
    expect(await codeOf(requestAdjustment(db, { ...asked, amount: 1n }, rules, maker))).toBe(
      "idempotency_key_reused",
    );
    const [entry] = await auditOf(first.id);
    expect(entry).toMatchObject({
      event: "adjustment_applied",
      member_id: member,
      before: { balance: "0" },
      after: { balance: "100000", status: "applied" },
      detail: { direction: "credit", amount: "100000", reason: "goodwill" },
    });
  });

  test("above the threshold it waits; the maker cannot approve; a second staff member's approval moves the money once", async () => {
    const db = seeded.db;
    const member = await insertMember(db);
    const maker = await staffAct();
    const checker = await staffAct();
    const pending = await requestAdjustment(db, input(member, { amount: 100_001n }), rules, maker);
    expect(pending.status).toBe("pending");
    expect(await accountBalance(db, member, MAIN)).toBe(0n);
    expect((await listAdjustments(db, { pending: true }, 500)).map((a) => a.id)).toContain(
      pending.id,
    );

    expect(await codeOf(approveAdjustment(db, pending.id, maker))).toBe("adjustment_four_eyes");
    expect(await codeOf(rejectAdjustment(db, pending.id, "", maker))).toBe("adjustment_four_eyes");
    // Whatever code writes the row, the database keeps the maker from being the checker.
    await expect(
      db
        .updateTable("manual_adjustments")
        .set({ decided_by: maker.operatorId })
        .where("id", "=", pending.id)
        .execute(),
    ).rejects.toThrow(/manual_adjustments_four_eyes/);
    // Nor is it applied without an approver.
    await expect(
      sql`update manual_adjustments set status = 'applied', decided_at = now(),
            entry_id = (select id from entries limit 1) where id = ${pending.id}`.execute(db),
    ).rejects.toThrow(/manual_adjustments_approved/);

    // Two approvals at once: one moves the money, the other finds it decided.
    const results = await Promise.all([
      codeOf(approveAdjustment(db, pending.id, checker)),
      codeOf(approveAdjustment(db, pending.id, checker)),
    ]);
    expect(results.sort()).toEqual(["adjustment_decided", "ok"]);
    expect(await accountBalance(db, member, MAIN)).toBe(100_001n);
    const [shown] = await listAdjustments(db, { memberId: member }, 10);
    expect(shown).toMatchObject({
      status: "applied",
      requestedBy: { id: maker.operatorId },
      decidedBy: { id: checker.operatorId },
    });
    const trail = await auditOf(pending.id);
    expect(trail.map((row) => [row.event, row.staff_id])).toEqual([
      ["adjustment_requested", null],
      ["adjustment_applied", null],
    ]);
    expect(trail[1]).toMatchObject({
      before: { balance: "0", status: "pending" },
      after: { balance: "100001", status: "applied" },
      detail: { requestedBy: maker.operatorId },
    });
  });

  test("a debit never goes below zero, asked or approved; a rejection moves nothing", async () => {
    const db = seeded.db;
    const member = await insertMember(db);
    const maker = await staffAct();
    const checker = await staffAct();
    await fundMain(db, member, 300_000n);
    expect(
      await codeOf(
        requestAdjustment(
          db,
          input(member, { direction: "debit", amount: 300_001n }),
          rules,
          maker,
        ),
      ),
    ).toBe("insufficient_balance");
    const small = await requestAdjustment(
      db,
      input(member, { direction: "debit", amount: 50_000n }),
      rules,
      maker,
    );
    expect(small.status).toBe("applied");
    expect(await accountBalance(db, member, MAIN)).toBe(250_000n);

    const large = await requestAdjustment(
      db,
      input(member, { direction: "debit", amount: 200_000n }),
      rules,
      maker,
    );
    expect(large.status).toBe("pending");
    // The member spends meanwhile: the approval is refused and the adjustment still waits.
    await requestAdjustment(
      db,
      input(member, { direction: "debit", amount: 100_000n }),
      rules,
      maker,
    );
    expect(await codeOf(approveAdjustment(db, large.id, checker))).toBe("insufficient_balance");
    await rejectAdjustment(db, large.id, "Balance already spent", checker);
    expect(await accountBalance(db, member, MAIN)).toBe(150_000n);
    expect(await codeOf(approveAdjustment(db, large.id, checker))).toBe("adjustment_decided");
    const trail = await auditOf(large.id);
    expect(trail.at(-1)).toMatchObject({
      event: "adjustment_rejected",
      after: { status: "rejected" },
      detail: { note: "Balance already spent" },
    });
  });

  test("refuses a reason the brand does not offer, an amount over the largest, a staff account and an unknown id", async () => {
    const db = seeded.db;
    const member = await insertMember(db);
    const maker = await staffAct();
    expect(
      await codeOf(requestAdjustment(db, input(member, { reason: "chargeback" }), rules, maker)),
    ).toBe("adjustment_reason");
    expect(
      await codeOf(requestAdjustment(db, input(member, { amount: 1_000_001n }), rules, maker)),
    ).toBe("amount_out_of_range");
    expect(await codeOf(requestAdjustment(db, input(maker.operatorId), rules, maker))).toBe(
      "player_not_found",
    );
    expect(await codeOf(approveAdjustment(db, "99999999", maker))).toBe("adjustment_not_found");
  });

  test("the member's transaction history lists an adjustment under its own type", async () => {
    const db = seeded.db;
    const member = await insertMember(db);
    await fundMain(db, member, 10_000n);
    await requestAdjustment(db, input(member, { amount: 2_500n }), rules, await staffAct());
    const history = await transactionHistory(db, member, {
      window: { from: new Date(Date.now() - 86_400_000), to: new Date(Date.now() + 86_400_000) },
      type: "adjustment",
      page: 1,
      pageSize: 10,
    });
    expect(history.rows.map((row) => [row.kind, row.amount])).toEqual([["adjustment", "2500"]]);
  });

  test("a brand file without adjustments gets every reason and a threshold", () => {
    const { adjustments: _, ...withoutAdjustments } = demoBrand as Record<string, unknown>;
    const brand = brandConfigSchema.parse(withoutAdjustments);
    expect(adjustmentRules(brand).reasons.length).toBeGreaterThan(1);
    expect(adjustmentRules(brand).fourEyesAbove).toBe(100_000n);
  });
});
