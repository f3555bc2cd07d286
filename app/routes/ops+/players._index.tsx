import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PlayerSearch } from "~/components/ops/players/player-search";
import { titleMeta } from "~/utils/meta";
import { opsPlayersLoader } from "./__players.server";

export const meta = titleMeta<typeof loader>();

/** /ops/players?q=: find a member or agent (see ./__players.server.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  return opsPlayersLoader(request);
}

export default function OpsPlayers() {
  const data = useLoaderData<typeof loader>();
  return (
    <section className="member-card ops-queue" aria-labelledby="ops-players-title">
      <h1 id="ops-players-title">{data.title}</h1>
      <PlayerSearch q={data.q} results={data.results} limit={data.limit} timeZone={data.timeZone} />
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
