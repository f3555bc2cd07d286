import type { LoaderFunctionArgs } from "@remix-run/node";
import QRCode from "qrcode";
import { isSupportedLanguage } from "~/i18n";
import { svgResponse } from "~/utils/tile-art.server";

const rendered = new Map<string, Promise<string>>();

/**
 * The side menu's QR code (§9: margin 20): it encodes this site's app
 * download page in the visitor's language. It only ever encodes our own URL.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const lng = url.searchParams.get("lng");
  const language = isSupportedLanguage(lng) ? lng : "en";
  const target = `${url.origin}/download?lng=${language}`;
  let svg = rendered.get(target);
  if (!svg) {
    // Keyed by origin, which the Host header sets: bound it so odd hosts cannot grow memory.
    if (rendered.size >= 32) rendered.clear();
    svg = QRCode.toString(target, { type: "svg", margin: 2, width: 200, errorCorrectionLevel: "M" });
    rendered.set(target, svg);
  }
  return svg.then((body) => {
    const response = svgResponse(body);
    response.headers.set("Cache-Control", "public, max-age=3600");
    return response;
  });
}
