#!/usr/bin/env node
// npm run inp: Interaction to Next Paint of three interactions on `/`, at 4× CPU slowdown.
//
// The production build (`npm run build` first) on a free port (4500 upwards) over the demo seed
// in ./data/inp/pglite; Playwright's Debian Chromium (scripts/chromium.mjs) with a phone's
// screen (Pixel 5: touch, 393 × 851) and Chromium's own CPU throttling at 4×. Each interaction
// runs INP_RUNS times (5) in a fresh context once the page has hydrated:
//   - a category tab (Slots) of the lobby, as a visitor;
//   - the header's Log in, which opens the login dialog, as a visitor;
//   - a game's favourite heart, as player01 (signed in through the login dialog first).
// An interaction's figure is the longest `event` timing entry of its interaction id (what
// INP reports for one interaction: input delay + processing + the wait for the next paint).
// The median run is printed. Figures for docs/benchmarks.md, not a gate.
import path from "node:path";
import { chromium, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium.mjs";
import { freePort, root, startServer } from "./prod-server.mjs";

const RUNS = Number(process.env.INP_RUNS ?? 5);
const SLOWDOWN = 4;

/** Collects the page's event timing entries from its first moment (buffered). */
function observeInteractions() {
  const longest = new Map();
  window.__interactions = longest;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId) continue;
      longest.set(
        entry.interactionId,
        Math.max(longest.get(entry.interactionId) ?? 0, entry.duration),
      );
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
}

async function hydrated(page) {
  await page.waitForFunction(() => {
    const router = window.__remixRouter;
    return router?.state.initialized === true;
  });
  // entry.client hydrates in a transition: give React the commit after the router is ready.
  await page.waitForTimeout(1_000);
}

async function measure(browser, base, interaction) {
  const context = await browser.newContext({ ...devices["Pixel 5"], reducedMotion: "reduce" });
  // The visitors' announcements closed (what the popup's close button sets: audience B).
  await context.addCookies([{ name: "announce_closed", value: "IkIi", url: base }]);
  await context.addInitScript(observeInteractions);
  const page = await context.newPage();
  try {
    if (interaction.signedIn) {
      await page.goto(`${base}/login`);
      await hydrated(page);
      const dialog = page.getByTestId("login-dialog");
      await dialog.locator('input[name="username"]').fill("player01");
      await dialog.locator('input[name="password"]').fill("Player123");
      await dialog.locator('button[type="submit"]').first().click();
      await page.getByTestId("member-menu").waitFor();
    }
    await page.goto(`${base}/`);
    await hydrated(page);
    // Announcements not seen yet this session (a member's, after signing in): closed as a person would.
    const popup = page.getByTestId("announcement-popup");
    if (await popup.isVisible()) {
      await popup.locator(".dialog-close").click();
      await popup.waitFor({ state: "detached" });
      await hydrated(page);
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOWDOWN });
    await page.evaluate(() => window.__interactions.clear());
    await interaction.run(page);
    await page.waitForTimeout(1_500);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    const durations = await page.evaluate(() => [...window.__interactions.values()]);
    return durations.length ? Math.max(...durations) : null;
  } finally {
    await context.close();
  }
}

const INTERACTIONS = [
  {
    name: "category tab (Slots), visitor",
    run: (page) => page.locator('nav.lobby-tabs a[data-tab="RNG"]').tap(),
  },
  {
    name: "Log in (the login dialog), visitor",
    run: (page) => page.getByTestId("header-login").tap(),
  },
  {
    name: "favourite heart, player01",
    signedIn: true,
    run: (page) => page.getByTestId("section-HOT").getByTestId("favourite-toggle").first().tap(),
  },
];

const port = await freePort(4500);
const base = `http://localhost:${port}`;
const server = startServer({ port, dataDir: path.join(root, "data", "inp") });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  await server.healthy(base);
  console.log(
    `${browser.version()} (${CHROMIUM_PATH}), Pixel 5 profile, CPU ${SLOWDOWN}× slower, median of ${RUNS}`,
  );
  console.log("| interaction | INP ms (median) | runs |");
  console.log("|---|---:|---|");
  for (const interaction of INTERACTIONS) {
    const figures = [];
    for (let run = 0; run < RUNS; run++) figures.push(await measure(browser, base, interaction));
    const known = figures.filter((value) => value !== null).sort((a, b) => a - b);
    const median = known.length ? Math.round(known[Math.floor(known.length / 2)]) : "none";
    console.log(
      `| ${interaction.name} | ${median} | ${figures.map((v) => (v === null ? "–" : Math.round(v))).join(", ")} |`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
