import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { migrateToLatest, openDatabase } from "~/platform/db/open.server";
import { seedDemoBrand } from "~/platform/db/seed/seed.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** A tarball of a migrated, seeded PGlite database; empty when the tests run on PostgreSQL. */
    seededSnapshot: string;
  }
}

/**
 * Seeds the demo brand once for the whole run and hands every test file a
 * copy (useSeededDatabase loads the tarball into its own in-memory PGlite):
 * seeding per file took seconds in each of dozens of files.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide("seededSnapshot", "");
    return;
  }
  const handle = await openDatabase({ kind: "pglite" });
  await migrateToLatest(handle.db);
  await seedDemoBrand(handle.db);
  const tarball = await handle.dump!();
  await handle.close();
  const path = join(tmpdir(), `portal-seeded-${process.pid}.tar`);
  writeFileSync(path, Buffer.from(await tarball.arrayBuffer()));
  project.provide("seededSnapshot", path);
  return () => rmSync(path, { force: true });
}
