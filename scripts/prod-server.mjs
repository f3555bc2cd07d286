// The production build under remix-serve on a free port, for scripts that measure it
// (npm run lighthouse). DATABASE_URL is dropped on purpose: the demo seed goes to its own
// PGlite directory, so a measurement never touches a developer's database.
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

/** Waits until /healthz says ok; fails at once when `exited()` says the server is gone. */
export async function waitForHealth(base, timeoutMs, exited = () => false) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) throw new Error("server exited before it became healthy");
    try {
      const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2_000) });
      const body = await response.json().catch(() => ({}));
      if (response.ok && body.status === "ok") return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`/healthz not ok within ${timeoutMs / 1000} s`);
}

/** Starts remix-serve with the demo seed in `dataDir/pglite`; its output goes to `dataDir/server.log`. */
export function startServer({ port, dataDir, env: extra = {} }) {
  mkdirSync(dataDir, { recursive: true });
  const env = {
    ...process.env,
    PORT: String(port),
    NODE_ENV: "production",
    SEED_DEMO: "true",
    PGLITE_DATA_DIR: path.join(dataDir, "pglite"),
    ...extra,
  };
  delete env.DATABASE_URL;
  const out = openSync(path.join(dataDir, "server.log"), "w");
  const child = spawn(
    process.execPath,
    [path.join(root, "node_modules/@remix-run/serve/dist/cli.js"), "./build/index.js"],
    { cwd: root, env, stdio: ["ignore", out, out] },
  );
  const exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
  let done = false;
  void exited.then(() => (done = true));
  return {
    pid: child.pid,
    healthy: (base, timeoutMs = 180_000) => waitForHealth(base, timeoutMs, () => done),
    // SIGTERM lets the database module close PGlite, so the next run opens it unlocked.
    async stop() {
      if (done) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
