/**
 * A same-site path to return to after a dialog, a login or a preference
 * change, never another origin. Browsers drop tabs and newlines from a
 * Location and read "\\" as "/", so "/\t/evil.example" would leave the site:
 * control characters and backslashes are refused, and the path must resolve
 * to this origin.
 */
export function safeRedirectPath(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/",
): string {
  // Control characters and backslashes are refused on purpose: browsers read them as other URLs.
  // eslint-disable-next-line no-control-regex
  if (typeof to !== "string" || !to.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(to))
    return fallback;
  const base = "http://same.invalid";
  return new URL(to, base).origin === base && !to.startsWith("//") ? to : fallback;
}

export function getErrorMessage(error: unknown): string {
  if (typeof error === "string") return error;
  if (
    error &&
    typeof error === "object" &&
    "message" in error &&
    typeof error.message === "string"
  ) {
    return error.message;
  }
  return "Unknown error";
}

/** A URL with one search parameter set (or removed when the value is null). */
export function withSearchParam(url: string, key: string, value: string | number | null): string {
  const [path = "/", query = ""] = url.split("?");
  const params = new URLSearchParams(query);
  if (value === null) params.delete(key);
  else params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
