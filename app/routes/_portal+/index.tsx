import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LobbyPage } from "~/components/lobby/lobby-page";
import { visitorPageLoader } from "~/server/page-cache.server";
import { inheritedTitleMeta } from "~/utils/meta";
import { lobbyResponse } from "./__lobby.server";

// The lobby's title is the brand's (the root's); Remix renders only this route's meta.
export const meta = inheritedTitleMeta();

// A function declaration, not `const loader = make()`: the browser build drops the
// export but would keep a top-level call into a server-only module.
export function loader(args: LoaderFunctionArgs) {
  return visitorPageLoader(args, () => lobbyResponse(args.request));
}

export default function Home() {
  return <LobbyPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
