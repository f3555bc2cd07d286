import { describe, expect, test } from "vitest";
import { FORM_MAX_BYTES, JSON_MAX_BYTES, readForm, readJsonText } from "~/utils/form.server";

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

/** A body sent in pieces with no Content-Length, as a chunked upload arrives. */
function chunked(text: string, pieces = 64) {
  const bytes = new TextEncoder().encode(text);
  const size = Math.ceil(bytes.length / pieces);
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(sent, sent + size));
      sent += size;
    },
  });
}

async function statusOf(read: Promise<unknown>) {
  try {
    await read;
    return 200;
  } catch (error) {
    if (error instanceof Response) return error.status;
    throw error;
  }
}

describe("body size caps", () => {
  const FORM = "application/x-www-form-urlencoded";
  const form = (body: BodyInit, headers: Record<string, string> = {}) =>
    new Request("http://localhost/login", {
      method: "POST",
      body,
      headers: { "Content-Type": FORM, ...headers },
      // Node's fetch needs it for a stream body.
      duplex: "half",
    });

  test("a form within the cap is read as before", async () => {
    const data = await readForm(form(`username=player01&note=${"x".repeat(10_000)}`));
    expect(data.get("username")).toBe("player01");
  });

  test("a form over the cap is a 413, by its length or, chunked, by counting", async () => {
    const big = `note=${"x".repeat(FORM_MAX_BYTES)}`;
    expect(await statusOf(readForm(form(big)))).toBe(413);
    expect(await statusOf(readForm(form(chunked(big))))).toBe(413);
    // A Content-Length that lies low is caught by the count.
    expect(await statusOf(readForm(form(chunked(big), { "Content-Length": "10" })))).toBe(413);
  });

  test("a JSON callback over its cap is a 413", async () => {
    const big = `{"a":"${"x".repeat(JSON_MAX_BYTES)}"}`;
    expect(await statusOf(readJsonText(callback(big), 16_384))).toBe(413);
    expect(
      await statusOf(
        readJsonText(
          new Request("http://localhost/resources/games/wallet", {
            method: "POST",
            body: chunked(big),
            duplex: "half",
          }),
          16_384,
        ),
      ),
    ).toBe(413);
  });
});
