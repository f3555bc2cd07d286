import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { parseConfig } from "~/config.server";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { PlatformError } from "~/platform/errors";
import { login } from "~/platform/identity/login.server";
import { OPERATOR_TYPE } from "~/platform/identity/member-types";
import {
  completeOperatorSetup,
  isOperatorSetupTokenValid,
} from "~/platform/identity/operator-setup.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import { STAFF_PERMISSIONS } from "~/platform/identity/staff-permissions";
import { staffMembership } from "~/platform/identity/staff.server";
import { prepareBrand } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { createTestDatabase, useSeededDatabase } from "../helpers/database";

const dir = mkdtempSync(join(tmpdir(), "portal-production-start-"));
function brandFile(name: string, brand: object) {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(brand));
  return path;
}
const plainBrand = {
  merchantCode: "HARBOUR",
  name: "Harbour Live",
  currency: { code: "PKR", symbol: "Rs" },
  languages: ["en", "ur"],
  wallet: { depositChannels: [{ code: "jazzcash", kind: "gateway", min: 10_000, max: 5_000_000 }] },
};
const production = (file: string) =>
  parseConfig({
    NODE_ENV: "production",
    CS_PATH_KEY: "a".repeat(64),
    DATA_KEY: "b".repeat(64),
    PUBLIC_URL: "https://portal.example",
    BRAND_FILE: file,
    PASSWORD_HASH_LOG_N: "17",
  });
const context = { ip: "198.51.100.7", userAgent: "vitest" };
const rules = { agentTypes: [1, 2, 41, 42], trialTypes: [4], passwordExpiry: false };

/** The JSON lines the start writes to stdout while `body` runs. */
async function logged(body: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    await body();
  } finally {
    write.mockRestore();
  }
  return lines.flatMap((line) => line.split("\n").filter(Boolean)).map((line) => JSON.parse(line));
}

function setupToken(lines: Record<string, unknown>[]): string {
  const setup = lines.find((line) => line.event === "operator.setup");
  expect(setup).toMatchObject({ level: "warn" });
  const url = new URL(String(setup!.url));
  expect(url.origin + url.pathname).toBe("https://portal.example/ops/setup");
  return url.searchParams.get("setup")!;
}

