import type { LoaderFunctionArgs } from "@remix-run/node";
import { gameArtSvg, svgResponse } from "./__tile-art.server";
import { notFound } from "~/utils/misc";

/** /resources/icons/game/<nodeId>.svg */
export function loader({ params }: LoaderFunctionArgs) {
  const match = /^(\d{1,10})\.svg$/.exec(params.file ?? "");
  if (!match) throw notFound();
  return svgResponse(gameArtSvg(match[1]!));
}
