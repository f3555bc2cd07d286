import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { hasControlCharacters, isUnstorable } from "~/platform/text/control-characters";
import { createTestDatabase } from "../../helpers/database";

/**
 * ADR 28's rule, and its last line in the database: text PostgreSQL cannot
 * store never reaches it, whatever layer forgot to look; what people type
 * (emoji, right-to-left marks, line breaks where allowed) is stored as typed.
 */

describe("the rule", () => {
  test.each([
    "a\u0000b",
    "\u0007",
    "\u001B[31m",
    "\u007F",
    "\u0085",
    "\u009B",
    "x\uD800",
    "\uDC00y",
  ])("%j is refused everywhere", (value) => {
    expect(hasControlCharacters(value)).toBe(true);
    expect(hasControlCharacters(value, { multiline: true })).toBe(true);
  });

  test.each(["line\nbreak", "tab\there", "cr\r\n"])(
    "%j is text only where several lines are",
    (value) => {
      expect(hasControlCharacters(value)).toBe(true);
      expect(hasControlCharacters(value, { multiline: true })).toBe(false);
    },
  );

  test.each([
    "🎰🍀👍🏽",
    "\u202Bمرحبا\u202C",
    "\u200F\u200E",
    "日本語 한국어 Português",
    "x".repeat(100_000),
  ])("%j is text", (value) => expect(hasControlCharacters(value)).toBe(false));

  test("a surrogate pair is a character; only a lone half is unstorable", () => {
    expect(isUnstorable("🎰")).toBe(false);
    expect(isUnstorable("🎰".slice(0, 1))).toBe(true);
    expect(isUnstorable("\u0000")).toBe(true);
    expect(isUnstorable("\u0007")).toBe(false);
  });
});

describe("the database guard", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  const echo = (value: unknown) =>
    sql<{ value: string }>`select ${value}::text as value`.execute(handle.db);

  test.each(["user\u0000name", "lone \uD800 half"])(
    "%j in a parameter is a 400 before the query is sent",
    async (value) => {
      const refusal = await echo(value).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(Response);
      expect((refusal as Response).status).toBe(400);
    },
  );

  test("inside an object bound as JSON and an IN list too", async () => {
    await expect(echo({ note: ["\u0000"] })).rejects.toBeInstanceOf(Response);
    const list = await handle.db
      .selectFrom("members")
      .select("id")
      .where("account", "in", ["ok", "bad\u0000"])
      .execute()
      .catch((error: unknown) => error);
    expect(list).toBeInstanceOf(Response);
  });

  test.each(["🎰🍀👍🏽", "\u202Bمرحبا\u202C \u200F", "tab\tand\nlines", "\u0007bell"])(
    "%j is stored as sent",
    async (value) => {
      const { rows } = await echo(value);
      expect(rows[0]!.value).toBe(value);
    },
  );
});
