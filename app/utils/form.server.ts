import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type TypedResponse } from "@remix-run/node";
import * as z from "zod/v4";
import { hasControlCharacters, someString } from "~/platform/text/control-characters";
import { translatorFor } from "~/utils/i18next.server";
import { HONEYPOT_FIELD } from "./honeypot";

export { HONEYPOT_FIELD };

/**
 * Refuses a form posted from another site. SameSite=Lax already keeps the
 * session cookie off cross-site POSTs; this refuses them outright, so no
 * action ever runs for one (login CSRF, registration spam from other pages).
 * Compared by host: behind a TLS-terminating proxy the scheme differs.
 */
export function assertSameOrigin(request: Request) {
  const site = request.headers.get("Sec-Fetch-Site");
  const origin = request.headers.get("Origin");
  let sameHost = true;
  if (origin) {
    try {
      sameHost = new URL(origin).host === new URL(request.url).host;
    } catch {
      sameHost = false;
    }
  }
  if (site === "cross-site" || site === "same-site" || !sameHost) {
    throw json({ error: "cross_origin" }, { status: 403 });
  }
}

/** The most a form body may hold: every form's fields together are a few kilobytes. */
export const FORM_MAX_BYTES = 256 * 1024;
/** The most a JSON callback body may hold (a provider's batch of bet records). */
export const JSON_MAX_BYTES = 1024 * 1024;

/**
 * The request's body, refused with a 413 once it passes `maxBytes`: by its
 * Content-Length before reading, and by counting while reading, since a
 * chunked body announces no length. Nothing bigger is ever held in memory.
 */
