import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

/**
 * A production start of the real build (as remix-serve serves it, through the
 * server runtime's request handler) on an empty PGlite: the start prints the
 * first operator's setup link, and /ops/setup makes the operator with plain
 * form posts, as a browser with JavaScript off sends them. With JavaScript on
 * the same <Form> posts the same fields (Remix's fetch), so this covers both.
 */

const BUILD = resolve("build/index.js");
const dir = mkdtempSync(join(tmpdir(), "portal-operator-setup-"));
const ORIGIN = "https://portal.example";
let handle: (request: Request) => Promise<Response>;
let startLines: string[] = [];

beforeAll(async () => {
  if (!existsSync(BUILD)) execFileSync("npx", ["remix", "build"], { stdio: "ignore" });
  const brandFile = join(dir, "brand.json");
  writeFileSync(
    brandFile,
    JSON.stringify({
      merchantCode: "HARBOUR",
      name: "Harbour Live",
      currency: { code: "PKR", symbol: "Rs" },
      languages: ["en", "ur"],
    }),
  );
  Object.assign(process.env, {
    NODE_ENV: "production",
    PGLITE_DATA_DIR: join(dir, "pglite"),
    SEED_DEMO: "false",
    SCHEDULER_SECONDS: "0",
    BRAND_FILE: brandFile,
    CS_PATH_KEY: "c".repeat(64),
    DATA_KEY: "d".repeat(64),
    PUBLIC_URL: ORIGIN,
    PASSWORD_HASH_LOG_N: "17",
  });
  delete process.env.DATABASE_URL;
  const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    startLines.push(String(chunk));
    return true;
  });
  try {
    const build = (await import(/* @vite-ignore */ pathToFileURL(BUILD).href)) as ServerBuild;
    const handler = createRequestHandler(build, "production");
    handle = (request) => handler(request);
  } finally {
    write.mockRestore();
  }
  startLines = startLines.flatMap((chunk) => chunk.split("\n").filter(Boolean));
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function setupPath(): string {
  const line = startLines.map((text) => JSON.parse(text)).find((e) => e.event === "operator.setup");
  expect(line).toMatchObject({ level: "warn" });
  const url = new URL(line.url);
  expect(url.origin).toBe(ORIGIN);
  return url.pathname + url.search;
}

const get = (path: string) => handle(new Request(`http://localhost${path}`));
const post = (path: string, fields: Record<string, string>) =>
  handle(
    new Request(`http://localhost${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: {
        Origin: "http://localhost",
        "X-Forwarded-Host": "localhost",
        "Content-Type": "application/x-www-form-urlencoded",
      },
    }),
  );

describe("the first operator, on a production start of the build", () => {
  test("the start prints one setup link on PUBLIC_URL and nothing of the demo", () => {
    expect(startLines.some((line) => line.includes('"demo.start"'))).toBe(false);
    expect(setupPath()).toMatch(/^\/ops\/setup\?setup=[\w-]{43}$/);
  });

  test("the page shows the form for the link, and why not for any other", async () => {
    const page = await get(setupPath());
    expect(page.status, page.headers.get("Location") ?? "").toBe(200);
    const html = await page.text();
    expect(html).toContain("Set up the first operator");
    expect(html).toContain('name="confirmPassword"');
    const wrong = await (await get("/ops/setup?setup=nope")).text();
    expect(wrong).toContain("This setup link no longer works");
    expect(wrong).not.toContain('name="confirmPassword"');
    const urdu = await (await get(`${setupPath()}&lng=ur`)).text();
    expect(urdu).toContain("پہلا آپریٹر بنائیں");
  });

  test("a refused password keeps the username, loses the secrets; a good one makes the operator once", async () => {
    const path = setupPath();
    const token = new URL(path, ORIGIN).searchParams.get("setup")!;
    const weak = await post(path, {
      token,
      username: "harbourops",
      password: "Harbour123",
      confirmPassword: "Harbour123",
    });
    expect(weak.status).toBe(400);
    const refused = await weak.text();
    expect(refused).toContain("This password is too common or too easy to guess");
    expect(refused).toContain('value="harbourops"');
    expect(refused).not.toContain("Harbour123");

    const made = await post(path, {
      token,
      username: "harbourops",
      password: "Lantern-Quay-Gull-58",
      confirmPassword: "Lantern-Quay-Gull-58",
    });
    expect(made.status).toBe(302);
    expect(made.headers.get("Location")).toBe("/ops/setup?done");
    expect(await (await get("/ops/setup?done")).text()).toContain("The operator was created");

    // Single use: the link now shows why it no longer works, and a replay makes no one.
    expect(await (await get(path)).text()).toContain("This setup link no longer works");
    const replay = await post(path, {
      token,
      username: "intruder",
      password: "Lantern-Quay-Gull-59",
      confirmPassword: "Lantern-Quay-Gull-59",
    });
    expect(replay.status).toBe(400);

    // The operator signs in at /ops/login with the password chosen.
    const login = await post("/ops/login", {
      intent: "login",
      username: "harbourops",
      password: "Lantern-Quay-Gull-58",
    });
    expect(login.status).toBe(302);
    expect(login.headers.get("Location")).toBe("/ops");
  }, 30_000);
});
