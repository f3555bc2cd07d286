import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices, type PlaywrightTestConfig } from "@playwright/test";
import { IMAGES_OFF } from "./e2e/images";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/chromium.mjs";

/**
 * End-to-end tests against the production build (`npm run build` first).
 *
 * - `js` and `nojs` run every spec in e2e/ with JavaScript on and off, except
 *   the specs of what the server answers to a plain request (status codes,
 *   headers, redirects, valid HTML, raw bytes: routes.spec.ts, region.spec.ts,
 *   html-validity.spec.ts, page-bytes.spec.ts), which only `nojs` runs: with JavaScript on they
 *   would load the same responses again.
 * - `phone-pixel5` and `phone-iphone12` run e2e/phone/*.spec.ts on those
 *   phones' profiles (touch, a mobile viewport, in Debian's Chromium): page
 *   widths (on the narrower iPhone 12 only) and dialogs closed by a tap. Only
 *   they run those specs.
 * - `status` runs e2e/status/*.spec.ts, which flip the global maintenance
 *   flag (with JavaScript on and off): it starts only after `js` and `nojs`
 *   are done and runs its tests one at a time, so no other test ever sees the
 *   maintenance page.
 *
 * The server's database: E2E_DATABASE_URL (a PostgreSQL database the tests may
 * also write to; scripts/test-all.sh creates one), otherwise a fresh PGlite
 * directory, in which case the maintenance tests skip (the test process
 * cannot open the server's PGlite).
 */

const PORT = Number(process.env.E2E_PORT ?? 3100);
// localhost, not 127.0.0.1: Chromium keeps the production `Secure` cookies on http://localhost only.
const baseURL = `http://localhost:${PORT}`;
const databaseUrl = process.env.E2E_DATABASE_URL;
const pgliteDir = join(tmpdir(), `portal-e2e-pglite-${PORT}`);

const serverEnv: Record<string, string> = {
  PORT: String(PORT),
  NODE_ENV: "production",
  SEED_DEMO: "true",
  TRUST_PROXY_HOPS: "1",
  GEO_COUNTRY_HEADER: "x-country-code",
  // The tests toggle maintenance with SQL and expect the next request to see it.
  STATUS_CACHE_MS: "0",
  // Hundreds of tests ask for visitor pages from one address: the render budget is the route
  // test's (tests/routes/page-cache-budget.test.ts) to check, not theirs to trip over.
  VISITOR_RENDERS_PER_MINUTE: "0",
  // Demo lottery draws every 20 s, so e2e/play/lottery.spec.ts sees a bet settle (only lottery pages read it).
  LOTTERY_DRAW_SECONDS: "20",
  // Links in mails and SMS (a reset, an invitation) point at this server, not at port 3000.
  PUBLIC_URL: baseURL,
  // The demo start allows the old scrypt cost: OWASP's costs ~1 s a hash on these 2 cores (ADR 35).
  PASSWORD_HASH_LOG_N: "14",
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { PGLITE_DATA_DIR: pgliteDir }),
};
// The fixtures hash createMember's passwords in the test process: the same cost as the server.
process.env.PASSWORD_HASH_LOG_N ??= "14";
if (!databaseUrl) {
  // Never inherit the developer's DATABASE_URL: the server would seed and serve that database.
  delete process.env.DATABASE_URL;
}

const debianChromium = {
  browserName: "chromium" as const,
  locale: "en-US",
  // The marquee, the winners board and the carousel stop moving, as for a member who asked
  // for less motion: an endless animation repaints every open page and costs CI its CPU.
  reducedMotion: "reduce" as const,
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
};
/**
 * The desktop projects fetch no images: a lobby has 60 and more, which with JavaScript off
 * all load at once (lazy loading needs scripting), and their requests and decoding were
 * about a tenth of the suite's CPU. The phone projects keep them (they measure the page as
 * drawn); a spec that looks at an image opts in with `test.use(IMAGES_ON)` (e2e/fixtures.ts).
 */
const chromium = {
  ...debianChromium,
  viewport: { width: 1280, height: 800 },
  launchOptions: { ...debianChromium.launchOptions, args: [...CHROMIUM_FLAGS, IMAGES_OFF] },
};
/** A phone's screen, touch and user agent, in the same Chromium (iPhone's profile names WebKit). */
const phone = (name: "Pixel 5" | "iPhone 12") => ({
  ...devices[name],
  ...debianChromium,
});

const STATUS_SPECS = /[\\/]e2e[\\/]status[\\/].*\.spec\.ts$/;
const PHONE_SPECS = /[\\/]e2e[\\/]phone[\\/].*\.spec\.ts$/;
const PHONE_CRAWL = /[\\/]e2e[\\/]phone[\\/]page-widths\.spec\.ts$/;
const SERVER_SPECS = /[\\/]e2e[\\/](routes|region|html-validity|page-bytes)\.spec\.ts$/;

const reporter: PlaywrightTestConfig["reporter"] = process.env.CI
  ? [["line"], ["html", { open: "never" }]]
  : [["list"], ["html", { open: "never" }]];

export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  // On CI a failed test runs once more; one that then passes is reported as "flaky" in the
  // summary (and is a bug to fix), one that fails twice fails the run (ADR 38).
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter,
  use: {
    baseURL,
    // Tracing snapshots the (large) lobby DOM at every step and triples the run time on
    // 2 cores, so only a retry records one (test-results/), for the flake's story.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "js",
      testIgnore: [STATUS_SPECS, SERVER_SPECS, PHONE_SPECS],
      use: { ...chromium, javaScriptEnabled: true },
    },
    {
      name: "nojs",
      testIgnore: [STATUS_SPECS, PHONE_SPECS],
      use: { ...chromium, javaScriptEnabled: false },
    },
    // The phone specs on the two narrowest common profiles (393 and 390 px wide). The crawl of
    // every page's width runs on the narrower one only: a page that fits 390 px fits 393.
    {
      name: "phone-pixel5",
      testMatch: PHONE_SPECS,
      testIgnore: PHONE_CRAWL,
      use: phone("Pixel 5"),
    },
    { name: "phone-iphone12", testMatch: PHONE_SPECS, use: phone("iPhone 12") },
    {
      // Both JavaScript variants are inside the spec, so this one project always runs them serially.
      name: "status",
      testMatch: STATUS_SPECS,
      fullyParallel: false,
      dependencies: ["js", "nojs"],
      use: { ...chromium },
    },
  ],
  webServer: {
    // A fresh PGlite directory each run, so no state leaks from an earlier run.
    command: databaseUrl
      ? "npx remix-serve ./build/index.js"
      : `rm -rf '${pgliteDir}' && npx remix-serve ./build/index.js`,
    url: `${baseURL}/healthz`,
    env: serverEnv,
    // Never reuse: a server started elsewhere would lack STATUS_CACHE_MS=0 and the proxy settings.
    reuseExistingServer: false,
    // Opening, migrating and seeding takes ~1 s on PostgreSQL, ~6 s on a new PGlite directory.
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
  },
});
