import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { ProvidedContext } from "vitest";
import type { TestProject } from "vitest/node";
import { migrateToLatest, openDatabase, type DatabaseHandle } from "~/platform/db/open.server";
import { seedDemoBrand } from "~/platform/seed/seed.server";

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * Where each test file's database comes from, made once for the whole run:
     * PGlite tarballs (a file loads one into its own in-memory PGlite), or the
     * names of template databases on the TEST_DATABASE_URL server (a file gets
     * `create database … template …`).
     */
    databaseTemplates: {
      kind: "pglite" | "postgres";
      /** Migrated, empty. */
      migrated: string;
      /** Migrated and seeded with the demo brand. */
      seeded: string;
    };
  }
}

/**
 * Migrating and seeding take seconds, and dozens of test files each need a
 * fresh database: do both once here and hand every file a copy. On PGlite a
 * copy is a tarball of the data directory (a new PGlite that runs initdb
 * costs ~2 s of CPU, one that loads a tarball ~0.5 s); on PostgreSQL it is a
 * template database (`create database … template` copies files).
 */
export default async function setup(project: TestProject) {
  // Vitest runs a global setup once per project (vitest.config.ts has two): the templates are
  // made by the first and shared, and removed after the last one's teardown.
  const shared = ((globalThis as { __portalTemplates?: SharedTemplates }).__portalTemplates ??= {
    made: null,
    users: 0,
  });
  const serverUrl = process.env.TEST_DATABASE_URL;
  shared.made ??= serverUrl ? postgresTemplates(serverUrl) : pgliteSnapshots();
  const { templates, teardown } = await shared.made;
  project.provide("databaseTemplates", templates);
  shared.users += 1;
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    shared.made = null;
    await teardown();
  };
}

type Templates = ProvidedContext["databaseTemplates"];

interface SharedTemplates {
  made: Promise<{ templates: Templates; teardown: () => Promise<void> | void }> | null;
  users: number;
}

async function pgliteSnapshots() {
  const handle = await openDatabase({ kind: "pglite" });
  const paths: string[] = [];
  const dump = async (name: string) => {
    const path = join(tmpdir(), `portal-${name}-${process.pid}.tar`);
    writeFileSync(path, Buffer.from(await (await handle.dump!()).arrayBuffer()));
    paths.push(path);
    return path;
  };
  try {
    await migrateToLatest(handle.db);
    const migrated = await dump("migrated");
    await seedDemoBrand(handle.db);
    const seeded = await dump("seeded");
    const templates: Templates = { kind: "pglite", migrated, seeded };
    return {
      templates,
      teardown: () => {
        for (const path of paths) rmSync(path, { force: true });
      },
    };
  } finally {
    await handle.close();
  }
}

async function postgresTemplates(serverUrl: string) {
  const prefix = `portal_template_${process.pid}`;
  const names = { migrated: `${prefix}_migrated`, seeded: `${prefix}_seeded` };
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const build = async (name: string, seed: boolean) => {
    await admin(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle: DatabaseHandle = await openDatabase({ kind: "postgres", url: url.toString() });
    try {
      await migrateToLatest(handle.db);
      if (seed) await seedDemoBrand(handle.db);
    } finally {
      // A template must have no connections left when a test file copies it.
      await handle.close();
    }
  };
  const teardown = async () => {
    for (const name of Object.values(names)) await admin(`drop database if exists ${name}`);
  };
  try {
    await Promise.all([build(names.migrated, false), build(names.seeded, true)]);
  } catch (error) {
    await teardown();
    throw error;
  }
  const templates: Templates = { kind: "postgres", ...names };
  return { templates, teardown };
}
