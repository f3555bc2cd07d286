import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sealAuditLog, verifyAuditChain } from "~/platform/audit/audit-chain.server";
import { audit } from "~/platform/audit/audit.server";
import * as auditChain from "~/platform/db/migrations/0035-audit-chain";
import * as auditShape from "~/platform/db/migrations/0036-audit-shape";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { createTestDatabase } from "./../helpers/database";

/**
 * The audit log as evidence (migration 0035): rows sealed into a chain by
 * hash, UPDATE (but the seal), DELETE and TRUNCATE refused by the database,
 * and a walk of the chain that finds a row edited or removed behind the
 * app's back.
 */

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase({ poolSize: 8 });
});
afterAll(() => handle?.close());

const context = { ip: "203.0.113.9", userAgent: "vitest" };
const write = (n: number) =>
  Promise.all(
    Array.from({ length: n }, (_, index) =>
      audit(handle.db, "vip_level_saved", context, {
        memberId: String(10_000 + index),
        account: `staff${index}`,
        detail: { level: index, before: { rate: 1 }, after: { rate: 2, note: "Ünïcode ✓" } },
      }),
    ),
  );

/** Runs `body` with this connection's triggers off, as a superuser editing behind the app's back. */
async function behindTheAppsBack(body: (db: Kysely<unknown>) => Promise<unknown>) {
  await handle.db.connection().execute(async (db) => {
    await sql`set session_replication_role = replica`.execute(db);
    try {
      await body(db as unknown as Kysely<unknown>);
    } finally {
      await sql`set session_replication_role = origin`.execute(db);
    }
  });
}

