import { useLoaderData } from "@remix-run/react";
import { GameListPage } from "~/components/lobby/game-list-page";
import { gameListLoader } from "~/utils/catalog-pages.server";

export const loader = gameListLoader("LIVE");

export default function LIVEList() {
  return <GameListPage data={useLoaderData<typeof loader>()} />;
}
