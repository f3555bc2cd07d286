// Shared by design: the server entry's start-up check, which guards every document response.
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { bytesOf, streamDocument } from "./document-stream.server";

/**
 * Text whose multi-byte characters (Urdu 2 bytes, CJK 3, emoji 4) fall on
 * every side of React's 2,048-byte write buffer: 40 KB of paragraphs of
 * growing length, so the buffer's end lands inside a character again and
 * again (react-dom 18.3.1 unpatched sends 7 NUL bytes for it).
 */
export function writerSample(): ReactElement {
  return createElement(
    "div",
    null,
    Array.from({ length: 160 }, (_, i) =>
      createElement(
        "p",
        { key: i },
        `${"x".repeat(i % 3)}${"ا".repeat(37 + i)}界${"😀".repeat(i % 4)}`,
      ),
    ),
  );
}

/** The bytes the server entry's document stream sends for an element (React's writer, then the coalescing stream). */
export async function streamedBytes(element: ReactElement, waitForAll = true): Promise<Buffer> {
  const body = await streamDocument(element, {
    nonce: "check",
    waitForAll,
    through: null,
    abortAfterMs: 5_000,
    // A render error shows as text that differs from the string renderer's.
    onError: () => {},
  });
  return bytesOf(body);
}

/**
 * Why a rendered document's bytes are wrong, or null when they are right:
 * a NUL byte, bytes that are not UTF-8, or text other than the string
 * renderer's (which does not share the streaming writer).
 */
export function documentBytesProblem(bytes: Uint8Array, expected: string): string | null {
  const nul = bytes.indexOf(0);
  if (nul !== -1) return `a NUL byte at offset ${nul}`;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return "bytes that are not valid UTF-8";
  }
  return text === expected ? null : "text that differs from what was rendered";
}

/**
 * react-dom 18.3.1's Node writer sent the unfilled end of its buffer, zero
 * bytes, whenever the next multi-byte character did not fit in it, so every
 * Urdu page carried NULs. patches/react-dom+18.3.1.patch mends it on install
 * (ADR 30). An install that skipped the patch, or a react-dom it no longer
 * fits, would corrupt pages silently: this renders the sample through the
 * server's own document stream and throws when a byte comes out wrong.
 */
export async function checkDocumentWriter(
  render: (element: ReactElement) => Promise<Uint8Array> = streamedBytes,
) {
  const sample = writerSample();
  const problem = documentBytesProblem(await render(sample), renderToString(sample));
  if (problem) {
    throw new Error(
      `React's streaming HTML writer sends ${problem} (is patches/react-dom+18.3.1.patch applied? run npm ci)`,
    );
  }
}
