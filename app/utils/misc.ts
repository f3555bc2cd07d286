const SAME_SITE = "http://same.invalid";

/**
 * A same-site path to return to after a dialog, a login or a preference
 * change, never another origin, and ready for a Location header: every
 * redirect target the app takes from a form, a query or a stored value goes
 * through here.
 *
 * Browsers drop tabs and newlines from a Location and read "\\" as "/", so
 * "/\t/evil.example" would leave the site: control characters and
 * backslashes are refused, and the path must resolve to this origin. The
 * answer is the parsed URL's path, query and fragment, which the URL parser
 * percent-encodes: text beyond ASCII ("/promotions?q=你") becomes UTF-8
 * escapes, a header cannot carry it raw, and escapes already there are kept
 * as they are. Dot segments can fold "/.//evil.example" into "//evil.example",
 * which a browser reads as another host, so the parsed path is checked again.
 */
export function safeRedirectPath(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/",
): string {
  // Control characters and backslashes are refused on purpose: browsers read them as other URLs.
  // eslint-disable-next-line no-control-regex
  if (typeof to !== "string" || !to.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(to))
    return fallback;
  if (to.startsWith("//")) return fallback;
  const url = new URL(to, SAME_SITE);
  const path = url.pathname + url.search + url.hash;
  if (url.origin !== SAME_SITE || path.startsWith("//")) return fallback;
  // What the parser leaves is printable ASCII; anything else would not be a valid header value.
  return /^[\x21-\x7e]+$/.test(path) ? path : fallback;
}

/**
 * The one address of a page whose path ends in a slash ("/login/?a=1" is
 * "/login?a=1"), or null when it has none. Routes match either way, so
 * without this every page answers at two addresses, and return paths taken
 * from the slashed one carry it on. Leading slashes fold to one:
 * "//evil.example/" is "/evil.example" here, never another host.
 */
export function withoutTrailingSlash(url: URL): string | null {
  if (url.pathname === "/" || !url.pathname.endsWith("/")) return null;
  const path = `/${url.pathname.replace(/^\/+|\/+$/g, "")}`;
  return safeRedirectPath(path + url.search, path);
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

/** A URL with one search parameter set (or removed when the value is null); its #fragment stays last. */
export function withSearchParam(url: string, key: string, value: string | number | null): string {
  const hashAt = url.indexOf("#");
  const hash = hashAt === -1 ? "" : url.slice(hashAt);
  const [path = "/", query = ""] = (hashAt === -1 ? url : url.slice(0, hashAt)).split("?");
  const params = new URLSearchParams(query);
  if (value === null) params.delete(key);
  else params.set(key, String(value));
  const search = params.toString();
  return `${search ? `${path}?${search}` : path}${hash}`;
}

/** The plain 404 a loader throws (or returns) for what does not exist or is not the asker's. */
export const notFound = () => new Response("Not found", { status: 404 });
