import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RealityBar } from "~/components/reality-check/reality-bar";
import { launchDecision, type Launcher } from "~/platform/play/launch-routing";
import { resolveLaunch, startGame, type LaunchQuery } from "~/platform/play/launch.server";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { getViewer, refererPath } from "~/utils/auth.server";
import { useTranslation } from "~/utils/i18n";
import { i18next, translatorFor } from "~/utils/i18next.server";
import { categoryPath, loginHref } from "~/utils/lobby-links";
import { titleMeta } from "~/utils/meta";
import { withSearchParam, notFound } from "~/utils/misc";
import { realityView } from "~/utils/reality-check.server";

export const meta = titleMeta<typeof loader>((data) => data.game.gameName);

function launchQuery(params: URLSearchParams): LaunchQuery | null {
  const nodeId = params.get("nodeId");
  if (nodeId !== null) return /^\d{1,9}$/.test(nodeId) ? { nodeId: Number(nodeId) } : null;
  const category = params.get("category");
  const vassalage = params.get("vassalage");
  if (
    category &&
    vassalage &&
    /^[A-Z0-9_]{1,32}$/.test(category) &&
    /^[A-Za-z0-9_]{1,32}$/.test(vassalage)
  ) {
    return { category, vassalage };
  }
  return null;
}

/** Pages a launch never returns to: the login dialog it passed through, or another launch. */
const PASSED_THROUGH = new Set(["/login", "/register", "/seamless"]);

/**
 * The page of ours a launch came from, where its dialogs open and its close
 * link leads; `fallback` when it came from the login dialog (a visitor who
 * logged in to play) or from nowhere we know.
 */
function returnPath(request: Request, fallback: string): string {
  const path = refererPath(request, fallback);
  const pathname = path.split("?")[0]!.replace(/\/+$/, "").toLowerCase() || "/";
  return PASSED_THROUGH.has(pathname) ? fallback : path;
}

/**
 * Game launch and the game popup: a page of its own (its path is a
 * game page, so the side menu is hidden) that frames the provider's game.
 * Launching opens a game session, so it happens once per visit, not on
 * every revalidation (shouldRevalidate below).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = launchQuery(url.searchParams);
  if (!query) throw notFound();
  const mode = url.searchParams.get("mode") === "demo" ? "demo" : "real";
  const db = await getDb();
  const [viewer, language, brand] = await Promise.all([
    getViewer(request),
    i18next.getLocale(request),
    getBrandConfig(db),
  ]);
  const resolved = await resolveLaunch(db, query, language);
  if (!resolved) throw notFound();
  const launcher: Launcher = !viewer ? "visitor" : viewer.member.isTrial ? "trial" : "member";
  const decision = launchDecision(resolved.target, launcher, mode);
  switch (decision.kind) {
    case "login":
      throw redirect(loginHref(url.pathname + url.search));
    case "real-account":
      throw redirect(withSearchParam(returnPath(request, "/"), "modal", "real-account"));
    case "lottery":
      throw redirect(decision.path);
    case "vendor-games": {
      // The vendor's game list opens as a dialog over the page the member came from,
      // named by the lane the tile was in (ESPORTS and COCKFIGHT vendors are stored under SPORTS).
      const lane = "category" in query ? query.category : resolved.category;
      let over = withSearchParam(returnPath(request, categoryPath(lane)), "vendorGamesPage", null);
      over = withSearchParam(
        withSearchParam(over, "vendorGames", resolved.target.vassalage),
        "vendorCategory",
        lane,
      );
      throw redirect(withSearchParam(over, "modal", "vendor-games"));
    }
    case "game":
      break;
  }
  if (!resolved.game || !viewer) throw notFound();
  const started = await startGame(db, {
    member: { id: viewer.member.id, account: viewer.member.account },
    portalSessionId: viewer.sessionId,
    game: resolved.game,
    mode: decision.mode,
    language,
    brand,
  });
  const [t, reality] = await Promise.all([
    translatorFor(request),
    started.mode === "real" ? realityView(db, viewer, brand, language) : null,
  ]);
  return json(
    {
      brandName: brand.name,
      reality,
      returnTo: url.pathname + url.search,
      game: {
        gameName: started.game.gameName,
        vassalage: started.game.vassalage,
        nodeId: started.game.nodeId,
      },
      mode: started.mode,
      src: started.url,
      closeHref: returnPath(request, "/"),
      title: t("play.popupTitle", { name: started.game.gameName }),
    },
    // A launch is a new session: never served from a cache.
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => (currentUrl.href === nextUrl.href ? false : defaultShouldRevalidate);

export default function GamePopup() {
  const { game, mode, src, closeHref, title, reality, returnTo } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="game-popup" aria-labelledby="game-popup-title" data-testid="game-popup">
      <header className="game-popup-bar">
        <h1 id="game-popup-title">{game.gameName}</h1>
        {mode === "demo" ? <span className="badge">{t("play.freeTrialMode")}</span> : null}
        <RealityBar reality={reality} returnTo={returnTo} />
        <Link to={closeHref} className="button small">
          {t("play.closeGame")}
        </Link>
      </header>
      <iframe
        className="game-frame"
        src={src}
        title={title}
        allow="fullscreen"
        referrerPolicy="no-referrer"
      />
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
