/**
 * Issue 18 (ADR 28): the one rule for text that users and callers send. NUL
 * breaks PostgreSQL's UTF-8 text (a 500 instead of an answer), the other C0/C1
 * controls are invisible and never typed on purpose, and a lone UTF-16
 * surrogate cannot be stored as UTF-8 at all (drivers silently turn it into
 * U+FFFD). Tab, newline and carriage return are text only in a field that
 * holds several lines.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NEVER_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\p{Cs}/u;
const LINE_BREAKS = /[\t\n\r]/;
/** What the database cannot store: refused there too, whatever layer forgot to look. */
// eslint-disable-next-line no-control-regex -- as above
const UNSTORABLE = /\u0000|\p{Cs}/u;

export interface TextRule {
  /** The field holds several lines: tab, newline and carriage return are text there. */
  multiline?: boolean;
}

export function hasControlCharacters(value: string, rule: TextRule = {}): boolean {
  return NEVER_TEXT.test(value) || (!rule.multiline && LINE_BREAKS.test(value));
}

export const isUnstorable = (value: string): boolean => UNSTORABLE.test(value);

/** Every string inside a parsed JSON value, however deep (callbacks' bodies). */
export function someString(value: unknown, test: (text: string) => boolean): boolean {
  if (typeof value === "string") return test(value);
  // Bytes (an uploaded proof) are not text, and walking them would cost a step per byte.
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return false;
  if (Array.isArray(value)) return value.some((item) => someString(item, test));
  if (value && typeof value === "object") {
    return Object.entries(value).some(([key, item]) => test(key) || someString(item, test));
  }
  return false;
}
