import type { LoaderFunctionArgs } from "@remix-run/node";
import { withResourceHeaders } from "~/server/resource-headers.server";
import { notFound } from "~/utils/misc";
import { svgResponse, vendorArtSvg } from "./__tile-art.server";

/** /resources/icons/vendor/<vassalage>.svg */
function loadResource({ params }: LoaderFunctionArgs) {
  const match = /^([A-Z0-9_]{1,32})\.svg$/.exec(params.file ?? "");
  if (!match) throw notFound();
  return svgResponse(vendorArtSvg(match[1]!));
}

export const loader = withResourceHeaders(loadResource);
