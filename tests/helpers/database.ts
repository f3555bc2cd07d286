import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import {
  migrateToLatest,
  openDatabase,
  type Database,
  type DatabaseHandle,
} from "~/platform/db/open.server";
import { seedDemoBrand } from "~/platform/seed/seed.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { getBrandConfig, writeSetting } from "~/platform/system/settings.server";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default,
 * a throwaway database on the server named by TEST_DATABASE_URL otherwise.
 * Both are copies of the run's migrated template (tests/global-setup.ts).
 */
export async function createTestDatabase(
  options: { poolSize?: number } = {},
): Promise<DatabaseHandle> {
  return copyOfTemplate("migrated", options);
}

async function copyOfTemplate(
  which: "migrated" | "seeded",
  options: { poolSize?: number } = {},
): Promise<DatabaseHandle> {
  const templates = inject("databaseTemplates");
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    if (templates?.kind === "pglite") {
      return openDatabase({
        kind: "pglite",
        snapshot: new Blob([readFileSync(templates[which])]),
      });
    }
    // Without the global setup (a file run on its own by some other runner): build it here.
    const handle = await openDatabase({ kind: "pglite" });
    await migrateToLatest(handle.db);
    if (which === "seeded") await seedDemoBrand(handle.db);
    return handle;
  }
  const template = templates?.kind === "postgres" ? templates[which] : null;
  const name = `portal_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({
    kind: "postgres",
    url: url.toString(),
    poolSize: options.poolSize ?? 4,
  });
  if (!template) {
    await migrateToLatest(handle.db);
    if (which === "seeded") await seedDemoBrand(handle.db);
  }
  return {
    ...handle,
    async close() {
      await handle.close();
      // Not `with (force)`: that can kill a backend whose client is still ending, and the
      // client then reports the termination as an error. Wait for the last one instead.
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      try {
        for (let attempt = 0; ; attempt++) {
          try {
            await cleanup.query(`drop database if exists ${name}`);
            break;
          } catch (error) {
            const inUse = (error as { code?: string }).code === "55006";
            if (!inUse || attempt >= 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } finally {
        await cleanup.end();
      }
    },
  };
}

/**
 * The demo brand on a fresh database for the whole test file: call at the top
 * of a file (or a describe block) and read `.db` inside tests.
 */
export function useSeededDatabase(onReady?: (handle: DatabaseHandle) => void) {
  const current = {} as { handle: DatabaseHandle };
  beforeAll(async () => {
    current.handle = await seededDatabase();
    onReady?.(current.handle);
  });
  afterAll(() => current.handle?.close());
  return {
    get db() {
      return current.handle.db;
    },
  };
}

/** A copy of the run's seeded template (tests/global-setup.ts), on PGlite or on PostgreSQL. */
function seededDatabase(): Promise<DatabaseHandle> {
  return copyOfTemplate("seeded");
}

/** Runs `body` with the database's brand changed by `change`, then puts the brand back. */
export async function withBrand(
  db: Database,
  change: (brand: BrandConfig) => void,
  body: () => Promise<void>,
) {
  const original = await getBrandConfig(db);
  const modified = structuredClone(original);
  change(modified);
  await writeSetting(db, "brand", modified);
  try {
    await body();
  } finally {
    await writeSetting(db, "brand", original);
  }
}
