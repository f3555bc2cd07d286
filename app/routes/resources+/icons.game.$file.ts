import type { LoaderFunctionArgs } from "@remix-run/node";
import { withResourceHeaders } from "~/server/resource-headers.server";
import { notFound } from "~/utils/misc";
import { gameArtPng, pngResponse } from "./__tile-art.server";

/** /resources/icons/game/<nodeId>.png */
function loadResource({ params }: LoaderFunctionArgs) {
  const match = /^(\d{1,10})\.png$/.exec(params.file ?? "");
  if (!match) throw notFound();
  return pngResponse(gameArtPng(match[1]!));
}

export const loader = withResourceHeaders(loadResource);
