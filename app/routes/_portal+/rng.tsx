import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GameListPage } from "~/components/lobby/game-list-page";
import { gameListResponse } from "./__catalog-pages.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export function loader({ request }: LoaderFunctionArgs) {
  return gameListResponse(request, "RNG");
}

export default function RNGList() {
  return <GameListPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
