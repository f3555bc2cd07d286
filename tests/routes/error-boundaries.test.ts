import { readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, test } from "vitest";
import { routeModulesIn } from "../helpers/routes";

/**
 * Every page and layout renders its own errors (GeneralErrorBoundary), so a
 * thrown 400/403/404 shows inside the nearest layout — the portal header and
 * menus, the member or agent centre, `<html lang dir>` — instead of bubbling to
 * the root. A route module with a default export (a component) must export an
 * ErrorBoundary; resource routes (no component) answer with their own status.
 * A new page without a boundary fails here.
 */

const ROUTES_DIR = "app/routes";

/** Every route module under app/routes, by the rule remix.config.js ignores files with. */
function routeModules(dir: string): string[] {
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
    .map((entry) => join(dir, entry.name));
  return [...routeModulesIn(dir).map((file) => join(dir, file)), ...folders.flatMap(routeModules)];
}

const modules = routeModules(ROUTES_DIR).map((file) => relative(ROUTES_DIR, file));

describe("error boundaries", () => {
  test("the route list is the app's (layouts, pages and resource routes)", () => {
    expect(modules).toEqual(
      expect.arrayContaining([
        "_portal+/_layout.tsx",
        "_portal+/member+/_layout.tsx",
        "agentHome+/_layout.tsx",
        "ops+/_layout.tsx",
        "_portal+/lottery.tsx",
        "resources+/prefs.ts",
      ]),
    );
    expect(modules.some((file) => /(^|\/)__/.test(file))).toBe(false);
  });

  test("every route with a component exports an ErrorBoundary", async () => {
    const missing: string[] = [];
    let pages = 0;
    for (const file of modules) {
      const route = (await import(resolve(ROUTES_DIR, file))) as Record<string, unknown>;
      if (typeof route.default !== "function") continue;
      pages++;
      if (typeof route.ErrorBoundary !== "function") missing.push(file);
    }
    expect(pages).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  }, 60_000);
});
