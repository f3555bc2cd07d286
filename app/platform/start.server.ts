import { sql } from "kysely";
import { getConfig, isProductionStart, type Config } from "~/config.server";
import { logEvent } from "~/platform/log.server";
import { runScheduledWork, startScheduler, type SchedulerHandle } from "./agency/scheduler.server";
import { drainOnSignals } from "./db/graceful-stop.server";
import {
  configuredLocation,
  migrateToLatest,
  openDatabase,
  type Database,
  type DatabaseHandle,
} from "./db/open.server";
import { endLiveStreams } from "./events/streams.server";
import {
  issueOperatorSetupToken,
  operatorSetupUrl,
  SETUP_LINK_MINUTES,
} from "./identity/operator-setup.server";
import { seedDemoBrand } from "./seed/seed.server";
import { readBrandFile, selfCreditingChannels, storeBrand } from "./system/brand-store.server";
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
  const handle = await openDatabase(configuredLocation(config));
  const applied = await migrateToLatest(handle.db);
  await prepareBrand(handle.db, config);
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

/**
 * The brand's settings on every start; the demo's members, money and content
 * only with SEED_DEMO. A production start refuses a brand whose members could
 * credit themselves, and, while the brand has no operator, prints a one-time
 * link to make the first one.
 */
export async function prepareBrand(db: Database, config: Config, now = new Date()) {
  if (config.SEED_DEMO) {
    await seedDemoBrand(db, { brandFile: config.BRAND_FILE });
    logEvent("demo.start", {
      level: "warn",
      message:
        "Demo start: the demo accounts have known passwords (README) and codes go to this log; never let this server face the internet",
    });
  } else if (config.BRAND_FILE) {
    await storeBrand(db, readBrandFile(config.BRAND_FILE));
  }
  if (isProductionStart(config)) {
    const channels = selfCreditingChannels(await getBrandConfig(db));
    if (channels.length > 0) {
      throw new Error(
        `Invalid environment configuration:\n  BRAND_FILE: deposit channel ${channels.join(", ")} is "embedded" (members credit themselves); only a demo or development start accepts it`,
      );
    }
  }
  const setup = await issueOperatorSetupToken(db, now);
  if (setup) {
    logEvent("operator.setup", {
      level: "warn",
      message: `No operator yet: make the first one at this link, once, within ${SETUP_LINK_MINUTES} minutes (a restart issues a new one)`,
      url: operatorSetupUrl(config.PUBLIC_URL, setup.token),
      expiresAt: setup.expiresAt.toISOString(),
    });
  }
}

/** Opens, migrates (and seeds when asked) the platform database once per process. */
export function startDatabase(): Promise<DatabaseHandle> {
  globalThis.__platformDatabase ??= start();
  return globalThis.__platformDatabase;
}

export async function getDb(): Promise<Database> {
  return (await startDatabase()).db;
}
