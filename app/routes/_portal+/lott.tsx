import { useLoaderData } from "@remix-run/react";
import { GameCentrePage } from "~/components/lobby/game-centre-page";
import { gameCentreLoader } from "~/utils/catalog-pages.server";

export const loader = gameCentreLoader("LOTT");

export default function LOTTCentre() {
  return <GameCentrePage data={useLoaderData<typeof loader>()} />;
}
