import type { LoaderFunctionArgs } from "@remix-run/node";
import { withResourceHeaders } from "~/server/resource-headers.server";
import { notFound } from "~/utils/misc";
import { gameArtSvg, svgResponse } from "./__tile-art.server";

/** /resources/icons/game/<nodeId>.svg */
function loadResource({ params }: LoaderFunctionArgs) {
  const match = /^(\d{1,10})\.svg$/.exec(params.file ?? "");
  if (!match) throw notFound();
  return svgResponse(gameArtSvg(match[1]!));
}

export const loader = withResourceHeaders(loadResource);