describe("the audit chain", () => {
  test("rows written at once, even side by side, are sealed into one unbroken chain", async () => {
    await write(25);
    const unsealed = await handle.db
      .selectFrom("audit_log")
      .select("hash")
      .where("chain_seq", "is", null)
      .orderBy("id")
      .execute();
    expect(unsealed).toHaveLength(25);
    expect(await sealAuditLog(handle.db)).toBe(25);
    expect(await sealAuditLog(handle.db)).toBe(0);
    const rows = await handle.db
      .selectFrom("audit_log")
      .select(["chain_seq", "prev_hash", "hash"])
      .orderBy("chain_seq")
      .execute();
    expect(rows.map((row) => Number(row.chain_seq))).toEqual(rows.map((_, index) => index + 1));
    expect(rows[0]!.prev_hash).toBe("");
    for (const [index, row] of rows.entries())
      if (index > 0) expect(row.prev_hash).toBe(rows[index - 1]!.hash);
    expect(await verifyAuditChain(handle.db, 7)).toEqual({
      ok: true,
      rows: rows.length,
      lastSeq: String(rows.length),
      lastHash: rows.at(-1)!.hash,
      unsealed: 0,
    });
  });

  test("the database refuses UPDATE (but the seal), DELETE and TRUNCATE, and a row's own hash", async () => {
    await sql`insert into audit_log (event, detail, chain_seq, prev_hash, hash)
      values ('vip_level_saved', '{}'::jsonb, 999, 'forged', 'forged')`.execute(handle.db);
    const forged = await handle.db
      .selectFrom("audit_log")
      .select(["chain_seq", "hash"])
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(forged).toEqual({ chain_seq: null, hash: null });
    // An unsealed row's content cannot change either, not even along with a seal.
    await expect(
      sql`update audit_log set detail = '{"x": 1}'::jsonb where chain_seq is null`.execute(
        handle.db,
      ),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`update audit_log set chain_seq = 5000, prev_hash = '', hash = 'x', event = 'login_ok'
          where chain_seq is null`.execute(handle.db),
    ).rejects.toThrow(/append-only/);
    await sealAuditLog(handle.db);
    await expect(
      sql`update audit_log set detail = '{}'::jsonb where chain_seq = 1`.execute(handle.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log where chain_seq = 1`.execute(handle.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`truncate audit_log`.execute(handle.db)).rejects.toThrow(/append-only/);
    expect((await verifyAuditChain(handle.db)).ok).toBe(true);
  });

  test("a row edited behind the app's back breaks the chain at that row; a removed one leaves a gap", async () => {
    await write(5);
    await sealAuditLog(handle.db);
    const before = await verifyAuditChain(handle.db);
    expect(before.ok).toBe(true);
    await behindTheAppsBack((db) =>
      sql`update audit_log set detail = jsonb_set(detail, '{level}', '99') where chain_seq = 3`.execute(
        db,
      ),
    );
    expect(await verifyAuditChain(handle.db)).toMatchObject({
      ok: false,
      seq: "3",
      problem: "hash",
    });
    // Putting the hash right too moves the break to the next row's link.
    await behindTheAppsBack((db) =>
      sql`update audit_log set hash = audit_log_entry_hash(prev_hash, chain_seq, audit_log)
            where chain_seq = 3`.execute(db),
    );
    expect(await verifyAuditChain(handle.db)).toMatchObject({
      ok: false,
      seq: "4",
      problem: "link",
    });

    const fresh = await createTestDatabase();
    try {
      await audit(fresh.db, "vip_level_saved", context, { detail: { n: 1 } });
      await audit(fresh.db, "vip_level_saved", context, { detail: { n: 2 } });
      await audit(fresh.db, "vip_level_saved", context, { detail: { n: 3 } });
      await sealAuditLog(fresh.db);
      await fresh.db.connection().execute(async (db) => {
        await sql`set session_replication_role = replica`.execute(db);
        await sql`delete from audit_log where chain_seq = 2`.execute(db);
        await sql`set session_replication_role = origin`.execute(db);
      });
      expect(await verifyAuditChain(fresh.db)).toMatchObject({
        ok: false,
        seq: "3",
        problem: "gap",
      });
    } finally {
      await fresh.close();
    }
  });

  test("who, what, before and after, and the request are sealed too: editing any of them breaks the chain", async () => {
    const fresh = await createTestDatabase();
    try {
      const staffContext = { ...context, requestId: "req-1", staff: { id: "7", role: "finance" } };
      for (const n of [1, 2, 3])
        await audit(fresh.db, "promotion_updated", staffContext, {
          target: { type: "promotion", id: String(n) },
          before: { title: "Old" },
          after: { title: "New ✓" },
        });
      await sealAuditLog(fresh.db);
      expect(await verifyAuditChain(fresh.db)).toMatchObject({ ok: true, rows: 3 });
      const stored = await fresh.db
        .selectFrom("audit_log")
        .select([
          "staff_id",
          "staff_role",
          "target_type",
          "target_id",
          "before",
          "after",
          "request_id",
        ])
        .where("chain_seq", "=", "1")
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({
        staff_id: "7",
        staff_role: "finance",
        target_type: "promotion",
        target_id: "1",
        before: { title: "Old" },
        after: { title: "New ✓" },
        request_id: "req-1",
      });
      for (const [seq, edit] of [
        ["1", sql`staff_role = 'admin'`],
        ["2", sql`after = '{"title": "Other"}'::jsonb`],
        ["3", sql`request_id = null`],
      ] as const) {
        await fresh.db.connection().execute(async (db) => {
          await sql`set session_replication_role = replica`.execute(db);
          await sql`update audit_log set ${edit} where chain_seq = ${seq}`.execute(db);
          await sql`set session_replication_role = origin`.execute(db);
        });
        expect(await verifyAuditChain(fresh.db)).toMatchObject({ ok: false, seq, problem: "hash" });
        // Put right (hash and all) so that the next edit is the first break.
        await fresh.db.connection().execute(async (db) => {
          await sql`set session_replication_role = replica`.execute(db);
          await sql`update audit_log set hash = audit_log_entry_hash(prev_hash, chain_seq, audit_log)
            where chain_seq = ${seq}`.execute(db);
          await sql`update audit_log set prev_hash = (select hash from audit_log where chain_seq = ${seq})
            where chain_seq = ${seq} + 1`.execute(db);
          await sql`update audit_log set hash = audit_log_entry_hash(prev_hash, chain_seq, audit_log)
            where chain_seq > ${seq}`.execute(db);
          await sql`set session_replication_role = origin`.execute(db);
        });
      }
    } finally {
      await fresh.close();
    }
  });

  test("the migration chains the rows written before it, in the order they were written; the later shape keeps them valid", async () => {
    const fresh = await createTestDatabase();
    try {
      const db = fresh.db as unknown as Kysely<unknown>;
      await auditShape.down(db);
      await auditChain.down(db);
      for (const n of [1, 2, 3])
        await sql`insert into audit_log (event, ip, detail) values ('vip_level_saved', null, ${JSON.stringify({ n })}::jsonb)`.execute(
          db,
        );
      await auditChain.up(db);
      await sql`insert into audit_log (event, ip, detail) values ('vip_level_saved', '203.0.113.1', '{"n": 4}'::jsonb)`.execute(
        db,
      );
      await sql`select seal_audit_log()`.execute(db);
      await auditShape.up(db);
      expect(await verifyAuditChain(fresh.db)).toMatchObject({ ok: true, rows: 4, lastSeq: "4" });
      await audit(
        fresh.db,
        "vip_level_saved",
        { ...context, requestId: "req-5" },
        { detail: { n: 5 } },
      );
      expect(await verifyAuditChain(fresh.db)).toMatchObject({ ok: true, rows: 4, unsealed: 1 });
      await sealAuditLog(fresh.db);
      expect(await verifyAuditChain(fresh.db)).toMatchObject({ ok: true, rows: 5, unsealed: 0 });
    } finally {
      await fresh.close();
    }
  });
});