export async function readCappedBody(
  request: Request,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = () => json({ error: "too_large" }, { status: 413 });
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxBytes) throw tooLarge();
  if (!request.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

export interface ReadFormOptions {
  honeypot?: boolean;
  /** The fields that hold several lines (textareas): tab and line breaks are text there. */
  multiline?: readonly string[];
}

/** The fields readForm refused for control characters (ADR 28), with the translated error. */
const refusedFields = new WeakMap<FormData, Record<string, string[]>>();

/**
 * The posted form of an action, after the same-origin check; a filled honeypot
 * is a 400. Every action reads its body here (lint refuses `request.formData()`
 * elsewhere), so ADR 28's rule runs for every form (screenForm).
 */
export async function readForm(request: Request, options: ReadFormOptions = {}): Promise<FormData> {
  assertSameOrigin(request);
  const body = await readCappedBody(request, FORM_MAX_BYTES);
  const contentType = request.headers.get("Content-Type") ?? "";
  let formData: FormData;
  try {
    formData = await new Response(body, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    throw json({ error: "invalid_form" }, { status: 400 });
  }
  if (options.honeypot && formData.get(HONEYPOT_FIELD)) {
    throw json({ error: "spam" }, { status: 400 });
  }
  return screenForm(request, formData, options.multiline);
}

/**
 * ADR 28's rule over a form however it was read (readForm, or a multipart
 * upload's text fields): a field holding control characters or a lone
 * surrogate is taken out before any code sees it, and parseSubmission answers
 * it as that field's error.
 */
export async function screenForm(
  request: Request,
  formData: FormData,
  multilineFields: readonly string[] = [],
): Promise<FormData> {
  const multiline = new Set(multilineFields);
  const refused = [...formData.entries()]
    .filter(
      ([name, value]) =>
        hasControlCharacters(name) ||
        (typeof value === "string" &&
          hasControlCharacters(value, { multiline: multiline.has(name) })),
    )
    .map(([name]) => name);
  if (refused.length === 0) return formData;
  const message = (await translatorFor(request))("validation.controlCharacters");
  for (const name of refused) formData.delete(name);
  const fieldErrors = refused
    .filter((name) => !hasControlCharacters(name))
    .map((name) => [name, [message]]);
  refusedFields.set(formData, Object.fromEntries(fieldErrors));
  return formData;
}

/**
 * conform's parseWithZod for a form read by readForm: a field refused there is
 * an error of this submission (the form re-renders with the other values kept,
 * nothing runs). The only way actions parse a form (lint refuses
 * parseWithZod's import elsewhere).
 */
export const parseSubmission: typeof parseWithZod = ((
  formData: FormData,
  options: Parameters<typeof parseWithZod>[1],
) => {
  dropBrokenConformFields(formData);
  const refused = refusedFields.get(formData);
  if (!refused) return parseWithZod(formData, options);
  const submission = parseWithZod(formData, {
    schema: z.unknown().superRefine((_, context) => {
      for (const [name, [message]] of Object.entries(refused)) {
        context.addIssue({ code: "custom", path: name.split("."), message });
      }
    }),
  });
  return options.async ? Promise.resolve(submission) : submission;
}) as typeof parseWithZod;

/**
 * conform's own fields (validate/reset buttons, list state) hold JSON it
 * parses unguarded: a hand-made value there was a 500. Dropped instead, as a
 * browser's form never sends one.
 */
const CONFORM_FIELDS: Record<string, (value: unknown) => boolean> = {
  __intent__: (value) =>
    typeof value === "object" &&
    value !== null &&
    typeof (value as { type?: unknown }).type === "string" &&
    (value as { payload?: unknown }).payload !== undefined,
  __state__: (value) => typeof value === "object" && value !== null,
};

function dropBrokenConformFields(formData: FormData) {
  for (const [name, isValid] of Object.entries(CONFORM_FIELDS)) {
    const value = formData.get(name);
    if (value === null) continue;
    let parsed: unknown;
    try {
      parsed = typeof value === "string" ? JSON.parse(value) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!isValid(parsed)) formData.delete(name);
  }
}

/**
 * The raw body of a JSON callback (kept whole for its signature), refused with
 * a 400 when any string in it, once parsed, holds control characters (ADR 28):
 * `"\u0000"` is six harmless bytes on the wire and a NUL after JSON.parse.
 * Text that is not JSON is left to the caller's own parser to refuse.
 */
export async function readJsonText(request: Request, maxLength: number): Promise<string> {
  const text = new TextDecoder().decode(await readCappedBody(request, JSON_MAX_BYTES));
  if (text.length > maxLength) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  if (someString(parsed, (value) => hasControlCharacters(value, { multiline: true }))) {
    throw json({ error: "control_characters" }, { status: 400 });
  }
  return text;
}

/** Parses a posted form with a zod schema; a malformed body is a 400, never a half-applied change. */
export async function parseFormOrThrow<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
): Promise<z.infer<Schema>> {
  const formData = await readForm(request);
  if (refusedFields.has(formData)) {
    throw json(
      { error: "invalid_form", issues: Object.keys(refusedFields.get(formData)!) },
      { status: 400 },
    );
  }
  const result = schema.safeParse(Object.fromEntries(formData));
  if (!result.success) {
    throw json(
      { error: "invalid_form", issues: result.error.issues.map((issue) => issue.path.join(".")) },
      { status: 400 },
    );
  }
  return result.data;
}

/**
 * A 400 with the form's errors; the entered values (secrets excepted) come back so nothing is lost.
 * `extra` goes beside the result (which form it was, a captcha, …), typed as written, so an
 * action's reply keeps its literal tags (`{ form: "request" }`) for the component to narrow on.
 */
export function formFailure(
  result: SubmissionResult<string[]>,
): TypedResponse<{ result: SubmissionResult<string[]> }>;
export function formFailure<const Extra extends object>(
  result: SubmissionResult<string[]>,
  extra: Extra,
): TypedResponse<{ result: SubmissionResult<string[]> } & Extra>;
export function formFailure(result: SubmissionResult<string[]>, extra: object = {}) {
  return json({ result, ...extra }, { status: 400 });
}
