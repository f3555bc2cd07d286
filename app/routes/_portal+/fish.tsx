import { useLoaderData } from "@remix-run/react";
import { GameListPage } from "~/components/lobby/game-list-page";
import { gameListLoader } from "~/utils/catalog-pages.server";

export const loader = gameListLoader("FISH");

export default function FISHList() {
  return <GameListPage data={useLoaderData<typeof loader>()} />;
}
