#!/usr/bin/env node
// `npm run bench`: throughput of the production build, and the JavaScript the home page ships.
//
// 1. Always runs `npm run build` (≈2 s), so the figures describe the code in the working tree.
// 2. Starts `remix-serve ./build/index.js` on a free port (3300 upwards, or BENCH_PORT) with
//    NODE_ENV=production, SEED_DEMO=true, BENCH_ROUTES=true and PGlite in ./data/bench/pglite
//    (seeded on the first run, reused afterwards). DATABASE_URL is ignored on purpose.
// 3. Builds and starts the empty Remix app of scripts/bench/empty-remix (the ceiling, on 4100
//    upwards or BENCH_EMPTY_PORT), signs player01 in through the login form, waits for
//    /healthz, warms up, then runs autocannon (10 s × 20 connections, documents: Accept
//    text/html) against, in order, the empty app's /, /resources/bench-bare (Remix with no
//    React), /bench/bare (the cheapest page of this app, root loader and document shell),
//    / and /rng as a first-time visitor (no cookies: the page cache), and / with player01's
//    session cookie.
// 4. Loads / in headless Chromium (Debian's /usr/bin/chromium) and gzips (level 9) every
//    script response, including chunks imported after load.
//    A script error on the page (a failed hydration) is printed: the JS figure is then too low.
// 5. Prints a markdown table for docs/benchmarks.md and PASS/MISS against the aims (issue 18:
//    visitor home ≥ 0.5× the empty app's req/s with p99 < 100 ms; signed-in home ≥ 0.35× the
//    bare page; home JS ≤ 120 KB gzipped).
// Exits 0 whether the aims are met or not; exits 1 only when the bench itself fails.
// autocannon, Chromium and the server share the machine's cores: read ratios, not absolutes.
// Besides req/s it reports the server's CPU time per request (from /proc), which other
// load on the machine disturbs much less than throughput.
// Knobs: BENCH_PORT (3300), BENCH_DURATION (10 s), BENCH_CONNECTIONS (20), BENCH_CHROMIUM.

import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium.mjs";
import { freePort, startRemixServe, startServer } from "./prod-server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const WARMUP_S = 2;
const DATA_DIR = path.join(root, "data", "bench");
const LOG_FILE = path.join(DATA_DIR, "server.log");
const CHROMIUM = process.env.BENCH_CHROMIUM ?? CHROMIUM_PATH;
const AIMS = {
  homeOverEmpty: 0.5,
  homeP99Ms: 100,
  memberOverEmpty: 0.1,
  memberP99Ms: 150,
  homeJsKb: 120,
};
const EMPTY_APP = path.join(root, "scripts", "bench", "empty-remix");
// A document request, as a browser's navigation sends it (the page cache serves documents only).
const DOCUMENT = { accept: "text/html,application/xhtml+xml" };
const MEMBER = { account: "player01", password: "Player123" };
const TARGETS = [
  {
    name: "empty",
    path: "/",
    server: "empty",
    label: "empty Remix app `/` (the ceiling: remix-serve, default entries, no data)",
  },
  {
    name: "resource",
    path: "/resources/bench-bare",
    label: "bare resource route `/resources/bench-bare` (Remix, no React)",
  },
  {
    name: "bare",
    path: "/bench/bare",
    label: "bare page `/bench/bare` (root loader + document, no data)",
  },
  { name: "home", path: "/", label: "home `/` (visitor, no cookies: the page cache)" },
  {
    name: "homeAny",
    path: "/",
    accept: "*/*",
    label: "home `/` (visitor, `Accept: */*` as curl and crawlers send)",
  },
  { name: "rng", path: "/rng", label: "`/rng` (visitor)" },
  { name: "member", path: "/", member: true, label: "home `/` signed in (player01's session)" },
];

const kb = (bytes) => bytes / 1024;
const fmt = (n, digits = 1) =>
  n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const log = (...args) => console.log("[bench]", ...args);

let server;
let emptyServer;

