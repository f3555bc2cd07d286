import { mkdirSync } from "node:fs";
import { Kysely, Migrator, PostgresDialect } from "kysely";
import { listenPostgres, type Listen } from "./listen.server";
import { migrationProvider } from "./migrations/index";
import type { DB } from "./schema";
import { TextGuardPlugin } from "./text-guard.server";

export type Database = Kysely<DB>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball, which `snapshot` of a location opens again. */
  dump?: () => Promise<Blob>;
  /** LISTEN/NOTIFY for the event channel: a dedicated connection on PostgreSQL, the instance itself on PGlite. */
  listen: Listen;
}

export type DatabaseLocation =
  | { kind: "postgres"; url: string; poolSize?: number }
  | { kind: "pglite"; dataDir?: string; snapshot?: Blob };

/** The database a configuration names: PostgreSQL at DATABASE_URL, else PGlite in PGLITE_DATA_DIR. */
export function configuredLocation(config: {
  DATABASE_URL?: string;
  PGLITE_DATA_DIR: string;
}): DatabaseLocation {
  return config.DATABASE_URL
    ? { kind: "postgres", url: config.DATABASE_URL }
    : { kind: "pglite", dataDir: config.PGLITE_DATA_DIR };
}

/**
 * Opens PostgreSQL (a pool over `DATABASE_URL`) or embedded PGlite (a data
 * directory, or memory when none is given) behind the same Kysely API.
 */
export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if (location.kind === "postgres") {
    const { default: pg } = await import("pg");
    // bigint columns (money) stay strings; parsing them to numbers would lose cents past 2^53.
    const pool = new pg.Pool({
      connectionString: location.url,
      max: location.poolSize ?? 10,
      // Idle connections do not hold the process: a graceful stop sees the loop empty once requests are done.
      allowExitOnIdle: true,
    });
    const db = new Kysely<DB>({
      dialect: new PostgresDialect({ pool }),
      plugins: [new TextGuardPlugin()],
    });
    const listening = new Set<() => Promise<void>>();
    const listen: Listen = async (channel, onNotify, onReconnect) => {
      const stop = await listenPostgres(location.url)(channel, onNotify, onReconnect);
      const stopOnce = async () => {
        if (listening.delete(stopOnce)) await stop();
      };
      listening.add(stopOnce);
      return stopOnce;
    };
    return {
      db,
      kind: "postgres",
      listen,
      // A listener's own client outlives the pool otherwise, and keeps the database in use.
      close: async () => {
        await Promise.all([...listening].map((stop) => stop()));
        await db.destroy();
      },
    };
  }

  const { PGlite } = await import("@electric-sql/pglite");
  const { PGliteDialect } = await import("kysely-pglite-dialect");
  if (location.dataDir) mkdirSync(location.dataDir, { recursive: true });
  // int8 (money, bigserial) as strings, as node-postgres returns them, so both drivers agree.
  // One options object: PGlite drops the second argument when the first (dataDir) is undefined.
  const pglite = new PGlite({
    dataDir: location.dataDir,
    loadDataDir: location.snapshot,
    parsers: { 20: (value: string) => value },
  });
  await pglite.waitReady;
  const db = new Kysely<DB>({
    dialect: new PGliteDialect(pglite),
    plugins: [new TextGuardPlugin()],
  });
  return {
    db,
    kind: "pglite",
    dump: () => pglite.dumpDataDir("none"),
    // One connection and no network: the instance never drops, so there is nothing to reconnect.
    listen: async (channel, onNotify) => {
      const stop = await pglite.listen(channel, onNotify);
      return () => (pglite.closed ? Promise.resolve() : stop());
    },
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

export async function migrateToLatest(db: Database) {
  // Features land from parallel branches, so a database may already hold a later-numbered
  // migration when an earlier-numbered one arrives; each migration stands on its own.
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(
      `Migration ${failed?.migrationName ?? ""} failed: ${String(error ?? "unknown error")}`,
    );
  }
  return results?.map((result) => result.migrationName) ?? [];
}
