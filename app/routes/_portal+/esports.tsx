import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { GameCentrePage } from "~/components/lobby/game-centre-page";
import { visitorPageLoader } from "~/server/page-cache.server";
import { gameCentreResponse } from "./__catalog-pages.server";

export function loader(args: LoaderFunctionArgs) {
  return visitorPageLoader(args, () => gameCentreResponse(args.request, "ESPORTS"));
}

export default function ESPORTSCentre() {
  return <GameCentrePage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
