// A cached visitor page is the same bytes for everyone but its nonce, yet the
// compression middleware of remix-serve gzipped all ~180 KB again for every
// browser (they all send Accept-Encoding): 5.2 ms of CPU against 0.57 ms
// without (docs/benchmarks.md). So each part of a stored page is deflated once,
// ending on a sync flush (byte-aligned, no reference across it), and a response
// is one gzip stream joining those blocks with its own nonce's block. A
// response that already has a Content-Encoding is left alone by the middleware.
import { constants, crc32, deflateRawSync } from "node:zlib";

const SYNC = { finishFlush: constants.Z_SYNC_FLUSH };
// No name, no time, OS unknown (RFC 1952).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// An empty final block: where the stream ends.
const FINAL_BLOCK = deflateRawSync(Buffer.alloc(0));

const deflatedParts = new WeakMap<readonly Buffer[], Buffer[]>();

function deflatedOf(parts: readonly Buffer[]) {
  let deflated = deflatedParts.get(parts);
  if (!deflated) {
    deflated = parts.map((part) => deflateRawSync(part, { ...SYNC, level: 9 }));
    deflatedParts.set(parts, deflated);
  }
  return deflated;
}

/** Whether the request takes gzip (a browser's navigation always does). */
export function acceptsGzip(request: Request) {
  const offers = new Map<string, number>();
  for (const offer of (request.headers.get("Accept-Encoding") ?? "").split(",")) {
    const [name = "", ...params] = offer.split(";").map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith("q="));
    offers.set(name, q ? Number(q.slice(2)) : 1);
  }
  // An explicit gzip;q=0 refuses it even when * is offered.
  return (offers.get("gzip") ?? offers.get("*") ?? 0) > 0;
}

/** One gzip stream of `parts` joined by `joint`, reusing each part's deflated bytes. */
export function gzipJoined(parts: readonly Buffer[], joint: Buffer): Buffer {
  const deflated = deflatedOf(parts);
  const deflatedJoint = deflateRawSync(joint, SYNC);
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  parts.forEach((part, i) => {
    if (i > 0) {
      pieces.push(deflatedJoint);
      crc = crc32(joint, crc);
      length += joint.length;
    }
    pieces.push(deflated[i]!);
    crc = crc32(part, crc);
    length += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  pieces.push(FINAL_BLOCK, trailer);
  return Buffer.concat(pieces);
}
