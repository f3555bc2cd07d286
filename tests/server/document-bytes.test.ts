import { existsSync, readFileSync } from "node:fs";
import fc from "fast-check";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  checkDocumentWriter,
  documentBytesProblem,
  streamedBytes,
  writerSample,
} from "~/server/document-writer-check.server";
import { multibyteText } from "../helpers/multibyte";

describe("the document bytes React streams", () => {
  it("carry every character of multi-byte text of any length, cut anywhere by React's buffer", async () => {
    await fc.assert(
      fc.asyncProperty(
        // An ASCII lead of any length moves where React's 2 KB buffer ends; the pieces are text
        // nodes of their own (short ones share the buffer, long ones are encoded on their own).
        fc.nat({ max: 2100 }),
        fc.array(multibyteText(800), { minLength: 1, maxLength: 12, size: "max" }),
        fc.boolean(),
        async (lead, pieces, waitForAll) => {
          const element = createElement(
            "main",
            null,
            "a".repeat(lead),
            pieces.map((piece, i) => createElement("p", { key: i }, piece)),
          );
          // The string renderer does not share the streaming writer: its text is the reference.
          expect(
            documentBytesProblem(await streamedBytes(element, waitForAll), renderToString(element)),
          ).toBeNull();
        },
      ),
      // A failing document is large: report the first one rather than shrink it for minutes.
      { numRuns: 150, endOnFailure: true },
    );
  });

  it("the start-up check passes with the installed react-dom", async () => {
    await expect(checkDocumentWriter()).resolves.toBeUndefined();
  });

  it("the start-up check's sample crosses React's buffer inside characters", () => {
    const html = renderToString(writerSample());
    const bytes = Buffer.byteLength(html);
    expect(bytes).toBeGreaterThan(16 * 2048);
    expect(html.length).toBeLessThan(bytes);
  });

  it("the start-up check refuses a NUL byte, bytes that are not UTF-8, and changed text", async () => {
    const right = Buffer.from(renderToString(writerSample()));
    const at = right.indexOf("界") + 1;
    const withNul = Buffer.concat([right.subarray(0, at), Buffer.from([0]), right.subarray(at)]);
    const cutChar = Buffer.concat([right.subarray(0, at), right.subarray(at + 1)]);
    for (const [bytes, problem] of [
      [withNul, /a NUL byte at offset \d+/],
      [cutChar, /not valid UTF-8/],
      [Buffer.from(renderToString(createElement("p", null, "other"))), /differs/],
    ] as const) {
      await expect(checkDocumentWriter(async () => bytes)).rejects.toThrow(problem);
      expect(documentBytesProblem(bytes, right.toString())).toMatch(problem);
    }
  });

  it("the react-dom patch is named for the react-dom installed", () => {
    const { version } = JSON.parse(readFileSync("node_modules/react-dom/package.json", "utf8")) as {
      version: string;
    };
    // patch-package applies patches by name on `npm ci` (postinstall, --error-on-warn): a bumped
    // react-dom must be checked against the fix and the patch renamed, or removed if fixed upstream.
    expect(existsSync(`patches/react-dom+${version}.patch`)).toBe(true);
  });
});
