import { useFetcher } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { languageMenu } from "~/i18n";
import { useDismissableDetails } from "~/utils/use-dismissable-details";
import { Icon } from "../ui/icon";

/**
 * The ~35-language menu: a disclosure of submit buttons, so it works as a
 * plain form without JavaScript; with it, a fetcher changes language in place.
 */
export function LanguageMenu({ locale, redirectTo }: { locale: string; redirectTo: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const ref = useDismissableDetails();
  const current = languageMenu.find((entry) => entry.code === locale) ?? languageMenu[0]!;
  return (
    <details className="menu language-menu" ref={ref}>
      <summary aria-label={t("header.language")}>
        <Icon name="globe" /> <span className="label">{current.name}</span>
      </summary>
      <fetcher.Form method="post" action="/resources/language" className="menu-panel language-list">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <ul>
          {languageMenu.map((entry) => (
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
