#!/usr/bin/env node
// npm run lighthouse: Lighthouse 12 (mobile, default config) on the visitor's first pages.
//
// 1. `npm run build`.
// 2. remix-serve on a free port (4300 upwards, or LIGHTHOUSE_PORT), production, demo seed in
//    ./data/lighthouse/pglite (seeded on the first run, reused afterwards).
// 3. Debian's full Chromium (/usr/bin/chromium, or LIGHTHOUSE_CHROMIUM): Lighthouse's
//    throttling model is calibrated on the full browser, not the headless shell the e2e use.
// 4. LIGHTHOUSE_RUNS runs per page (3), each in a fresh browser, and a table of the median
//    run's four category scores and FCP/LCP/TBT/CLS; reports in data/lighthouse/<page>.json.
//    Exits 0 whatever the scores: they are figures for docs/benchmarks.md, not a gate.
//    LIGHTHOUSE_PAGES (comma-separated paths) and LIGHTHOUSE_SKIP_BUILD=true narrow a rerun.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { CHROMIUM_FLAGS } from "./chromium.mjs";
import { freePort, root, startServer } from "./prod-server.mjs";

const PAGES = (process.env.LIGHTHOUSE_PAGES ?? "/,/live,/login,/promotions").split(",");
const CHROMIUM = process.env.LIGHTHOUSE_CHROMIUM ?? "/usr/bin/chromium";
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const DATA_DIR = path.join(root, "data", "lighthouse");
const reportFile = (url) =>
  path.join(
    DATA_DIR,
    `${new URL(url).pathname.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "home"}.json`,
  );
const log = (...args) => console.log("[lighthouse]", ...args);

/** One Lighthouse run in a fresh browser profile: its report (lhr). */
async function lighthouseRun(url) {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), "lighthouse-chromium-"));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    userDataDir,
    chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
    });
    return result.lhr;
  } finally {
    await chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

/**
 * RUNS runs of a page and the median one, as Lighthouse's own guidance asks:
 * the simulated metrics follow what the browser happened to do first on this
 * machine (a script that finished loading before the first paint counts as
 * blocking it), so one run on a busy machine can be far off.
 */
async function audit(url) {
  const runs = [];
  for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 2; attempt++) {
    const lhr = await lighthouseRun(url);
    if (lhr.runtimeError) log(`  ${url}: ${lhr.runtimeError.code}, running again`);
    else runs.push(lhr);
  }
  if (!runs.length) return { error: "no run without a Lighthouse error", scores: [] };
  const lhr = computeMedianRun(runs);
  const { categories, audits } = lhr;
  // The whole report, to read what an audit found: data/lighthouse/<page>.json.
  writeFileSync(reportFile(url), JSON.stringify(lhr));
  const failing = Object.values(audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative")
    .filter((a) => ["binary", "numeric", "metricSavings"].includes(a.scoreDisplayMode))
    .map((a) => `${a.id} (${a.displayValue ?? a.score})`);
  const metric = (id) => audits[id]?.numericValue ?? NaN;
  const performance = runs.map((run) => Math.round(run.categories.performance.score * 100));
  return {
    scores: CATEGORIES.map((id) => Math.round((categories[id]?.score ?? 0) * 100)),
    performanceRuns: performance.join(", "),
    fcp: metric("first-contentful-paint"),
    lcp: metric("largest-contentful-paint"),
    tbt: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
    failing,
  };
}

async function main() {
  if (process.env.LIGHTHOUSE_SKIP_BUILD !== "true") {
    log("npm run build");
    const build = spawnSync("npm", ["run", "build"], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (build.status !== 0) throw new Error(`npm run build failed (exit ${build.status})`);
  }
  const port = await freePort(Number(process.env.LIGHTHOUSE_PORT ?? 4300));
  // localhost, not 127.0.0.1: the origin Chromium treats as secure, as a visitor's https would be.
  const base = `http://localhost:${port}`;
  const server = startServer({ port, dataDir: DATA_DIR });
  try {
    await server.healthy(base);
    log(`server pid ${server.pid} on ${base}`);
    const rows = [];
    for (const page of PAGES) {
      log(`auditing ${page}`);
      // One unmeasured visit first: the first render of a page warms the server's caches.
      await (await fetch(base + page)).arrayBuffer();
      rows.push({ page, ...(await audit(base + page)) });
    }
    const ms = (n) => (Number.isFinite(n) ? `${(n / 1000).toFixed(1)} s` : "–");
    const { version } = JSON.parse(
      readFileSync(path.join(root, "node_modules/lighthouse/package.json"), "utf8"),
    );
    console.log(
      `\nLighthouse ${version}, mobile (default config), ${new Date().toISOString()}; ` +
        `the median of ${RUNS} runs per page (performance of each run in brackets)\n`,
    );
    console.log(
      "| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |",
    );
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (const row of rows) {
      if (row.error) {
        console.log(`| \`${row.page}\` | ${row.error} |||||||| `);
        continue;
      }
      const [performance, ...others] = row.scores;
      console.log(
        `| \`${row.page}\` | ${performance} (${row.performanceRuns}) | ${others.join(" | ")} | ` +
          `${ms(row.fcp)} | ${ms(row.lcp)} | ${Math.round(row.tbt)} ms | ${row.cls.toFixed(3)} |`,
      );
    }
    for (const row of rows) {
      if (row.failing?.length) console.log(`\n${row.page}: below 1: ${row.failing.join(", ")}`);
    }
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
