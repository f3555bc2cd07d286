import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AccountGamesPage } from "~/components/play/account-games-page";
import { titleMeta } from "~/utils/meta";
import { accountGamesResponse } from "./__account-games.server";

export const meta = titleMeta<typeof loader>();

/** /recent: login required; the games the member played with real money, the latest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  return accountGamesResponse(request, "recent");
}

export default function RecentGames() {
  return <AccountGamesPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
