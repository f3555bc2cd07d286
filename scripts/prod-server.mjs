// The production build under remix-serve on a free port, for the scripts that measure it
// (npm run bench, npm run lighthouse).
import { spawn } from "node:child_process";
import { mkdirSync, openSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function freePort(from) {
  const tryPort = (port) =>
    new Promise((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "0.0.0.0", () => probe.close(() => resolve(true)));
    });
  for (let port = from; port < from + 100; port++) {
    if (await tryPort(port)) return port;
  }
  throw new Error(`no free port in ${from}..${from + 99}`);
}

/** Waits until `check()` is true; fails at once when `exited()` says the server is gone. */
async function waitUntil(check, what, timeoutMs, exited) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`server exited before ${what}`);
    if (await check().catch(() => false)) return;
    await sleep(250);
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
}

/** Waits until /healthz says ok; fails at once when `exited()` says the server is gone. */
export function waitForHealth(base, timeoutMs, exited = () => false) {
  const healthy = async () => {
    const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2_000) });
    const body = await response.json().catch(() => ({}));
    return response.ok && body.status === "ok";
  };
  return waitUntil(healthy, `${base}/healthz ok`, timeoutMs, exited);
}

/** Waits until `url` answers 2xx (an app without /healthz). */
export function waitForPage(url, timeoutMs, exited = () => false) {
  const answers = async () => (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  return waitUntil(answers, `${url} answering`, timeoutMs, exited);
}

/**
 * A production build under remix-serve: the app in `cwd` (the portal's by default) on `port`.
 * Its output goes to `logFile`, or nowhere. `exited` resolves with how it ended.
 */
export function startRemixServe({ cwd = root, port, env: extra = {}, logFile }) {
  const env = { ...process.env, PORT: String(port), NODE_ENV: "production", ...extra };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  const out = logFile ? openSync(logFile, "w") : "ignore";
  const child = spawn(
    process.execPath,
    [path.join(root, "node_modules/@remix-run/serve/dist/cli.js"), "./build/index.js"],
    { cwd, env, stdio: ["ignore", out, out] },
  );
  const handle = {
    pid: child.pid,
    done: false,
    stopping: false,
    exited: new Promise((resolve) =>
      child.once("exit", (code, signal) => {
        handle.done = true;
        resolve({ code, signal });
      }),
    ),
    healthy: (base, timeoutMs = 180_000) => waitForHealth(base, timeoutMs, () => handle.done),
    answering: (url, timeoutMs = 60_000) => waitForPage(url, timeoutMs, () => handle.done),
    /** SIGTERM lets the database module close PGlite, so the next run opens it unlocked. */
    async stop() {
      if (handle.done) return null;
      handle.stopping = true;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      const ended = await handle.exited;
      clearTimeout(timer);
      return ended;
    },
  };
  return handle;
}

/**
 * The portal with the demo seed in `dataDir/pglite`; its output goes to `dataDir/server.log`.
 * DATABASE_URL is dropped, so a measurement never touches a developer's database.
 */
export function startServer({ port, dataDir, env = {} }) {
  mkdirSync(dataDir, { recursive: true });
  return startRemixServe({
    port,
    logFile: path.join(dataDir, "server.log"),
    env: {
      SEED_DEMO: "true",
      PGLITE_DATA_DIR: path.join(dataDir, "pglite"),
      ...env,
      DATABASE_URL: undefined,
    },
  });
}