describe("a production start on an empty database", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());
  afterEach(() => vi.useRealTimers());

  test("stores the brand and nothing else, and prints a one-time setup link", async () => {
    const db = handle.db;
    const start = new Date();
    const lines = await logged(() =>
      prepareBrand(db, production(brandFile("b.json", plainBrand)), start),
    );
    expect((await getBrandConfig(db)).merchantCode).toBe("HARBOUR");
    for (const table of [
      "members",
      "vendors",
      "games",
      "banners",
      "announcements",
      "help_articles",
    ] as const) {
      const { count } = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as("count"))
        .executeTakeFirstOrThrow();
      expect(Number(count), table).toBe(0);
    }
    expect(lines.some((line) => line.event === "demo.start")).toBe(false);
    const token = setupToken(lines);
    // Kept only as its hash.
    const stored = await db.selectFrom("staff_setup_tokens").selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored[0]!.expires_at.getTime() - start.getTime()).toBe(30 * 60_000);

    // A second start while no operator exists: a new link, and the old one is void.
    const again = setupToken(
      await logged(() => prepareBrand(db, production(brandFile("b.json", plainBrand)))),
    );
    expect(again).not.toBe(token);
    expect(await isOperatorSetupTokenValid(db, token)).toBe(false);
    expect(await isOperatorSetupTokenValid(db, again)).toBe(true);

    // The password rule holds, and a refusal keeps the link.
    await expect(
      completeOperatorSetup(
        db,
        { token: again, account: "harbourops", password: "Ops12345" },
        context,
      ),
    ).rejects.toThrow("password_guessable");
    const made = await completeOperatorSetup(
      db,
      { token: again, account: "harbourops", password: "Lantern-Quay-Gull-58" },
      context,
    );
    expect(made.account).toBe("harbourops");
    const operator = await db.selectFrom("members").selectAll().executeTakeFirstOrThrow();
    expect(operator.type).toBe(OPERATOR_TYPE);
    // The first operator is the brand's admin: every permission of the back office.
    expect(await staffMembership(db, operator.id)).toEqual({
      role: "admin",
      permissions: new Set(STAFF_PERMISSIONS),
    });
    const audited = await db.selectFrom("audit_log").select("event").execute();
    expect(audited.map((row) => row.event)).toContain("operator_created");

    // Once only.
    const reused = await completeOperatorSetup(
      db,
      { token: again, account: "secondops", password: "Lantern-Quay-Gull-59" },
      context,
    ).catch((error: unknown) => error);
    expect(reused).toBeInstanceOf(PlatformError);
    expect((reused as PlatformError).code).toBe("setup_link_invalid");

    // The new operator signs in at /ops with the password chosen.
    const outcome = await login(
      db,
      {
        method: "password",
        account: "harbourops",
        password: "Lantern-Quay-Gull-58",
        site: "ops",
        remember: false,
      },
      rules,
      context,
      identityPolicy(),
    );
    expect(outcome.kind).toBe("session");

    // With an operator, a start prints no link.
    const later = await logged(() => prepareBrand(db, production(brandFile("b.json", plainBrand))));
    expect(later.some((line) => line.event === "operator.setup")).toBe(false);
  });

  test("a link expires after 30 minutes", async () => {
    const fresh = await createTestDatabase();
    try {
      const start = new Date("2026-11-27T10:00:00Z");
      const token = setupToken(
        await logged(() =>
          prepareBrand(fresh.db, production(brandFile("b.json", plainBrand)), start),
        ),
      );
      expect(
        await isOperatorSetupTokenValid(fresh.db, token, new Date("2026-11-27T10:29:59Z")),
      ).toBe(true);
      const late = new Date("2026-11-27T10:30:01Z");
      expect(await isOperatorSetupTokenValid(fresh.db, token, late)).toBe(false);
      await expect(
        completeOperatorSetup(
          fresh.db,
          { token, account: "harbourops", password: "Lantern-Quay-Gull-58" },
          context,
          late,
        ),
      ).rejects.toThrow("setup_link_invalid");
    } finally {
      await fresh.close();
    }
  });

  test("refuses a brand whose members could credit themselves, naming BRAND_FILE", async () => {
    const fresh = await createTestDatabase();
    try {
      const selfCredit = brandFile("embedded.json", {
        ...plainBrand,
        wallet: { depositChannels: [{ code: "demo-pay", kind: "embedded", min: 1, max: 100 }] },
      });
      await expect(prepareBrand(fresh.db, production(selfCredit))).rejects.toThrow(
        /BRAND_FILE: deposit channel demo-pay is "embedded"/,
      );
      // A brand that names no channel has none: the default is no longer the embedded one.
      const bare = brandFile("bare.json", { ...plainBrand, wallet: {} });
      const fresher = await createTestDatabase();
      try {
        await logged(() => prepareBrand(fresher.db, production(bare)));
        expect((await getBrandConfig(fresher.db)).wallet.depositChannels).toEqual([]);
      } finally {
        await fresher.close();
      }
    } finally {
      await fresh.close();
    }
  });
});

describe("a demo start", () => {
  const seeded = useSeededDatabase();

  test("says plainly that its accounts have known passwords, and prints no setup link", async () => {
    const lines = await logged(() =>
      prepareBrand(seeded.db, parseConfig({ NODE_ENV: "production", SEED_DEMO: "true" })),
    );
    expect(lines.find((line) => line.event === "demo.start")).toMatchObject({
      level: "warn",
      message: expect.stringMatching(/known passwords.*never let this server face the internet/),
    });
    expect(lines.some((line) => line.event === "operator.setup")).toBe(false);
  });
});
