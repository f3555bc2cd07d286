import { availableParallelism } from "node:os";
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

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["tests/**/*.test.{ts,tsx}"],
    globals: true,
    environment: "node",
    setupFiles: ["./tests/setup.ts"],
    // Thousands of test hashes at OWASP's cost would take minutes; a production start refuses this (ADR 35).
    env: { PASSWORD_HASH_LOG_N: "10" },
    globalSetup: ["./tests/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One process per test file (route modules read configuration once, and the routes'
    // database is a global), so no file sees another's environment or modules.
    pool: "forks",
    // Vitest's default is one worker fewer than the CPUs: a single worker on the 2-core CI
    // machine. The files are CPU-bound (PGlite), so one per CPU. VITEST_MAX_WORKERS overrides.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || availableParallelism(),
    sequence: { sequencer: LongestFirstSequencer },
  },
});
