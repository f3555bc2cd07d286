// Shared by design: the server entry's document bytes, and the start-up check of React's writer.
import type { Transform } from "node:stream";
import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { coalescingStream } from "./coalescing-stream.server";

export interface DocumentStreamOptions {
  nonce: string;
  /** Wait for every suspended part (a crawler reads the whole page), else start with the shell. */
  waitForAll: boolean;
  /** Where the bytes pass on their way out: the page cache's storing stream, else the coalescing one. */
  through: Transform | null;
  /** Ends a render still waiting for data after this long. */
  abortAfterMs: number;
  /** A render error; after the shell went out it can no longer change the response's status. */
  onError: (error: unknown, shellRendered: boolean) => void;
}

/**
 * A document rendered to the bytes its response sends. Resolves with the
 * stream to send once the shell (or, for a crawler, everything) is ready;
 * rejects when not even the shell could render.
 */
export function streamDocument(
  element: ReactElement,
  options: DocumentStreamOptions,
): Promise<Transform> {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const body = options.through ?? coalescingStream();
    const ready = () => {
      shellRendered = true;
      resolve(body);
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce: options.nonce,
      ...(options.waitForAll ? { onAllReady: ready } : { onShellReady: ready }),
      onShellError: reject,
      onError: (error: unknown) => options.onError(error, shellRendered),
    });
    // Unref'd: a render that finished leaves its abort timer pending, which would hold a graceful stop (ADR 25).
    setTimeout(abort, options.abortAfterMs).unref();
  });
}

/** Every byte of a stream, once it ends. */
export async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
