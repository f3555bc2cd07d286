import { useFetcher } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { Icon } from "../ui/icon";

/** Light/dark: a cookie the server renders from, so there is no flash; optimistic with JavaScript. */
export function ThemeToggle({
  theme,
  redirectTo,
}: {
  theme: "light" | "dark";
  redirectTo: string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("theme");
  const shown = pending === "light" || pending === "dark" ? pending : theme;
  const next = shown === "dark" ? "light" : "dark";
  return (
    <fetcher.Form method="post" action="/resources/prefs" className="inline-form">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        name="theme"
        value={next}
        className="icon-button"
        data-testid="theme-toggle"
        aria-label={t(next === "dark" ? "header.themeDark" : "header.themeLight")}
      >
        <Icon name={shown === "dark" ? "sun" : "moon"} />
      </button>
    </fetcher.Form>
  );
}
