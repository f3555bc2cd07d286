import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GameCentrePage } from "~/components/lobby/game-centre-page";
import { gameCentreResponse } from "./__catalog-pages.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { visitorPageLoader } from "~/server/page-cache.server";

export function loader(args: LoaderFunctionArgs) {
  return visitorPageLoader(args, () => gameCentreResponse(args.request, "LOTT"));
}

export default function LOTTCentre() {
  return <GameCentrePage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
