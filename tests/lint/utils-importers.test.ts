import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, test } from "vitest";

/**
 * app/utils holds helpers that several features share (ADR 14); code of one feature lives
 * beside that feature's routes. A helper with importers in only one folder fails here unless
 * its first line says why it is shared by design.
 */
const APP = resolve("app");
const UTILS = join(APP, "utils");
const SHARED_BY_DESIGN = /^\/\/ Shared by design: \S/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith("~/")
    ? join(APP, specifier.slice(2))
    : specifier.startsWith(".")
      ? resolve(dirname(from), specifier)
      : null;
  if (!base) return null;
  return [base, `${base}.ts`, `${base}.tsx`].find((path) => utilsFiles.includes(path)) ?? null;
}

const utilsFiles = sourceFiles(UTILS);
/** For each utils file, the folders its importers sit in (a feature's routes share one folder). */
const importerFolders = new Map<string, Set<string>>(utilsFiles.map((file) => [file, new Set()]));
for (const file of sourceFiles(APP)) {
  const code = readFileSync(file, "utf8");
  for (const [, specifier] of code.matchAll(/(?:from|import\()\s*["']([^"']+)["']/g)) {
    const target = resolveImport(file, specifier!);
    if (target && target !== file) importerFolders.get(target)!.add(relative(APP, dirname(file)));
  }
}

describe("app/utils is for shared helpers", () => {
  test.each(utilsFiles.map((file) => relative(APP, file)))(
    "%s is shared by several features or says why not",
    (file) => {
      const folders = [...importerFolders.get(join(APP, file))!];
      const firstLine = readFileSync(join(APP, file), "utf8").split("\n", 1)[0]!;
      if (folders.length >= 2) return;
      expect(
        firstLine,
        `${file} is imported only from ${folders.join(", ") || "nowhere"}: move it beside that feature, or start it with "// Shared by design: <why>"`,
      ).toMatch(SHARED_BY_DESIGN);
    },
  );
});
