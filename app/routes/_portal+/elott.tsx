import { useLoaderData } from "@remix-run/react";
import { GameCentrePage } from "~/components/lobby/game-centre-page";
import { gameCentreLoader } from "~/utils/catalog-pages.server";

export const loader = gameCentreLoader("ELOTT");

export default function ELOTTCentre() {
  return <GameCentrePage data={useLoaderData<typeof loader>()} />;
}
