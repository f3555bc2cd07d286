import type { LoaderFunctionArgs } from "@remix-run/node";
import { isSupportedLanguage } from "~/i18n";
import { identityPolicy } from "~/platform/identity/policy.server";
import { createLoginHandoff } from "~/platform/identity/sessions.server";
import { getDb } from "~/platform/start.server";
import { withResourceHeaders } from "~/server/resource-headers.server";
import { getViewer } from "~/utils/auth.server";
import { qrSvg as toSvg } from "~/utils/qr.server";
import { svgResponse } from "./__tile-art.server";

const rendered = new Map<string, Promise<string>>();

/**
 * The side menu's QR code (size and margin: see app/utils/qr.server.ts): it encodes this site's app
 * download page in the visitor's language. It only ever encodes our own URL.
 * For a signed-in member it also carries a single-use, short-lived login
 * hand-off token, so the phone that scans it
 * arrives signed in. The browser may keep that QR privately for a few minutes
 * (less than the token lives), so browsing the portal does not mint a token per page.
 */
async function loadResource({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const lng = url.searchParams.get("lng");
  const language = isSupportedLanguage(lng) ? lng : "en";
  const target = `${url.origin}/download?lng=${language}`;

  const viewer = await getViewer(request);
  if (viewer) {
    const token = await createLoginHandoff(await getDb(), viewer.member.id, identityPolicy());
    const response = svgResponse(await toSvg(`${target}&token=${encodeURIComponent(token)}`));
    response.headers.set(
      "Cache-Control",
      `private, max-age=${Math.floor(identityPolicy().handoffTtlMs / 2000)}`,
    );
    response.headers.set("Vary", "Cookie");
    return response;
  }

  let svg = rendered.get(target);
  if (!svg) {
    // Keyed by origin, which the Host header sets: bound it so odd hosts cannot grow memory.
    if (rendered.size >= 32) rendered.clear();
    svg = toSvg(target);
    rendered.set(target, svg);
  }
  const response = svgResponse(await svg);
  response.headers.set("Cache-Control", "public, max-age=3600");
  // The answer depends on the session cookie: no cache may hand it to a member.
  response.headers.set("Vary", "Cookie");
  return response;
}

export const loader = withResourceHeaders(loadResource);
