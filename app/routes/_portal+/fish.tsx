import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { GameListPage } from "~/components/lobby/game-list-page";
import { visitorPageLoader } from "~/server/page-cache.server";
import { gameListResponse } from "./__catalog-pages.server";

export function loader(args: LoaderFunctionArgs) {
  return visitorPageLoader(args, () => gameListResponse(args.request, "FISH"));
}

export default function FISHList() {
  return <GameListPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
