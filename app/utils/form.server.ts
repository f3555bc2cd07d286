import { json } from "@remix-run/node";
import type * as z from "zod/v4";

/** Parses a posted form with a zod schema; a malformed body is a 400, never a half-applied change. */
export async function parseFormOrThrow<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<z.infer<Schema>> {
  const formData = await request.formData();
  const result = schema.safeParse(Object.fromEntries(formData));
  if (!result.success) {
    throw json({ error: "invalid_form", issues: result.error.issues.map((issue) => issue.path.join(".")) }, { status: 400 });
  }
  return result.data;
}
