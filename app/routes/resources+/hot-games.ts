import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod/v4";
import { refreshHotGames } from "~/platform/catalog/hot-games.server";
import { getDb } from "~/platform/start.server";
import { withResourceHeaders } from "~/server/resource-headers.server";
import { parseFormOrThrow } from "~/utils/form.server";
import { i18next } from "~/utils/i18next.server";
import { safeRedirectPath } from "~/utils/misc";

const RefreshForm = z.object({ redirectTo: z.string().optional() });

/** Hot games stay cached until a refresh; this is the refresh, for the visitor's language. */
async function handleAction({ request }: ActionFunctionArgs) {
  const form = await parseFormOrThrow(request, RefreshForm);
  refreshHotGames(await getDb(), await i18next.getLocale(request));
  return redirect(safeRedirectPath(form.redirectTo));
}

export const loader = withResourceHeaders(() => redirect("/"));

export const action = withResourceHeaders(handleAction);
