import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AccountGamesPage } from "~/components/play/account-games-page";
import { accountGamesResponse } from "./__account-games.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title} · ${data.brandName}` : "" },
];

/** §2 /favorite: login required; the member's favourite games. */
export async function loader({ request }: LoaderFunctionArgs) {
  return accountGamesResponse(request, "favorite");
}

export default function FavouriteGames() {
  return <AccountGamesPage data={useLoaderData<typeof loader>()} />;
}
