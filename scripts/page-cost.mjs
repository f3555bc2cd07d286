#!/usr/bin/env node
// npm run page-cost: what a page load costs the browser's main thread, with JavaScript on and off.
//
// The production build (`npm run build` first) on a free port (4400 upwards) over the demo seed in
// ./data/page-cost/pglite; Playwright's Debian Chromium (the e2e suite's browser, scripts/chromium.mjs)
// at 1280 × 800 loads each page PAGE_COST_RUNS times (3) in a fresh context with the announcements
// closed, waits 1.5 s after `load`, and reads Chromium's own counters (Performance.getMetrics):
// main-thread task, script, layout and style time, and the number of elements. The median run is
// printed. Figures for docs/benchmarks.md, not a gate.
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium.mjs";
import { freePort, root, startServer } from "./prod-server.mjs";

const PAGES = (process.env.PAGE_COST_PAGES ?? "/,/live,/login,/promotions").split(",");
const RUNS = Number(process.env.PAGE_COST_RUNS ?? 3);

async function measure(browser, url, javaScriptEnabled) {
  const context = await browser.newContext({
    javaScriptEnabled,
    reducedMotion: "reduce",
    viewport: { width: 1280, height: 800 },
  });
  // What the announcements popup's close button sets for a visitor: the audience "B", as Remix
  // serialises a cookie value (base64 of its JSON).
  await context.addCookies([{ name: "announce_closed", value: "IkIi", url }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(1_500);
  const { metrics } = await cdp.send("Performance.getMetrics");
  const value = Object.fromEntries(metrics.map((metric) => [metric.name, metric.value]));
  const elements = await page.evaluate(() => document.getElementsByTagName("*").length);
  await context.close();
  const ms = (seconds) => Math.round(seconds * 1000);
  return {
    task: ms(value.TaskDuration),
    script: ms(value.ScriptDuration),
    layout: ms(value.LayoutDuration),
    style: ms(value.RecalcStyleDuration),
    elements,
  };
}

const port = await freePort(4400);
const base = `http://localhost:${port}`;
const server = startServer({ port, dataDir: path.join(root, "data", "page-cost") });
try {
  await server.healthy(base);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  console.log(`${browser.version()} (${CHROMIUM_PATH}), median of ${RUNS}`);
  console.log(
    "| page | JavaScript | main-thread tasks ms | script ms | layout ms | style ms | elements |",
  );
  console.log("|---|---|---:|---:|---:|---:|---:|");
  for (const javaScriptEnabled of [true, false]) {
    for (const page of PAGES) {
      const runs = [];
      for (let run = 0; run < RUNS; run++)
        runs.push(await measure(browser, base + page, javaScriptEnabled));
      runs.sort((a, b) => a.task - b.task);
      const median = runs[Math.floor(runs.length / 2)];
      console.log(
        `| \`${page}\` | ${javaScriptEnabled ? "on" : "off"} | ${median.task} | ${median.script} | ${median.layout} | ${median.style} | ${median.elements} |`,
      );
    }
  }
  await browser.close();
} finally {
  await server.stop();
}
