import { useLoaderData } from "@remix-run/react";
import { GameListPage } from "~/components/lobby/game-list-page";
import { gameListLoader } from "~/utils/catalog-pages.server";

export const loader = gameListLoader("PVP");

export default function PVPList() {
  return <GameListPage data={useLoaderData<typeof loader>()} />;
}
