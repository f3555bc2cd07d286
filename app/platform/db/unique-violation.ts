/** The constraint a unique violation broke (PostgreSQL 23505), or null for any other error. */
export function uniqueViolation(error: unknown): string | null {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e?.code !== "23505") return null;
  return e.constraint ?? e.message ?? "";
}
