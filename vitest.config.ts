import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that take longest (seconds each, where most take well under one),
 * started first: a fresh checkout has no duration cache, and vitest would
 * otherwise start them by file size, so one of them could be left running
 * alone on one worker at the end. A stale entry costs nothing.
 */
const LONGEST_FIRST = [
  "tests/platform/wallet/ledger-property.test.ts",
  "tests/platform/play/demo-slot-rtp.test.ts",
  "tests/routes/routes.test.ts",
];

class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = LONGEST_FIRST.findIndex((path) => spec.moduleId.endsWith(path));
      return at === -1 ? LONGEST_FIRST.length : at;
    };
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.index - b.index)
      .map(({ spec }) => spec);
  }
}

/**
 * Files that change what a module reads once (the environment, a mocked
 * module): each needs its own process and a fresh module graph, or the next
 * file in the worker would see its settings. Found by reading the files, so
 * a new one is never missed.
 */
const NEEDS_FRESH_MODULES =
  /process\.env\.[A-Z_]+\s*=[^=]|delete process\.env|Object\.assign\(process\.env|vi\.(stubEnv|mock|doMock|resetModules)\(/;

function testFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.test\.tsx?$/.test(name))
    .map((name) => join(folder, name).split("\\").join("/"));
}

const isolatedFiles = testFiles("tests").filter((path) =>
  NEEDS_FRESH_MODULES.test(readFileSync(path, "utf8")),
);

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    globals: true,
    environment: "node",
    setupFiles: ["./tests/setup.ts"],
    env: {
      // Thousands of test hashes at OWASP's cost would take minutes; a production start refuses this (ADR 35).
      PASSWORD_HASH_LOG_N: "10",
      // Settings (the brand, maintenance) read fresh on every call, as the e2e server reads them:
      // a brand a test writes applies at once, and no file needs its own process to say so.
      STATUS_CACHE_MS: "0",
    },
    globalSetup: ["./tests/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one worker fewer than the CPUs: a single worker on the 2-core CI
    // machine. The files are CPU-bound (PGlite), so one per CPU. VITEST_MAX_WORKERS overrides.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || availableParallelism(),
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        // A fresh module graph per file: see NEEDS_FRESH_MODULES.
        extends: true,
        test: { name: "isolated", include: isolatedFiles, isolate: true },
      },
      {
        // The rest share their worker's modules: importing the platform (and PGlite) once per
        // worker instead of once per file halves the run. Each file still opens its own
        // database, and tests/setup.ts cleans the DOM after every test.
        extends: true,
        test: {
          name: "shared",
          include: ["tests/**/*.test.{ts,tsx}"],
          exclude: isolatedFiles,
          isolate: false,
        },
      },
    ],
  },
});
