import { readFileSync } from "node:fs";
import { ESLint } from "eslint";
import { describe, expect, test } from "vitest";

/**
 * The house rules are lint rules (ADR 14); these fixtures prove each one can fail. Each
 * fixture is linted as if it stood at a path inside the layer under test, with the
 * project's own eslint.config.js, so a zone that stops matching fails here.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function lintAs(fixture: string, pretendPath: string) {
  const code = readFileSync(`tests/lint/fixtures/${fixture}`, "utf8");
  const [result] = await eslint.lintText(code, { filePath: pretendPath });
  return (result?.messages ?? []).map((message) => ({
    rule: message.ruleId,
    text: message.message,
  }));
}

const FORBIDDEN: [fixture: string, pretendPath: string, rule: string, says: string][] = [
  [
    "platform-imports-utils.ts",
    "app/platform/wallet/lint-fixture.server.ts",
    "import/no-restricted-paths",
    "app/platform is the liftable service",
  ],
  [
    "platform-imports-component.ts",
    "app/platform/content/lint-fixture.server.ts",
    "import/no-restricted-paths",
    "app/platform is the liftable service",
  ],
  [
    "component-imports-server.tsx",
    "app/components/member/lint-fixture.tsx",
    "import/no-restricted-paths",
    "Components never import server modules",
  ],
  [
    "component-imports-route.tsx",
    "app/components/lobby/lint-fixture.tsx",
    "import/no-restricted-paths",
    "routes import them, never the other way round",
  ],
  [
    "utils-imports-component.ts",
    "app/utils/lint-fixture.ts",
    "import/no-restricted-paths",
    "imports no components or routes",
  ],
  [
    "action-data-cast.tsx",
    "app/routes/_portal+/lint-fixture.tsx",
    "no-restricted-syntax",
    "Type useActionData with a generic",
  ],
  [
    "action-reads-body.ts",
    "app/routes/_portal+/lint-fixture.tsx",
    "no-restricted-syntax",
    "Read a body with readForm",
  ],
  [
    "action-parses-with-conform.ts",
    "app/routes/ops+/__lint-fixture.server.ts",
    "no-restricted-imports",
    "Use parseSubmission",
  ],
  [
    "db-imports-context.ts",
    "app/platform/db/lint-fixture.server.ts",
    "import/no-restricted-paths",
    "app/platform's floors: db may import only from floors below",
  ],
  [
    "context-imports-floor-above.ts",
    "app/platform/identity/lint-fixture.server.ts",
    "import/no-restricted-paths",
    "app/platform's floors: identity may import only from floors below",
  ],
  [
    "route-imports-other-tree-helper.ts",
    "app/routes/resources+/lint-fixture.ts",
    "no-restricted-imports",
    "Another folder's private `__` helper",
  ],
  [
    "route-imports-remix-patch.ts",
    "app/routes/_portal+/lint-fixture.tsx",
    "import/no-restricted-paths",
    "installed by entry.server.tsx alone",
  ],
  [
    "server-imports-component.ts",
    "app/server/lint-fixture.server.ts",
    "import/no-restricted-paths",
    "app/server is the request machinery",
  ],
  [
    "submission-value-cast.ts",
    "app/routes/_portal+/__lint-fixture.server.ts",
    "no-restricted-syntax",
    "not a cast on submission.value",
  ],
  [
    "money-from-math-random.ts",
    "app/platform/rewards/lint-fixture.server.ts",
    "no-restricted-properties",
    "Use node:crypto",
  ],
  [
    "imports-out-of-order.ts",
    "app/platform/wallet/lint-fixture.server.ts",
    "import/order",
    "`kysely` import should occur before import of `~/platform/start.server`",
  ],
];

describe("house rules as lint", () => {
  test.each(FORBIDDEN)("%s fails at %s", async (fixture, pretendPath, rule, says) => {
    const messages = await lintAs(fixture, pretendPath);
    expect(messages).toContainEqual({ rule, text: expect.stringContaining(says) });
  });

  test("the imports a component may make pass", async () => {
    expect(await lintAs("allowed-imports.tsx", "app/components/member/lint-fixture.tsx")).toEqual(
      [],
    );
  });

  test("of rewards, wallet imports only the modules named as the one link against the floors", async () => {
    const messages = await lintAs(
      "wallet-imports-rewards.ts",
      "app/platform/wallet/lint-fixture.server.ts",
    );
    expect(messages).toEqual([
      {
        rule: "import/no-restricted-paths",
        text: expect.stringContaining(
          "app/platform's floors: wallet may import only from floors below",
        ),
      },
    ]);
  });

  test("a route imports its own folder's and its parent folder's private helpers", async () => {
    expect(
      await lintAs(
        "route-imports-own-helpers.ts",
        "app/routes/_portal+/member+/lint-fixture.server.ts",
      ),
    ).toEqual([]);
  });
});
