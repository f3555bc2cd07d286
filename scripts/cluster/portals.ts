// Starting portal processes (the production build under remix-serve) and the
// haproxy in front of them: one module for `npm run cluster`, its kill test,
// the two-process event test and the graceful-stop test (ADR 25).
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

// Run from the repository's root (scripts/cluster.sh goes there); the scripts themselves are bundled elsewhere.
const ROOT = process.cwd();
export const HAPROXY = process.env.HAPROXY_BIN ?? "/usr/sbin/haproxy";
const HAPROXY_CONFIG = `${ROOT}/scripts/cluster/haproxy.cfg`;
/** The embedded gateway's signing key for the cluster: the callback route needs a configured gateway. */
export const GATEWAY_KEY = "cluster-gateway-key-0123456789";

export interface Portal {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) once the process has gone. */
  exited: Promise<number | string>;
  /** The process's JSON log lines (entry.server and the platform), parsed. */
  events: Array<Record<string, unknown>>;
}

export interface PortalOptions {
  name: string;
  port: number;
  /** PostgreSQL URL; without one the portal opens PGlite in `pgliteDir`. */
  databaseUrl?: string;
  pgliteDir?: string;
  logDir: string;
  env?: Record<string, string>;
}

/** Starts one portal process; resolves once `/healthz` answers 200. */
export async function startPortal(options: PortalOptions): Promise<Portal> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(options.port),
    SEED_DEMO: "true",
    SCHEDULER_SECONDS: "1",
    TRUST_PROXY_HOPS: "1",
    PAYMENT_GATEWAY_URL: "http://127.0.0.1:9/gateway",
    PAYMENT_GATEWAY_KEY: GATEWAY_KEY,
    ...options.env,
  };
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (options.pgliteDir) env.PGLITE_DATA_DIR = options.pgliteDir;
  const child = spawn(
    process.execPath,
    ["node_modules/@remix-run/serve/dist/cli.js", "./build/index.js"],
    {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const log = createWriteStream(`${options.logDir}/${options.name}.log`, { flags: "a" });
  const events: Array<Record<string, unknown>> = [];
  let partial = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    log.write(chunk);
    const lines = (partial + chunk.toString()).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      if (!line.startsWith("{")) continue;
      try {
        events.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // A line that only looks like JSON: the raw log has it.
      }
    }
  });
  child.stderr!.on("data", (chunk: Buffer) => log.write(chunk));
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown")),
  );
  const url = `http://127.0.0.1:${options.port}`;
  const portal = { name: options.name, port: options.port, url, child, exited, events };
  await waitHealthy(url, exited);
  return portal;
}

/** Polls `/healthz` until it answers 200; fails when the process exits first or after 90 s. */
export async function waitHealthy(url: string, exited?: Promise<unknown>) {
  let gone = false;
  void exited?.then(() => (gone = true));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`${url}: the process exited before it was healthy`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`${url}: not healthy after 90 s`);
}

export interface Proxy {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Debian's haproxy in the foreground with the repo's config, in front of two portals. */
export async function startProxy(port: number, backends: [number, number], logDir: string) {
  const child = spawn(HAPROXY, ["-db", "-f", HAPROXY_CONFIG], {
    env: {
      ...process.env,
      CLUSTER_PROXY_PORT: String(port),
      CLUSTER_PORT_A: String(backends[0]),
      CLUSTER_PORT_B: String(backends[1]),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log = createWriteStream(`${logDir}/haproxy.log`, { flags: "a" });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, exited);
  return {
    url,
    child,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  } satisfies Proxy;
}

/** SIGTERM (a graceful stop) and wait; resolves with the exit code and how long it took. */
export async function stopPortal(portal: Portal, signal: NodeJS.Signals = "SIGTERM") {
  const started = performance.now();
  portal.child.kill(signal);
  const code = await portal.exited;
  return { code, ms: performance.now() - started };
}

/** The end of every script: whatever is still running is stopped and waited for. */
export async function stopAll(portals: readonly Portal[]) {
  for (const portal of portals) if (portal.child.exitCode === null) portal.child.kill("SIGTERM");
  await Promise.all(portals.map((portal) => portal.exited));
}
