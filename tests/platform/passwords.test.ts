import { describe, expect, test } from "vitest";
import { login } from "~/platform/identity/login.server";
import { findMemberByAccount } from "~/platform/identity/members.server";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
} from "~/platform/identity/password-rule.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import {
  hashPassword,
  LEGACY_SCRYPT_COST,
  needsRehash,
  OWASP_SCRYPT_LOG_N,
  verifyPassword,
} from "~/platform/identity/secrets.server";
import { useSeededDatabase } from "../helpers/database";

const seeded = useSeededDatabase();
const rules = { agentTypes: [1, 2, 41, 42], trialTypes: [4], passwordExpiry: false };
const context = { ip: null, userAgent: "vitest" };

describe("the password rule", () => {
  test("8 to 64 characters, counted as characters", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(PASSWORD_MAX_LENGTH).toBe(64);
    expect(passwordProblem("Tq9#zLw")).toBe("length");
    expect(passwordProblem("x".repeat(65))).toBe("length");
    // Four characters outside the BMP are four characters, not eight UTF-16 units.
    expect(passwordProblem("🦀🐙🦑🐳")).toBe("length");
  });

  test.each(["Player123", "Lottery123", "password1", "12345678", "Ops12345", "qwertyuiop"])(
    "refuses a common or guessable password (%s)",
    (password) => {
      expect(passwordProblem(password)).toBe("guessable");
    },
  );

  test.each([
    "Harbour-Lantern-42",
    "correct horse battery staple",
    " spaces at both ends ",
    "ملاح کی لالٹین بندرگاہ",
    "kX9#mQ2vLp",
    "x".repeat(3) + "Zq7!vB2@nM5$".repeat(5),
  ])("takes any character in a strong password (%s)", (password) => {
    expect(passwordProblem(password)).toBeNull();
  });

  test("leans on the words it is given (the account name)", () => {
    expect(passwordProblem("harbourmaster2031")).toBeNull();
    expect(passwordProblem("harbourmaster2031", ["harbourmaster"])).toBe("guessable");
  });
});

describe("password hashes", () => {
  test("OWASP's scrypt cost for a production start: N=2^17, r=8, p=1", async () => {
    const hash = await hashPassword("Harbour-Lantern-42", { logN: OWASP_SCRYPT_LOG_N, r: 8, p: 1 });
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword("Harbour-Lantern-42", hash)).toBe(true);
    expect(needsRehash(hash, { logN: 17, r: 8, p: 1 })).toBe(false);
  });

  test("older parameters need a rehash; the same or stronger do not", async () => {
    const legacy = await hashPassword("x", LEGACY_SCRYPT_COST);
    expect(needsRehash(legacy, { logN: 17, r: 8, p: 1 })).toBe(true);
    expect(needsRehash(legacy, LEGACY_SCRYPT_COST)).toBe(false);
    expect(needsRehash("bcrypt$whatever", LEGACY_SCRYPT_COST)).toBe(true);
  });

  test("a stored hash with absurd parameters is refused, not computed", async () => {
    expect(await verifyPassword("x", "scrypt$4294967296$8$1$c2FsdA$aGFzaA")).toBe(false);
    expect(await verifyPassword("x", "scrypt$NaN$8$1$c2FsdA$aGFzaA")).toBe(false);
  });

  test("a sign-in rehashes an older hash at today's cost, and only when the password is right", async () => {
    const db = seeded.db;
    const weak = await hashPassword("Player123", { logN: 8, r: 8, p: 1 });
    await db
      .updateTable("members")
      .set({ password_hash: weak })
      .where("account", "=", "crew07")
      .execute();

    await expect(
      login(
        db,
        {
          method: "password",
          account: "crew07",
          password: "Wrong-9999",
          site: "member",
          remember: false,
        },
        rules,
        context,
        identityPolicy(),
      ),
    ).rejects.toThrow("login_failed");
    expect((await findMemberByAccount(db, "crew07"))!.password_hash).toBe(weak);

    const outcome = await login(
      db,
      {
        method: "password",
        account: "crew07",
        password: "Player123",
        site: "member",
        remember: false,
      },
      rules,
      context,
      identityPolicy(),
    );
    expect(outcome.kind).toBe("session");
    const upgraded = (await findMemberByAccount(db, "crew07"))!.password_hash;
    // vitest's cost is PASSWORD_HASH_LOG_N=10 (vitest.config.ts): 2^10 = 1024.
    expect(upgraded).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword("Player123", upgraded)).toBe(true);
    expect(needsRehash(upgraded)).toBe(false);
  });
});
