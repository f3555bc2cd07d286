import { Form } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { SecurityCard } from "./section";

/** One known sign-in place as the page shows it (times already in the brand's zone). */
export interface KnownPlaceRow {
  id: string;
  kind: "ip" | "device";
  /** The IP address, or the browser's name; null when it was not recorded. */
  shown: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
}

/**
 * The networks and browsers the member has signed in from, which a sign-in passes without
 * the extra check. Each can be forgotten, or all at once. Plain forms: works without
 * JavaScript.
 */
export function KnownPlacesSection({
  places,
  forgot,
}: {
  places: KnownPlaceRow[];
  /** After forgetting: which note to show. */
  forgot: "one" | "all" | null;
}) {
  const { t } = useTranslation();
  return (
    <SecurityCard
      id="known-places"
      title={t("accountSafety.knownPlaces.title")}
      done={forgot !== null}
      doneText={
        forgot === "all"
          ? t("accountSafety.knownPlaces.doneAll")
          : t("accountSafety.knownPlaces.doneOne")
      }
    >
      <p className="muted">{t("accountSafety.knownPlaces.intro")}</p>
      {places.length ? (
        <>
          <ul className="session-list" data-testid="known-place-list">
            {places.map((place) => {
              const kind =
                place.kind === "ip"
                  ? t("accountSafety.knownPlaces.kindIp")
                  : t("accountSafety.knownPlaces.kindDevice");
              const shown = place.shown ?? t("accountSafety.knownPlaces.notRecorded");
              return (
                <li key={place.id} data-testid="known-place-row">
                  <dl className="transfer-facts">
                    <dt>{kind}</dt>
                    <dd dir={place.kind === "ip" ? "ltr" : undefined} data-testid="known-place">
                      {shown}
                    </dd>
                    <dt>{t("accountSafety.knownPlaces.firstSeen")}</dt>
                    <dd dir="ltr">{place.firstSeenAt}</dd>
                    <dt>{t("accountSafety.knownPlaces.lastSeen")}</dt>
                    <dd dir="ltr">{place.lastSeenAt}</dd>
                  </dl>
                  <Form method="post" action="/member/security#known-places">
                    <input type="hidden" name="place" value={place.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="forget-known-place"
                      className="button"
                      aria-label={t("accountSafety.knownPlaces.forgetLabel", {
                        place: `${kind} ${shown}`,
                      })}
                    >
                      {t("accountSafety.knownPlaces.forget")}
                    </button>
                  </Form>
                </li>
              );
            })}
          </ul>
          <Form method="post" action="/member/security#known-places">
            <input type="hidden" name="place" value="all" />
            <button
              type="submit"
              name="intent"
              value="forget-known-place"
              className="button primary"
              data-testid="forget-all-places"
            >
              {t("accountSafety.knownPlaces.forgetAll")}
            </button>
          </Form>
        </>
      ) : (
        <p className="muted" data-testid="no-known-places">
          {t("accountSafety.knownPlaces.none")}
        </p>
      )}
    </SecurityCard>
  );
}
