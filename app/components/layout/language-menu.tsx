import { useFetcher } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { useDismissableDetails } from "./use-dismissable-details";
import { Icon } from "../ui/icon";

/**
 * The ~35-language menu: a disclosure of submit buttons, so it works as a
 * plain form without JavaScript; with it, a fetcher changes language in place.
 */
export function LanguageMenu({
  languages,
  locale,
  redirectTo,
  placement = "floating",
}: {
  languages: { code: string; name: string }[];
  locale: string;
  redirectTo: string;
  /** "inline" opens in place (the side menu); "floating" opens over the page (the header). */
  placement?: "floating" | "inline";
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const ref = useDismissableDetails();
  const current = languages.find((entry) => entry.code === locale) ?? {
    code: locale,
    name: locale.toUpperCase(),
  };
  return (
    <details className={`menu language-menu ${placement}`} ref={ref}>
      {/* The name starts with what the summary shows, so a member can say it (label in name). */}
      <summary>
        <Icon name="globe" /> <span className="label">{current.name}</span>
        <span className="visually-hidden"> ({t("header.language")})</span>
      </summary>
      <fetcher.Form method="post" action="/resources/language" className="menu-panel language-list">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <ul>
          {languages.map((entry) => (
            <li key={entry.code}>
              <button
                type="submit"
                name="lng"
                value={entry.code}
                lang={entry.code}
                aria-current={entry.code === locale ? "true" : undefined}
              >
                {entry.name}
              </button>
            </li>
          ))}
        </ul>
      </fetcher.Form>
    </details>
  );
}
