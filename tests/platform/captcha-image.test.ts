import { crc32, inflateSync } from "node:zlib";
import {
  CAPTCHA_ALPHABET,
  captchaDataUrl,
  randomCaptchaText,
  renderCaptchaPng,
} from "~/platform/identity/captcha-image.server";

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

type Chunk = { type: string; data: Buffer; crc: number; crcInput: Buffer };

function readChunks(png: Buffer): Chunk[] {
  const chunks: Chunk[] = [];
  let at = SIGNATURE.length;
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString("ascii", at + 4, at + 8);
    chunks.push({
      type,
      data: png.subarray(at + 8, at + 8 + length),
      crc: png.readUInt32BE(at + 8 + length),
      crcInput: png.subarray(at + 4, at + 8 + length),
    });
    at += 12 + length;
  }
  expect(at).toBe(png.length);
  return chunks;
}

function decode(png: Buffer) {
  const chunks = readChunks(png);
  const ihdr = chunks.find((c) => c.type === "IHDR")!.data;
  const width = ihdr.readUInt32BE(0);
  const height = ihdr.readUInt32BE(4);
  const raw = inflateSync(
    Buffer.concat(chunks.filter((c) => c.type === "IDAT").map((c) => c.data)),
  );
  return { chunks, ihdr, width, height, raw };
}

describe("renderCaptchaPng", () => {
  const png = renderCaptchaPng("ab3k9");

  test("starts with the PNG signature and has IHDR first, IEND last", () => {
    expect(png.subarray(0, 8).equals(SIGNATURE)).toBe(true);
    const types = readChunks(png).map((c) => c.type);
    expect(types[0]).toBe("IHDR");
    expect(types.at(-1)).toBe("IEND");
    expect(types).toContain("IDAT");
  });

  test("IHDR describes a 150×50 8-bit grayscale image", () => {
    const { ihdr, width, height } = decode(png);
    expect(ihdr.length).toBe(13);
    expect([width, height]).toEqual([150, 50]);
    expect([...ihdr.subarray(8)]).toEqual([8, 0, 0, 0, 0]);
  });

  test("every chunk carries a correct CRC", () => {
    for (const chunk of readChunks(png)) {
      expect(chunk.crc, chunk.type).toBe(crc32(chunk.crcInput));
    }
  });

  test("IDAT inflates to one filter byte plus one byte per pixel per row", () => {
    const { width, height, raw } = decode(png);
    const bytesPerPixel = 1;
    expect(raw.length).toBe(height * (1 + width * bytesPerPixel));
    for (let y = 0; y < height; y++) expect(raw[y * (1 + width)]).toBe(0);
  });

  test("has both dark ink and light paper", () => {
    const { width, height, raw } = decode(png);
    let dark = 0;
    let light = 0;
    for (let y = 0; y < height; y++) {
      for (const v of raw.subarray(y * (1 + width) + 1, (y + 1) * (1 + width))) {
        if (v < 64) dark++;
        if (v > 192) light++;
      }
    }
    // Five 5×7 glyphs at 3× leave well over a hundred ink pixels.
    expect(dark).toBeGreaterThan(200);
    expect(light).toBeGreaterThan((width * height) / 2);
  });

  test("renders every character of the alphabet", () => {
    for (const ch of CAPTCHA_ALPHABET) expect(() => renderCaptchaPng(ch)).not.toThrow();
    expect(() => renderCaptchaPng(CAPTCHA_ALPHABET.slice(0, 6))).not.toThrow();
  });

  test("throws on a character without a glyph", () => {
    expect(() => renderCaptchaPng("AB0CD")).toThrow(/glyph/);
    expect(() => renderCaptchaPng("AB CD")).toThrow(/glyph/);
  });

  test("throws on empty or overlong text", () => {
    expect(() => renderCaptchaPng("")).toThrow(RangeError);
    expect(() => renderCaptchaPng("ABCDEFG")).toThrow(RangeError);
  });
});

describe("randomCaptchaText", () => {
  test("defaults to five characters from the alphabet", () => {
    for (let i = 0; i < 50; i++) {
      const text = randomCaptchaText();
      expect(text).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{5}$`));
    }
  });

  test("honours the requested length", () => {
    expect(randomCaptchaText(8)).toHaveLength(8);
    expect(randomCaptchaText(0)).toBe("");
  });

  test("alphabet has no look-alikes and no duplicates", () => {
    expect(CAPTCHA_ALPHABET).not.toMatch(/[01IO]/);
    expect(new Set(CAPTCHA_ALPHABET).size).toBe(CAPTCHA_ALPHABET.length);
  });
});

describe("captchaDataUrl", () => {
  test("wraps the PNG as a base64 data URL", () => {
    const png = renderCaptchaPng("XYZ23");
    const url = captchaDataUrl(png);
    expect(url.startsWith("data:image/png;base64,")).toBe(true);
    expect(Buffer.from(url.slice("data:image/png;base64,".length), "base64").equals(png)).toBe(
      true,
    );
  });
});
