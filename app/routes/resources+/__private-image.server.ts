/**
 * The four private image routes (withdrawal and promotion proofs, feedback
 * images, ID documents) answer alike: a missing image and one the asker may
 * not see get the same 404, so ids reveal nothing, and nothing is cached.
 */
const PRIVATE = { "Cache-Control": "private, no-store" };

export const privateImageNotFound = () =>
  new Response("Not found", { status: 404, headers: PRIVATE });

/**
 * An uploaded image for whoever may see it, with the type the platform sniffed
 * from its bytes at upload: the browser is told not to guess, and nothing in
 * the file may run (no script or style of its own, even opened as a page).
 */
export function privateImageResponse(image: { bytes: Uint8Array; content_type: string }) {
  return new Response(new Uint8Array(image.bytes), {
    headers: {
      ...PRIVATE,
      "Content-Type": image.content_type,
      "Content-Length": String(image.bytes.byteLength),
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
      "Content-Security-Policy": "default-src 'none'",
    },
  });
}
