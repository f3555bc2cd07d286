import { getConfig } from "~/config.server";

const BODY = "<!doctype html><html><head><title>bench</title></head><body>ok</body></html>";

/**
 * The ceiling for `npm run bench`: a Remix route with no data, no session and no
 * React rendering, so the figures for real pages can be read as a fraction of
 * what remix-serve itself manages on this machine. Answers 404 unless
 * BENCH_ROUTES=true, so it is invisible in a normal deployment.
 */
export function loader() {
  if (!getConfig().BENCH_ROUTES) {
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  }
  return new Response(BODY, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
