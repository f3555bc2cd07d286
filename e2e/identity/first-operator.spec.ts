import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext } from "@playwright/test";
import pg from "pg";
import { freePort, startRemixServe } from "../../scripts/prod-server.mjs";
import { enrolAuthenticator, expect, label, test } from "../fixtures";

/**
 * A production start's first operator, in the browser with JavaScript on and off. A start
 * without the demo (an empty brand, no operator) prints a one-time link; /ops/setup makes
 * the operator, who signs in, is kept on /ops/authenticator until it confirms a code, and
 * then reaches the back office. The link opens nothing after that.
 *
 * The e2e server is the demo, which has its operator, so each project starts a production
 * server of its own for this spec: on a fresh database of the e2e PostgreSQL cluster when
 * E2E_DATABASE_URL is set, else on a fresh PGlite directory.
 */

const PASSWORD = "Harbour-Lantern-72";

interface ProductionStart {
  origin: string;
  setupPath: string;
  stop: () => Promise<void>;
}

async function startProduction(): Promise<ProductionStart> {
  const dir = mkdtempSync(join(tmpdir(), "portal-first-operator-"));
  const brandFile = join(dir, "brand.json");
  writeFileSync(
    brandFile,
    JSON.stringify({
      merchantCode: "FIRSTOP",
      name: "First Light",
      currency: { code: "PKR", symbol: "Rs" },
      languages: ["en", "ur"],
    }),
  );
  const serverUrl = process.env.E2E_DATABASE_URL;
  const database = serverUrl ? `portal_first_operator_${randomBytes(4).toString("hex")}` : null;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  let databaseEnv: Record<string, string | undefined> = {
    PGLITE_DATA_DIR: join(dir, "pglite"),
    DATABASE_URL: undefined,
  };
  if (serverUrl && database) {
    await admin(`create database ${database}`);
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    databaseEnv = { DATABASE_URL: url.toString(), PGLITE_DATA_DIR: undefined };
  }
  const port = await freePort(4600);
  const origin = `http://localhost:${port}`;
  const logFile = join(dir, "server.log");
  const server = startRemixServe({
    port,
    logFile,
    env: {
      ...databaseEnv,
      SEED_DEMO: undefined,
      SCHEDULER_SECONDS: "0",
      BRAND_FILE: brandFile,
      CS_PATH_KEY: randomBytes(32).toString("hex"),
      DATA_KEY: randomBytes(32).toString("hex"),
      PUBLIC_URL: origin,
      PASSWORD_HASH_LOG_N: "17",
      STATUS_CACHE_MS: "0",
    },
  });
  await server.healthy(origin, 120_000);
  // The link is a log line of the start (JSON, one event a line), never anything a request shows.
  const event = readFileSync(logFile, "utf8")
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { event?: string; url?: string })
    .find((entry) => entry.event === "operator.setup");
  if (!event?.url) throw new Error(`no operator.setup line in ${logFile}`);
  const link = new URL(event.url);
  expect(link.origin).toBe(origin);
  return {
    origin,
    setupPath: link.pathname + link.search,
    async stop() {
      await server.stop();
      if (database) await admin(`drop database if exists ${database}`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

test.describe("the first operator of a production start", () => {
  // One link, one operator: the steps build on each other.
  test.describe.configure({ mode: "serial" });
  test.setTimeout(90_000);

  let start: ProductionStart;
  let context: BrowserContext;
  test.beforeAll(async ({ browser, javaScriptEnabled }) => {
    start = await startProduction();
    context = await browser.newContext({ baseURL: start.origin, javaScriptEnabled });
  });
  test.afterAll(async () => {
    await context?.close();
    await start?.stop();
  });

  test("the setup link's form refuses a bad username and a mismatched confirmation, keeping the username", async () => {
    const page = await context.newPage();
    await page.goto(start.setupPath);
    const form = page.getByTestId("ops-setup");
    await expect(form.getByRole("heading", { level: 1 })).toHaveText(label("en", "opsSetup.title"));
    await expect(form).toContainText("First Light");

    await form.getByLabel(label("en", "opsSetup.username"), { exact: true }).fill("9lives");
    await form.getByLabel(label("en", "opsSetup.password"), { exact: true }).fill(PASSWORD);
    await form.getByLabel(label("en", "opsSetup.confirmPassword"), { exact: true }).fill(PASSWORD);
    await form.getByTestId("ops-setup-submit").click();
    const username = form.getByLabel(label("en", "opsSetup.username"), { exact: true });
    await expect(username).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByRole("alert")).toHaveText(label("en", "opsSetup.usernameRule"));

    await username.fill("owner.first");
    await form.getByLabel(label("en", "opsSetup.password"), { exact: true }).fill(PASSWORD);
    await form
      .getByLabel(label("en", "opsSetup.confirmPassword"), { exact: true })
      .fill(`${PASSWORD}x`);
    await form.getByTestId("ops-setup-submit").click();
    await expect(form.getByRole("alert")).toHaveText(label("en", "validation.inconsistentTwice"));
    await expect(username).toHaveValue("owner.first");
    // Nothing was made: the link still opens the form.
    await expect(form.getByTestId("ops-setup-submit")).toBeVisible();
    await page.close();
  });

  test("the operator is made, signs in, is kept on /ops/authenticator until it confirms a code, then reaches /ops", async () => {
    const page = await context.newPage();
    await page.goto(start.setupPath);
    const form = page.getByTestId("ops-setup");
    await form.getByLabel(label("en", "opsSetup.username"), { exact: true }).fill("owner.first");
    await form.getByLabel(label("en", "opsSetup.password"), { exact: true }).fill(PASSWORD);
    await form.getByLabel(label("en", "opsSetup.confirmPassword"), { exact: true }).fill(PASSWORD);
    await form.getByTestId("ops-setup-submit").click();
    await expect(page).toHaveURL("/ops/setup?done");
    await expect(form.getByRole("status")).toHaveText(label("en", "opsSetup.done"));

    await form.getByRole("link", { name: label("en", "opsSetup.signIn"), exact: true }).click();
    await expect(page).toHaveURL("/ops/login");
    await page.getByLabel(label("en", "ops.login.username"), { exact: true }).fill("owner.first");
    await page.getByLabel(label("en", "ops.login.password"), { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: label("en", "ops.login.submit"), exact: true }).click();
    await expect(page).toHaveURL("/ops/authenticator");
    await page.goto("/ops");
    await expect(page).toHaveURL("/ops/authenticator");

    await enrolAuthenticator(page);
    await page.getByTestId("authenticator-recovery-done").click();
    await page.goto("/ops");
    await expect(page).toHaveURL("/ops");
    await expect(page.getByTestId("ops-operator")).toHaveText(
      label("en", "ops.signedInAs", { account: "owner.first" }),
    );
    await page.close();
  });

  test("the used link opens nothing: it says why, with no form", async () => {
    const page = await context.newPage();
    await page.goto(start.setupPath);
    await expect(page.getByTestId("ops-setup").getByRole("alert")).toHaveText(
      label("en", "opsSetup.invalid"),
    );
    await expect(page.getByTestId("ops-setup-submit")).toHaveCount(0);
    await page.close();
  });
});