async function main() {
  const started = Date.now();
  const loadBefore = os.loadavg()[0];
  if (loadBefore > os.cpus().length) {
    log(
      `warning: load average ${loadBefore.toFixed(1)} on ${os.cpus().length} cores; other work will skew the figures`,
    );
  }

  log("npm run build");
  const build = spawnSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) throw new Error(`npm run build failed (exit ${build.status})`);

  log("npx remix build (the empty Remix app)");
  const emptyBuild = spawnSync("npx", ["remix", "build"], {
    cwd: EMPTY_APP,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (emptyBuild.status !== 0)
    throw new Error(`the empty app's build failed (exit ${emptyBuild.status})`);

  const port = await freePort(Number(process.env.BENCH_PORT ?? 3300));
  const base = `http://127.0.0.1:${port}`;
  server = startServer({ port, dataDir: DATA_DIR, env: { BENCH_ROUTES: "true" } });
  void server.exited.then(({ code, signal }) => {
    if (!server.stopping) log(`server exited unexpectedly (code ${code}, signal ${signal})`);
  });
  log(`server pid ${server.pid} on ${base}, log in ${path.relative(root, LOG_FILE)}`);
  const emptyPort = await freePort(Number(process.env.BENCH_EMPTY_PORT ?? 4100));
  const emptyBase = `http://127.0.0.1:${emptyPort}`;
  // The empty app, built above, under remix-serve like the portal.
  emptyServer = startRemixServe({ cwd: EMPTY_APP, port: emptyPort });
  log(`empty Remix app pid ${emptyServer.pid} on ${emptyBase}`);
  await server.healthy(base);
  await emptyServer.answering(emptyBase);
  log(`healthy after ${((Date.now() - started) / 1000).toFixed(1)} s (build included)`);

  const memberCookie = await signIn(base);
  const urlOf = (target) => (target.server === "empty" ? emptyBase : base) + target.path;
  const headersOf = (target) => ({
    ...(target.accept ? { accept: target.accept } : DOCUMENT),
    ...(target.member ? { cookie: memberCookie } : {}),
  });

  // Sanity: every target answers 200 before we measure it (the bare route 404s without BENCH_ROUTES),
  // and the member's page is the member's.
  for (const target of TARGETS) {
    const response = await fetch(urlOf(target), { headers: headersOf(target) });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`${target.path} answered ${response.status}`);
    if (target.member && !body.includes(MEMBER.account))
      throw new Error(`the signed-in home does not show ${MEMBER.account}`);
  }

  log(`warm-up ${WARMUP_S} s per route`);
  for (const target of TARGETS) {
    await cannon(urlOf(target), {
      duration: WARMUP_S,
      connections: Math.min(CONNECTIONS, 10),
      headers: headersOf(target),
    });
  }

  const results = {};
  for (const target of TARGETS) {
    log(`autocannon ${target.path}: ${DURATION_S} s × ${CONNECTIONS} connections`);
    const measured = target.server === "empty" ? emptyServer : server;
    const cpuBefore = serverCpuMs(measured);
    const result = await cannon(urlOf(target), {
      duration: DURATION_S,
      connections: CONNECTIONS,
      headers: headersOf(target),
    });
    const cpuUsed = serverCpuMs(measured) - cpuBefore;
    if (result.non2xx > 0) throw new Error(`${target.path}: ${result.non2xx} non-2xx responses`);
    if (result.requests.total === 0) throw new Error(`${target.path}: no request completed`);
    results[target.name] = {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      total: result.requests.total,
      errors: result.errors,
      timeouts: result.timeouts,
      bytes: result.throughput.total / Math.max(result.requests.total, 1),
      // Server CPU per response: robust when other work shares the cores, unlike req/s.
      cpuPerRequest: Number.isNaN(cpuUsed) ? NaN : cpuUsed / result.requests.total,
    };
    const r = results[target.name];
    log(
      `  ${fmt(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.total} requests, ` +
        `server CPU ${fmt(r.cpuPerRequest, 2)} ms/request` +
        (r.errors || r.timeouts ? `, ${r.errors} errors, ${r.timeouts} timeouts` : ""),
    );
  }

  log("home JS: loading / in headless Chromium");
  const loadDuring = os.loadavg()[0];
  const js = await measureHomeJs(base);
  const html = await measureHtml(base + "/");

  await stopServer();
  await stopEmptyServer();

  // ---- report ----------------------------------------------------------------------------
  const homeRatio = results.home.rps / results.empty.rps;
  const homeAnyRatio = results.homeAny.rps / results.empty.rps;
  const memberRatio = results.member.rps / results.empty.rps;
  const rngRatio = results.rng.rps / results.bare.rps;
  const jsKb = kb(js.gzipTotal);

  console.log("\nScripts loaded by / (gzip -9 each):\n");
  console.log("| file | raw KB | gzip KB |");
  console.log("|---|---:|---:|");
  for (const file of js.files) {
    console.log(`| \`${file.path}\` | ${fmt(kb(file.raw))} | ${fmt(kb(file.gzip))} |`);
  }
  console.log(
    `| **total (${js.files.length} files)** | ${fmt(kb(js.rawTotal))} | **${fmt(jsKb)}** |`,
  );
  for (const message of js.pageErrors) {
    console.log(`\nWARNING: the home page threw in the browser: ${message}`);
    console.log(
      "(a failed hydration skips the chunks loaded after it, e.g. the carousel's: the JS figure is then too low)",
    );
  }

  console.log(
    `\nResults (${os.cpus().length} cores, Node ${process.version}, ${DURATION_S} s × ${CONNECTIONS} connections, ` +
      `autocannon and server on the same machine; load average ${loadBefore.toFixed(1)} before, ` +
      `${loadDuring.toFixed(1)} after the runs):\n`,
  );
  console.log(
    "| target | req/s (avg) | p50 ms | p99 ms | × empty | × bare | server CPU ms/req | bare/CPU | body KB |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const target of TARGETS) {
    const r = results[target.name];
    const ratio = r.rps / results.bare.rps;
    const cpuRatio = results.bare.cpuPerRequest / r.cpuPerRequest;
    console.log(
      `| ${target.label} | ${fmt(r.rps)} | ${r.p50} | ${r.p99} | ${fmt(r.rps / results.empty.rps, 3)} | ${fmt(ratio, 3)} | ` +
        `${fmt(r.cpuPerRequest, 2)} | ${fmt(cpuRatio, 3)} | ${fmt(kb(r.bytes))} |`,
    );
  }
  console.log(`| home JS (gzip -9, ${js.files.length} scripts) | | | | | | | | **${fmt(jsKb)}** |`);
  console.log(
    `| home HTML (gzip -9 of ${fmt(kb(html.raw))} KB) | | | | | | | | ${fmt(kb(html.gzip))} |`,
  );
  console.log(
    "\n× empty, × bare = req/s ÷ that line's req/s. bare/CPU = bare's server CPU per request ÷ this one's: " +
      "the same ratio measured in CPU time, which other load on the machine disturbs far less.",
  );

  const homePass = homeRatio >= AIMS.homeOverEmpty;
  const homeAnyPass = homeAnyRatio >= AIMS.homeOverEmpty;
  const p99Pass = results.home.p99 < AIMS.homeP99Ms;
  const memberPass = memberRatio >= AIMS.memberOverEmpty;
  const memberP99Pass = results.member.p99 < AIMS.memberP99Ms;
  const jsPass = jsKb <= AIMS.homeJsKb;
  const verdict = (pass) => (pass ? "PASS" : "MISS");
  console.log("\n| aim | target | measured | result |");
  console.log("|---|---|---|---|");
  console.log(
    `| visitor home throughput, a browser's Accept | ≥ ${AIMS.homeOverEmpty}× the empty Remix app | ${fmt(homeRatio, 3)}× | ${verdict(homePass)} |`,
  );
  console.log(
    `| visitor home throughput, \`Accept: */*\` | ≥ ${AIMS.homeOverEmpty}× the empty Remix app | ${fmt(homeAnyRatio, 3)}× | ${verdict(homeAnyPass)} |`,
  );
  console.log(
    `| visitor home p99 at ${CONNECTIONS} connections | < ${AIMS.homeP99Ms} ms | ${results.home.p99} ms | ${verdict(p99Pass)} |`,
  );
  console.log(
    `| signed-in home throughput | ≥ ${AIMS.memberOverEmpty}× the empty Remix app | ${fmt(memberRatio, 3)}× | ${verdict(memberPass)} |`,
  );
  console.log(
    `| signed-in home p99 at ${CONNECTIONS} connections | < ${AIMS.memberP99Ms} ms | ${results.member.p99} ms | ${verdict(memberP99Pass)} |`,
  );
  console.log(
    `| (for reference) home vs the bare resource route | — | ${fmt(results.home.rps / results.resource.rps, 3)}× | — |`,
  );
  const cpuRatio = results.empty.cpuPerRequest / results.home.cpuPerRequest;
  if (!Number.isNaN(cpuRatio)) {
    console.log(
      `| visitor home, by server CPU per request (cross-check) | ≥ ${AIMS.homeOverEmpty}× empty | ` +
        `${fmt(cpuRatio, 3)}× | ${cpuRatio >= AIMS.homeOverEmpty ? "PASS" : "MISS"} |`,
    );
  }
  const jsVerdict =
    (jsPass ? "PASS" : "MISS") +
    (js.pageErrors.length ? " (unreliable: the page threw, see above)" : "");
  console.log(`| home JS | ≤ ${AIMS.homeJsKb} KB gzipped | ${fmt(jsKb)} KB | ${jsVerdict} |`);
  console.log(
    `\n(rng/bare ${fmt(rngRatio, 3)}×; 1 KB = 1024 bytes; total ${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
}

function cannon(url, { duration, connections, headers = {} }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, duration, connections, headers, timeout: 30 }, (error, result) => {
      if (error) reject(error);
      else resolve(result);
    });
  });
}

const CLOCK_TICKS = (() => {
  const result = spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" });
  return Number(result.stdout) || 100;
})();

/** user + system CPU of a server process (all threads) in ms; NaN where /proc is missing. */
function serverCpuMs(child = server) {
  try {
    const stat = readFileSync(`/proc/${child.pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // fields[0] is field 3 (state); utime and stime are fields 14 and 15.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

/** The demo member's session cookie, through the login form as a browser without JavaScript posts it. */
async function signIn(base) {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    body: new URLSearchParams({ username: MEMBER.account, password: MEMBER.password }),
    redirect: "manual",
  });
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .find((pair) => pair.startsWith("session="));
  if (!session)
    throw new Error(`signing ${MEMBER.account} in answered ${response.status} without a session`);
  return session;
}

async function stopServer() {
  if (!server) return;
  const stopped = await server.stop();
  if (stopped) log(`server stopped (code ${stopped.code}, signal ${stopped.signal})`);
}

async function stopEmptyServer() {
  await emptyServer?.stop();
}

async function measureHomeJs(base) {
  const { chromium } = await import("@playwright/test");
  const profile = mkdtempSync(path.join(os.tmpdir(), "bench-chromium-"));
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_FLAGS,
      viewport: { width: 1280, height: 800 },
    });
    const page = context.pages()[0] ?? (await context.newPage());
    const scripts = new Map();
    const pageErrors = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.set(response.url(), response);
    });
    await page.goto(base + "/", { waitUntil: "networkidle", timeout: 60_000 });
    await page.waitForTimeout(1_000);
    await page.waitForLoadState("networkidle");

    const files = [];
    for (const [url, response] of scripts) {
      let body;
      try {
        body = await response.body();
      } catch {
        body = Buffer.from(await (await fetch(url)).arrayBuffer());
      }
      files.push({
        path: url.startsWith(base) ? url.slice(base.length) : url,
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
      });
    }
    files.sort((a, b) => b.gzip - a.gzip);
    if (files.length === 0) throw new Error("the home page loaded no script");
    return {
      files,
      pageErrors,
      rawTotal: files.reduce((sum, file) => sum + file.raw, 0),
      gzipTotal: files.reduce((sum, file) => sum + file.gzip, 0),
    };
  } finally {
    await context?.close().catch(() => {});
    rmSync(profile, { recursive: true, force: true });
  }
}

async function measureHtml(url) {
  const body = Buffer.from(await (await fetch(url)).arrayBuffer());
  return { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    log(`${signal}: stopping the server`);
    await stopServer().catch(() => {});
    await stopEmptyServer().catch(() => {});
    process.exit(1);
  });
}

try {
  await main();
} catch (error) {
  console.error("[bench] FAILED:", error instanceof Error ? error.message : error);
  try {
    const tail = readFileSync(LOG_FILE, "utf8").trimEnd().split("\n").slice(-15).join("\n");
    if (tail) console.error(`[bench] last lines of ${path.relative(root, LOG_FILE)}:\n${tail}`);
  } catch {
    // no log yet
  }
  await stopServer().catch(() => {});
  await stopEmptyServer().catch(() => {});
  process.exit(1);
}
