import { gunzipSync } from "node:zlib";
import fc from "fast-check";
import { eventStream } from "remix-utils/sse/server";
import { describe, expect, it } from "vitest";
import { sseMessage } from "~/routes/resources+/__sse-message.server";
import { coalescingStream } from "~/server/coalescing-stream.server";
import { cutAtNonce, withNonce } from "~/server/page-cache.server";
import { csvResponse } from "~/utils/csv.server";
import { decodeUtf8, multibyteText } from "../helpers/multibyte";

/**
 * Every place that cuts or joins the bytes of a response, fed text whose
 * characters are 1 to 4 bytes long and cut at arbitrary byte offsets: what
 * comes out decodes as strict UTF-8 to exactly what went in.
 */

const RUNS = { numRuns: 100 };

/** Cut points anywhere in a buffer, inside characters too. */
const cutsOf = (bytes: Buffer, fractions: number[]) =>
  [...new Set(fractions.map((f) => Math.floor(f * bytes.length)))].sort((a, b) => a - b);

const fractions = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 20 });

describe("the page cache's nonce cut and join", () => {
  const nonce = fc.base64String({ minLength: 24, maxLength: 24 });

  it("gives back the page, with the next response's nonce, plain and gzipped", () => {
    fc.assert(
      fc.property(
        fc.array(multibyteText(300), { minLength: 1, maxLength: 8, size: "max" }),
        nonce,
        nonce,
        (texts, rendered, next) => {
          fc.pre(rendered !== next && !texts.join("").includes(rendered));
          const html = texts.join(`<script nonce="${rendered}">`);
          const parts = cutAtNonce(Buffer.from(html), rendered);
          expect(parts).toHaveLength(texts.length);
          const expected = texts.join(`<script nonce="${next}">`);
          expect(decodeUtf8(withNonce({ parts }, next))).toBe(expected);
          expect(decodeUtf8(gunzipSync(withNonce({ parts }, next, true)))).toBe(expected);
        },
      ),
      RUNS,
    );
  });
});

describe("the coalescing stream", () => {
  it("passes multi-byte text written in pieces cut anywhere on unchanged", async () => {
    await fc.assert(
      fc.asyncProperty(multibyteText(3000), fractions, async (text, at) => {
        const bytes = Buffer.from(text);
        const stream = coalescingStream();
        const out: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => out.push(chunk));
        const ended = new Promise((resolve) => stream.on("end", resolve));
        let from = 0;
        for (const cut of [...cutsOf(bytes, at), bytes.length]) {
          stream.write(bytes.subarray(from, cut));
          from = cut;
          // Some pieces in a later turn of the event loop, so more than one chunk comes out.
          if (cut % 3 === 0) await new Promise((resolve) => setImmediate(resolve));
        }
        stream.end();
        await ended;
        expect(decodeUtf8(Buffer.concat(out))).toBe(text);
      }),
      RUNS,
    );
  });
});

describe("the agent centre's CSV downloads", () => {
  /** Fields of a CSV whose every field is quoted, as csvResponse writes it. */
  function parseCsv(text: string): string[][] {
    const rows: string[][] = [];
    let row: string[] = [];
    let at = 0;
    while (at < text.length) {
      expect(text[at]).toBe('"');
      let field = "";
      for (at++; text[at] !== '"' || text[at + 1] === '"'; at++) {
        if (text[at] === '"') at++;
        field += text[at];
      }
      row.push(field);
      at++;
      if (text.startsWith("\r\n", at)) {
        rows.push(row);
        row = [];
        at += 2;
      } else {
        expect(text[at]).toBe(",");
        at++;
      }
    }
    return rows;
  }

  it("are UTF-8 with a BOM and hold every cell as it was", async () => {
    const cell = multibyteText(40).map((text) => text.replace(/^[=+\-@]/, "x"));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(cell, { minLength: 3, maxLength: 3 }), { maxLength: 30 }),
        async (rows) => {
          const response = csvResponse("report.csv", ["名前", "نام", "😀"], rows);
          const bytes = new Uint8Array(await response.arrayBuffer());
          expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
          expect(parseCsv(decodeUtf8(bytes.subarray(3)))).toEqual([["名前", "نام", "😀"], ...rows]);
        },
      ),
      RUNS,
    );
  });
});

describe("the live event stream", () => {
  it("delivers chat text of any script whole, however the bytes arrive", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(multibyteText(500), { minLength: 1, maxLength: 5 }),
        fractions,
        async (texts, at) => {
          const events = texts.map((text, i) => ({
            id: String(i + 1),
            audience: { topic: "room:lobby" },
            type: "chat_message" as const,
            data: { id: String(i), room: "lobby", author: "مہمان", text, at: "2026-11-27" },
          }));
          const response = eventStream(new AbortController().signal, (send, close) => {
            for (const event of events) send(sseMessage(event));
            queueMicrotask(close);
            return () => {};
          });
          const bytes = Buffer.from(await response.arrayBuffer());
          // As a browser reads it: bytes in arbitrary pieces through one streaming decoder.
          const decoder = new TextDecoder("utf-8", { fatal: true });
          let text = "";
          let from = 0;
          for (const cut of [...cutsOf(bytes, at), bytes.length]) {
            text += decoder.decode(bytes.subarray(from, cut), { stream: true });
            from = cut;
          }
          text += decoder.decode();
          const received = text
            .split("\n\n")
            .filter(Boolean)
            .map((block) =>
              JSON.parse(
                block
                  .split("\n")
                  .find((line) => line.startsWith("data: "))!
                  .slice(6),
              ),
            );
          expect(received.map((data: { text: string }) => data.text)).toEqual(texts);
        },
      ),
      RUNS,
    );
  });
});
