import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { useSeededDatabase } from "../helpers/database";
import { formPost, routeArgs } from "../helpers/routes";

/**
 * Remix sends a resource route's answer (a route without a page: images, JSON,
 * CSV, event streams, redirects) past entry.server.tsx, where documents get
 * their security headers; each resource route therefore wraps its loader and
 * action in withResourceHeaders. Route by route, a visitor's GET and an empty
 * form POST must come back with them, returned or thrown. A new resource route
 * without the wrapper fails here.
 */

useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

/** Answers the benchmark's bare route may skip: it measures Remix with nothing added (off unless BENCH_ROUTES). */
const EXEMPT = new Set(["app/routes/resources+/bench-bare.ts"]);

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name.endsWith("+") ? routeFiles(path) : [];
    return /\.tsx?$/.test(name) && !/^(__|\.)/.test(name) ? [path] : [];
  });
}

const resourceRoutes = routeFiles("app/routes")
  .filter((path) => !/export default|export \{ default/.test(readFileSync(path, "utf8")))
  .filter((path) => !EXEMPT.has(path))
  .sort();

/** A URL that reaches the route: every dynamic segment filled in. */
const urlOf = (path: string) =>
  "/" +
  path
    .replace(/^app\/routes\//, "")
    .replace(/\.tsx?$/, "")
    .replace(/\$\w+/g, "x");

async function answer(call: () => unknown): Promise<Response> {
  try {
    const result = await call();
    if (!(result instanceof Response)) throw new Error("not a Response");
    return result;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

function expectResourceHeaders(response: Response) {
  expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(response.headers.get("Content-Security-Policy")).toMatch(/default-src 'none'/);
  expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("X-Frame-Options")).toBe("DENY");
}

describe("resource routes answer with the security headers", () => {
  test("there are resource routes to check", () => {
    expect(resourceRoutes.length).toBeGreaterThan(25);
  });

  test.each(resourceRoutes)("%s", async (path) => {
    const module = (await import(/* @vite-ignore */ `~/${path.replace(/^app\//, "")}`)) as {
      loader?: (args: unknown) => unknown;
      action?: (args: unknown) => unknown;
    };
    expect(module.loader ?? module.action).toBeDefined();
    const params = new Proxy({}, { get: () => "x" });
    if (module.loader) {
      const args = { ...routeArgs(urlOf(path)), params };
      expectResourceHeaders(await answer(() => module.loader!(args)));
    }
    if (module.action) {
      const args = { ...formPost(urlOf(path), {}), params };
      expectResourceHeaders(await answer(() => module.action!(args)));
    }
  });
});
