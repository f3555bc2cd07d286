import { crc32, deflateSync } from "node:zlib";

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG colour types by channels a pixel: grey (0) or red, green, blue and alpha (6). */
const COLOUR_TYPE = { 1: 0, 4: 6 } as const;

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)) >>> 0, 8 + data.length);
  return out;
}

/**
 * A PNG of 8-bit pixels, row after row: one byte a pixel (grey) or four
 * (red, green, blue, alpha). For the small images the server draws itself
 * (captchas, the demo catalog's artwork): no filters, deflate only, which
 * does well enough on images this small and keeps the encoder trivial.
 */
export function encodePng(image: {
  width: number;
  height: number;
  channels: 1 | 4;
  pixels: Buffer;
}): Buffer {
  const { width, height, channels, pixels } = image;
  const rowBytes = width * channels;
  if (pixels.length !== rowBytes * height) throw new Error("encodePng: pixels do not fit the size");
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits a channel
  header[9] = COLOUR_TYPE[channels];
  // Each row is preceded by its filter type, 0 (none); compression, filter and interlace stay 0.
  const raw = Buffer.alloc(height * (1 + rowBytes));
  for (let y = 0; y < height; y++) {
    pixels.copy(raw, y * (1 + rowBytes) + 1, y * rowBytes, (y + 1) * rowBytes);
  }
  return Buffer.concat([
    SIGNATURE,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
