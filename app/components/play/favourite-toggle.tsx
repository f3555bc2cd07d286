import { useFetcher, useSearchParams } from "@remix-run/react";
import type { FormEvent } from "react";
import { useTranslation } from "~/utils/i18n";
import { withSearchParam } from "~/utils/misc";
import { REFUSED_PARAM } from "./refused-param";

/** What /resources/favourites answers a fetcher (without JavaScript it redirects instead). */
export type FavouriteReply =
  | { ok: true; nodeId: number; favourite: boolean }
  | { ok: false; nodeId?: number; message: string };

/**
 * Favourite toggle of a game tile for a signed-in member: a plain form
 * post (redirecting back to the page) that a fetcher takes over with
 * JavaScript, so the page does not reload; the heart changes at once and
 * settles on what the server answers. A refused toggle (once per second)
 * says why.
 */
export function FavouriteToggle({
  nodeId,
  gameName,
  favourite,
  returnTo,
}: {
  nodeId: number;
  gameName: string;
  favourite: boolean;
  returnTo: string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<FavouriteReply>();
  const [searchParams] = useSearchParams();
  const pending = fetcher.formData?.get("intent");
  const on = pending === "add" ? true : pending === "remove" ? false : favourite;
  const refused =
    fetcher.state === "idle" && fetcher.data && !fetcher.data.ok
      ? fetcher.data.message
      : searchParams.get(REFUSED_PARAM) === String(nodeId)
        ? t("favourites.throttled")
        : null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    // A fetcher wants the answer itself, not a redirect to follow.
    data.set("via", "fetcher");
    fetcher.submit(data, { method: "post", action: "/resources/favourites" });
  };
  return (
    <form method="post" action="/resources/favourites" className="favourite-form" onSubmit={submit}>
      <input type="hidden" name="nodeId" value={nodeId} />
      <input type="hidden" name="intent" value={on ? "remove" : "add"} />
      <input
        type="hidden"
        name="redirectTo"
        value={withSearchParam(returnTo, REFUSED_PARAM, null)}
      />
      <button
        type="submit"
        className="favourite-toggle"
        aria-pressed={on}
        // Pressed at once, busy until the server has answered and the page's favourites reloaded.
        aria-busy={fetcher.state !== "idle"}
        aria-label={t(on ? "favourites.remove" : "favourites.add", { name: gameName })}
        data-testid="favourite-toggle"
      />
      {refused ? (
        <span role="status" className="favourite-refused">
          {refused}
        </span>
      ) : null}
    </form>
  );
}
