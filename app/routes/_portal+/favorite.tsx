import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AccountGamesPage } from "~/components/play/account-games-page";
import { titleMeta } from "~/utils/meta";
import { accountGamesResponse } from "./__account-games.server";

export const meta = titleMeta<typeof loader>();

/** /favorite: login required; the member's favourite games. */
export async function loader({ request }: LoaderFunctionArgs) {
  return accountGamesResponse(request, "favorite");
}

export default function FavouriteGames() {
  return <AccountGamesPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
