import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, test } from "vitest";

/**
 * Comments and test names cite no "§4" or "DESIGN §2": the documents those sections belong
 * to are not in this repository, so a reader cannot follow them. Say the rule in words, or
 * point at a file that is here (docs/, an ADR, eslint.layers.js).
 */
const ROOTS = ["app", "tests", "e2e", "scripts"];
const EXTENSIONS = /\.(?:ts|tsx|js|mjs|sh)$/;
const SKIPPED = new Set(["tests/lint/fixtures", "tests/lint/no-outside-citations.test.ts"]);
const CITATION = /§|\bDESIGN\b\s*(?:§|section\b)/;

/** Lines that keep their text: an SQL comment inside a migration's statement (a migration never changes). */
const KEPT: [file: string, text: string][] = [
  [
    "app/platform/db/migrations/0005-agency.ts",
    "-- §9 D W H M (daily, weekly, semimonthly, monthly)",
  ],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (SKIPPED.has(relative(resolve("."), path))) return [];
    if (entry.isDirectory()) return sourceFiles(path);
    return EXTENSIONS.test(entry.name) ? [path] : [];
  });
}

function citations(): string[] {
  return ROOTS.flatMap((root) => sourceFiles(resolve(root))).flatMap((path) => {
    const file = relative(resolve("."), path);
    return readFileSync(path, "utf8")
      .split("\n")
      .flatMap((line, index) => {
        if (!CITATION.test(line)) return [];
        if (KEPT.some(([keptFile, text]) => keptFile === file && line.includes(text))) return [];
        return [`${file}:${index + 1}: ${line.trim()}`];
      });
  });
}

describe("no citations of documents outside the repository", () => {
  test("no comment or test name cites a § or DESIGN section", () => {
    expect(citations(), "say the rule in words instead of citing the section").toEqual([]);
  });
});
