import { json, redirect, type ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod/v4";
import type { FavouriteReply } from "~/components/play/favourite-toggle";
import { REFUSED_PARAM } from "~/components/play/refused-param";
import { PlatformError } from "~/platform/errors";
import { addFavourite, removeFavourite } from "~/platform/play/favourites.server";
import { getDb } from "~/platform/start.server";
import { withResourceHeaders } from "~/server/resource-headers.server";
import { getViewer } from "~/utils/auth.server";
import { readForm } from "~/utils/form.server";
import { translatorFor } from "~/utils/i18next.server";
import { loginHref } from "~/utils/lobby-links";
import { safeRedirectPath, withSearchParam } from "~/utils/misc";

const FavouriteForm = z.object({
  nodeId: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
  intent: z.enum(["add", "remove"]),
  redirectTo: z.string().max(2_000).optional(),
  /** Set by the tile's fetcher: answer with JSON rather than a redirect. */
  via: z.literal("fetcher").optional(),
});

/**
 * Favourites (MCSFE_addFavoriteGameV2 / removeFavoriteGameV2): a tile's
 * heart posts here. Login required (a visitor gets the login dialog,
 * then the page again); trial accounts may keep favourites, since they are
 * kept only out of the centres and real games. Once per second per member:
 * a refused toggle changes nothing and says so. Without JavaScript the
 * answer is a redirect back to the page (POST → redirect → GET); a fetcher
 * gets JSON and the page stays.
 */
async function handleAction({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const redirectTo = safeRedirectPath(formData.get("redirectTo"));
  const viewer = await getViewer(request);
  if (!viewer) throw redirect(loginHref(redirectTo));
  const t = await translatorFor(request);
  const parsed = FavouriteForm.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    return json<FavouriteReply>({ ok: false, message: t("favourites.invalid") }, { status: 400 });
  }
  const { nodeId, intent, via } = parsed.data;
  const toggle = { memberId: viewer.member.id, nodeId };
  const db = await getDb();
  try {
    if (intent === "add") await addFavourite(db, toggle);
    else await removeFavourite(db, toggle);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (error.code === "favourite_throttled") {
      if (via !== "fetcher") return redirect(withSearchParam(redirectTo, REFUSED_PARAM, nodeId));
      return json<FavouriteReply>(
        { ok: false, nodeId, message: t("favourites.throttled") },
        { status: 429 },
      );
    }
    if (error.code === "game_not_found") {
      return json<FavouriteReply>(
        { ok: false, nodeId, message: t("favourites.notFound") },
        { status: 404 },
      );
    }
    throw error;
  }
  if (via === "fetcher")
    return json<FavouriteReply>({ ok: true, nodeId, favourite: intent === "add" });
  return redirect(withSearchParam(redirectTo, REFUSED_PARAM, null));
}

export const loader = withResourceHeaders(() => redirect("/"));

export const action = withResourceHeaders(handleAction);
