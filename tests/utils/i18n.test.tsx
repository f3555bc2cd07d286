// @vitest-environment jsdom
import { act, render, screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { createTranslator } from "~/i18n";
import { I18nProvider, LabelSourceProvider, useTranslation, type LabelSource } from "~/utils/i18n";
import en from "../../locales/en/common.json";
import ur from "../../locales/ur/common.json";

describe("translator", () => {
  const t = createTranslator("en", en);
  const tUr = createTranslator("ur", ur);

  test("nested keys and {{interpolation}}", () => {
    expect(t("header.login")).toBe("Log in");
    expect(t("lobby.vendorsOf", { category: "Slots" })).toBe("Slots providers");
    expect(t("pager.status", { page: 2, total: 9 })).toBe("2 / 9");
  });

  test("plural keys chosen by the language's plural rules", () => {
    expect(t("lobby.gameCount", { count: 1 })).toBe("1 game");
    expect(t("lobby.gameCount", { count: 10000 })).toBe("10000 games");
    expect(tUr("lobby.gameCount", { count: 3 })).toContain("3");
    expect(createTranslator("ja", { n_other: "{{count}} 件" })("n", { count: 1 })).toBe("1 件");
  });

  test("a missing key gives the default value, else the key itself", () => {
    expect(t("footer.resource.nothing", "About")).toBe("About");
    expect(t("no.such.key")).toBe("no.such.key");
    expect(t("header")).toBe("header");
  });

  test("unknown placeholders are left visible rather than blanked", () => {
    expect(createTranslator("en", { a: "{{x}} and {{y}}" })("a", { x: 1 })).toBe("1 and {{y}}");
  });
});

function Greeting() {
  const { t, i18n } = useTranslation();
  return (
    <p lang={i18n.language} data-testid="label">
      {t("header.login")}
    </p>
  );
}

describe("I18nProvider", () => {
  test("switches labels once the new language's set has loaded", async () => {
    let resolveUr: (labels: typeof ur) => void = () => {};
    const source: LabelSource = {
      initialLocale: "en",
      get: (locale) => (locale === "en" ? en : undefined),
      load: () => new Promise((resolve) => (resolveUr = resolve)),
    };
    const view = (locale: string) => (
      <LabelSourceProvider value={source}>
        <I18nProvider locale={locale}>
          <Greeting />
        </I18nProvider>
      </LabelSourceProvider>
    );
    const { rerender } = render(view("en"));
    expect(screen.getByTestId("label")).toHaveTextContent("Log in");
    rerender(view("ur"));
    // Old labels until the Urdu set arrives, never a screen of raw keys.
    expect(screen.getByTestId("label")).toHaveTextContent("Log in");
    await act(async () => resolveUr(ur));
    expect(screen.getByTestId("label")).toHaveTextContent(ur.header.login);
    expect(screen.getByTestId("label")).toHaveAttribute("lang", "ur");
  });
});
