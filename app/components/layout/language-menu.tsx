import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/utils/i18n";
import { useDismissableDetails } from "./use-dismissable-details";
import { Icon } from "../ui/icon";

/**
 * The ~35-language menu: a disclosure of submit buttons, so it works as a
 * plain form without JavaScript; with it, a fetcher changes language in place.
 *
 * Every page has two of these (header and side menu), ~150 elements between
 * them that few visitors open. So the first HTML carries the list inside
 * `<noscript>`: a browser without JavaScript builds it and opens it natively,
 * one with JavaScript keeps it as unparsed text. With JavaScript, the list is
 * rendered when a pointer or the keyboard reaches the menu, or when it opens
 * (also when it was opened before the page hydrated).
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
  const [reached, setReached] = useState(false);
  const reach = () => setReached(true);
  useEffect(() => {
    if (ref.current?.open) setReached(true);
  }, [ref]);
  const current = languages.find((entry) => entry.code === locale) ?? {
    code: locale,
    name: locale.toUpperCase(),
  };
  const list = (
    <>
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
    </>
  );
  return (
    <details
      className={`menu language-menu ${placement}`}
      ref={ref}
      onPointerEnter={reach}
      onFocus={reach}
      onToggle={(event) => {
        if (event.currentTarget.open) reach();
      }}
    >
      {/* The name starts with what the summary shows, so a member can say it (label in name). */}
      <summary>
        <Icon name="globe" /> <span className="label">{current.name}</span>
        <span className="visually-hidden"> ({t("header.language")})</span>
      </summary>
      {reached ? (
        <fetcher.Form
          method="post"
          action="/resources/language"
          className="menu-panel language-list"
        >
          {list}
        </fetcher.Form>
      ) : (
        <noscript>
          <form method="post" action="/resources/language" className="menu-panel language-list">
            {list}
          </form>
        </noscript>
      )}
    </details>
  );
}
