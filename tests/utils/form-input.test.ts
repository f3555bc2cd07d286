import { describe, expect, test } from "vitest";
import { readJsonText } from "~/utils/form.server";

/**
 * ADR 28 for JSON bodies (the signed seamless-wallet and payment callbacks):
 * a control character or lone surrogate is six harmless bytes on the wire
 * ("\u0000") and the real thing after JSON.parse, so the body is refused by
 * what it parses to, before the signature or the ledger see it.
 */
const callback = (body: string) =>
  new Request("http://localhost/resources/games/wallet", { method: "POST", body });

async function status(body: string) {
  try {
    await readJsonText(callback(body), 16_384);
    return 200;
  } catch (error) {
    if (error instanceof Response) return error.status;
    throw error;
  }
}

describe("readJsonText", () => {
  test.each([
    String.raw`{"member":"a\u0000b"}`,
    String.raw`{"items":[{"note":"\ud800"}]}`,
    String.raw`{"a\u0007":"key"}`,
    String.raw`["\u009b"]`,
  ])("%s is a 400", async (body) => expect(await status(body)).toBe(400));

  test.each([
    String.raw`{"member":"🎰 \u202bمرحبا\u202c","note":"two\nlines\tand a tab"}`,
    "not json at all: the caller's own parser refuses it",
    `{"big":"${"x".repeat(20_000)}"}`,
  ])("%s is passed on whole", async (body) => {
    expect(await status(body)).toBe(200);
    expect(await readJsonText(callback(body), 16_384)).toBe(body);
  });
});
