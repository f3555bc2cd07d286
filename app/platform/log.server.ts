/** One JSON line per event on stdout; callers never pass secrets or passwords. */
export function logEvent(event: string, fields: Record<string, unknown> = {}) {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), event, ...fields })}\n`);
}
