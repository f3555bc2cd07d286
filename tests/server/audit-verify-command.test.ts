import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, expect, inject, test } from "vitest";
import { audit } from "~/platform/audit/audit.server";
import { migrateToLatest, openDatabase } from "~/platform/db/open.server";

/**
 * `npm run audit:verify` on a PGlite directory, as an operator runs it: it holds on the
 * rows the app wrote, and names the row a superuser edited behind the app's back.
 */

const dir = mkdtempSync(join(tmpdir(), "portal-audit-verify-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function verify() {
  const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DATA_DIR: dir };
  delete env.DATABASE_URL;
  const run = spawnSync("bash", ["scripts/audit-verify.sh"], { encoding: "utf8", env });
  return { status: run.status, report: JSON.parse(run.stdout.trim()), said: run.stderr };
}

test("audit:verify holds on the app's rows and names a row edited behind its back", async () => {
  const templates = inject("databaseTemplates");
  const snapshot =
    templates?.kind === "pglite" ? new Blob([readFileSync(templates.migrated)]) : undefined;
  const handle = await openDatabase({ kind: "pglite", dataDir: dir, snapshot });
  await migrateToLatest(handle.db);
  for (const n of [1, 2, 3])
    await audit(handle.db, "vip_level_saved", { ip: null, userAgent: null }, { detail: { n } });
  await handle.close();

  const good = verify();
  expect(good.status).toBe(0);
  expect(good.report).toMatchObject({ ok: true, sealed: 3, rows: 3, lastSeq: "3", unsealed: 0 });
  expect(good.said).toContain("audit chain holds: 3 rows");

  const again = await openDatabase({ kind: "pglite", dataDir: dir });
  await again.db.connection().execute(async (db) => {
    await sql`set session_replication_role = replica`.execute(db);
    await sql`update audit_log set detail = '{"n": 20}'::jsonb where chain_seq = 2`.execute(db);
  });
  await again.close();

  const bad = verify();
  expect(bad.status).toBe(1);
  expect(bad.report).toMatchObject({ ok: false, seq: "2", problem: "hash" });
  expect(bad.said).toContain("audit chain broken at place 2");
}, 60_000);
