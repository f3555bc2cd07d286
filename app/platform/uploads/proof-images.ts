import { PlatformError } from "../errors";

/** Proof uploads: png or jpg only, up to 5 MB each, at most 3 images. */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const PROOF_MAX_COUNT = 3;

export type ProofType = "image/png" | "image/jpeg";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The image type by its first bytes; a file's name or declared type proves nothing. */
export function sniffProofType(bytes: Uint8Array): ProofType | null {
  if (
    bytes.length >= PNG_SIGNATURE.length &&
    PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)
  )
    return "image/png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return "image/jpeg";
  return null;
}

/**
 * Uploaded proof images (withdrawal receipts, promotion applications) with
 * their type by content: `proof_size` over 5 MB, `proof_type` for anything
 * but png or jpeg, `proof_count` (details: max) for more than 3.
 */
export function checkProofImages(files: readonly { bytes: Uint8Array }[]) {
  const proofs = files.map((proof) => {
    if (proof.bytes.byteLength > PROOF_MAX_BYTES) throw new PlatformError("proof_size");
    const type = sniffProofType(proof.bytes);
    if (!type) throw new PlatformError("proof_type");
    return { type, bytes: proof.bytes };
  });
  if (proofs.length > PROOF_MAX_COUNT)
    throw new PlatformError("proof_count", { max: PROOF_MAX_COUNT });
  return proofs;
}
