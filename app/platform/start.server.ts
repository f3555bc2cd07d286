import { sql } from "kysely";
import { getConfig } from "~/config.server";
import { logEvent } from "~/platform/log.server";
import { runScheduledWork, startScheduler, type SchedulerHandle } from "./agency/scheduler.server";
import { drainOnSignals } from "./db/graceful-stop.server";
import {
  migrateToLatest,
  openDatabase,
  type Database,
  type DatabaseHandle,
} from "./db/open.server";
import { endLiveStreams } from "./events/streams.server";
import { seedDemoBrand } from "./seed/seed.server";
import { getBrandConfig } from "./system/settings.server";

declare global {
  // Survives module re-evaluation in development, where a second PGlite on the same directory would fail.
  var __platformDatabase: Promise<DatabaseHandle> | undefined;
}

let scheduler: SchedulerHandle | null = null;

async function start(): Promise<DatabaseHandle> {
  const config = getConfig();
  drainOnSignals({
    handle: startDatabase,
    stopScheduler: async () => scheduler?.stop(),
    endStreams: endLiveStreams,
    log: logEvent,
  });
  const started = performance.now();
  const handle = config.DATABASE_URL
    ? await openDatabase({ kind: "postgres", url: config.DATABASE_URL })
    : await openDatabase({ kind: "pglite", dataDir: config.PGLITE_DATA_DIR });
  const applied = await migrateToLatest(handle.db);
  if (config.SEED_DEMO) await seedDemoBrand(handle.db, { brandFile: config.BRAND_FILE });
  // PGlite runs no autovacuum, so nothing else keeps the planner's statistics current.
  if (handle.kind === "pglite") await sql`analyze`.execute(handle.db);
  if (config.SCHEDULER_SECONDS > 0) {
    const db = handle.db;
    scheduler = startScheduler(
      async () => runScheduledWork(db, (await getBrandConfig(db)).timeZone),
      config.SCHEDULER_SECONDS * 1000,
      logEvent,
    );
  }
  logEvent("database.ready", {
    kind: handle.kind,
    migrations: applied.length,
    seeded: config.SEED_DEMO,
    ms: Math.round(performance.now() - started),
  });
  return handle;
}

/** Opens, migrates (and seeds when asked) the platform database once per process. */
export function startDatabase(): Promise<DatabaseHandle> {
  globalThis.__platformDatabase ??= start();
  return globalThis.__platformDatabase;
}

export async function getDb(): Promise<Database> {
  return (await startDatabase()).db;
}
