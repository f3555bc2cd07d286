import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
  json,
} from "@remix-run/node";
import { PROOF_MAX_BYTES, PROOF_MAX_COUNT } from "~/platform/uploads/proof-images";
import { screenForm } from "~/utils/form.server";

/** The file input of a form with proof images (a withdrawal receipt, a promotion application). */
export const PROOF_FIELD = "proofs";

/** Text fields such a form has (intent, ids, outcome, amount, note or comment, …), with room to spare. */
const MAX_TEXT_FIELDS = 16;
const MAX_TEXT_BYTES = 4096;

class TooManyParts extends Error {}

export interface ProofUpload {
  /** Every text field read before the upload stopped (all of them when it did not). */
  fields: Record<string, string>;
  /** The same fields as a form for parseSubmission, after ADR 28's screening. */
  form: FormData;
  files: File[];
  /** Why the files were refused before they were read in full: 5 MB each, at most 3. */
  problem: "proof_size" | "proof_count" | null;
}

async function drain(data: AsyncIterable<Uint8Array>) {
  for await (const _chunk of data) {
    // An empty file input still sends a part; its bytes are read and dropped.
  }
}

/**
 * Reads a multipart form with proof images into memory without ever
 * holding more than 3 files of 5 MB: a larger file or a fourth one stops the
 * read (the caller answers with the translated error, never a 500). The
 * caller has checked the origin and the member first. The files' type is
 * checked by their bytes later, by the platform.
 */
export async function readProofUpload(
  request: Request,
  multiline: readonly string[] = [],
): Promise<ProofUpload> {
  const upload = await readParts(request);
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  await screenForm(request, form, multiline);
  const fields = Object.fromEntries(
    [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  return { ...upload, fields, form };
}

async function readParts(request: Request): Promise<Omit<ProofUpload, "form">> {
  const fields: Record<string, string> = {};
  const files: File[] = [];
  let textParts = 0;
  const text = unstable_createMemoryUploadHandler({ maxPartSize: MAX_TEXT_BYTES });
  const file = unstable_createMemoryUploadHandler({ maxPartSize: PROOF_MAX_BYTES });
  const handler: UploadHandler = async (part) => {
    if (typeof part.filename !== "string") {
      if (++textParts > MAX_TEXT_FIELDS) throw new TooManyParts();
      const value = await text(part);
      if (typeof value === "string") fields[part.name] = value;
      return value;
    }
    if (part.name !== PROOF_FIELD || part.filename === "") {
      await drain(part.data);
      return undefined;
    }
    if (files.length >= PROOF_MAX_COUNT) throw new TooManyParts(PROOF_FIELD);
    const value = await file(part);
    if (value instanceof File) files.push(value);
    return value;
  };
  try {
    await unstable_parseMultipartFormData(request, handler);
    return { fields, files, problem: null };
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) {
      if (error.field !== PROOF_FIELD) throw json({ error: "invalid_form" }, { status: 400 });
      return { fields, files: [], problem: "proof_size" };
    }
    if (error instanceof TooManyParts) {
      if (error.message !== PROOF_FIELD) throw json({ error: "invalid_form" }, { status: 400 });
      return { fields, files: [], problem: "proof_count" };
    }
    // Not multipart at all, or a broken body.
    if (error instanceof TypeError) throw json({ error: "invalid_form" }, { status: 400 });
    throw error;
  }
}

export const isMultipart = (request: Request) =>
  (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");
