import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeMatchPatchProblem, routeMatchStats } from "~/server/route-matching.server";

/**
 * The route-matching patch (ADR 24) replaces exports of @remix-run/router and
 * @remix-run/react at run time. Its own tests prove the memo; this one proves
 * that the production build, served the way remix-serve serves it (the server
 * runtime's request handler), actually matches through it.
 */

const BUILD = resolve("build/index.js");
const dataDir = mkdtempSync(join(tmpdir(), "portal-build-test-"));
let handle: (request: Request) => Promise<Response>;

beforeAll(async () => {
  // npm test builds before vitest; a developer's run builds here when there is no build yet.
  if (!existsSync(BUILD)) execFileSync("npx", ["remix", "build"], { stdio: "ignore" });
  // A production start: its own keys, public origin and brand file (ADR 35).
  const brandFile = join(dataDir, "brand.json");
  writeFileSync(
    brandFile,
    JSON.stringify({
      merchantCode: "TEST01",
      name: "Test",
      currency: { code: "USD", symbol: "$" },
      languages: ["en"],
    }),
  );
  Object.assign(process.env, {
    NODE_ENV: "production",
    PGLITE_DATA_DIR: join(dataDir, "pglite"),
    SEED_DEMO: "false",
    SCHEDULER_SECONDS: "0",
    BRAND_FILE: brandFile,
    CS_PATH_KEY: "c".repeat(64),
    DATA_KEY: "d".repeat(64),
    PUBLIC_URL: "https://portal.example",
    PASSWORD_HASH_LOG_N: "17",
  });
  delete process.env.DATABASE_URL;
  const build = (await import(/* @vite-ignore */ pathToFileURL(BUILD).href)) as ServerBuild;
  const handler = createRequestHandler(build, "production");
  handle = (request) => handler(request);
}, 120_000);

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("the Remix patch in the production build", () => {
  it("fits the Remix packages installed", () => {
    expect(routeMatchPatchProblem()).toBeNull();
  });

  it("names the versions it does not fit", () => {
    expect(routeMatchPatchProblem(() => "9.9.9")).toMatch(
      /@remix-run\/router 9\.9\.9 \(written for 1\.23\.3\), @remix-run\/react 9\.9\.9 \(written for 2\.17\.5\)/,
    );
  });

  it("is installed on the exports the server runtime calls", () => {
    expect(routeMatchStats()).not.toBeNull();
  });

  it("answers a request's second match of a path from its table", async () => {
    // The health check answers whether or not the brand is ready.
    const url = "http://localhost/healthz";
    await handle(new Request(url));
    const before = routeMatchStats();
    const response = await handle(new Request(url));
    const after = routeMatchStats();
    expect([200, 503]).toContain(response.status);
    expect(after!.hits).toBeGreaterThan(before!.hits);
    expect(after!.misses).toBe(before!.misses);
  });
});
