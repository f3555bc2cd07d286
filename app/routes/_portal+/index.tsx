import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LobbyPage } from "~/components/lobby/lobby-page";
import { lobbyLoader } from "~/utils/lobby.server";

export const meta: MetaFunction = () => [{ tagName: "link", rel: "canonical", href: "/" }];

export const loader = lobbyLoader();

export default function Home() {
  return <LobbyPage data={useLoaderData<typeof loader>()} />;
}
