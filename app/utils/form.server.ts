import { json } from "@remix-run/node";
import type * as z from "zod/v4";

/** The field remix-utils' <HoneypotInputs /> renders (hidden from people, filled in by bots). */
export const HONEYPOT_FIELD = "name__confirm";

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

/** The posted form of an action, after the same-origin check; a filled honeypot is a 400. */
export async function readForm(
  request: Request,
  options: { honeypot?: boolean } = {},
): Promise<FormData> {
  assertSameOrigin(request);
  const formData = await request.formData();
  if (options.honeypot && formData.get(HONEYPOT_FIELD)) {
    throw json({ error: "spam" }, { status: 400 });
  }
  return formData;
}

/** Parses a posted form with a zod schema; a malformed body is a 400, never a half-applied change. */
export async function parseFormOrThrow<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
): Promise<z.infer<Schema>> {
  const formData = await readForm(request);
  const result = schema.safeParse(Object.fromEntries(formData));
  if (!result.success) {
    throw json(
      { error: "invalid_form", issues: result.error.issues.map((issue) => issue.path.join(".")) },
      { status: 400 },
    );
  }
  return result.data;
}
