import fc from "fast-check";

/**
 * Text of every UTF-8 width: ASCII (1 byte), Urdu and Lao (2 and 3), CJK (3)
 * and emoji (4 bytes, two UTF-16 units), so that wherever a writer cuts or
 * joins bytes, some character straddles the cut.
 */
export const multibyteChar = fc
  .oneof(
    fc.integer({ min: 0x20, max: 0x7e }),
    fc.integer({ min: 0x0621, max: 0x064a }),
    fc.integer({ min: 0x0e81, max: 0x0eae }),
    fc.integer({ min: 0x4e00, max: 0x9fff }),
    fc.integer({ min: 0x1f300, max: 0x1f64f }),
  )
  .map((codePoint) => String.fromCodePoint(codePoint));

/** Up to maxLength characters, any length up to it as likely (fast-check's default prefers short ones). */
export const multibyteText = (maxLength: number) =>
  fc.string({ unit: multibyteChar, maxLength, size: "max" });

/** Strict UTF-8: throws on any byte sequence that is not valid UTF-8. */
export const decodeUtf8 = (bytes: Uint8Array) =>
  new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
