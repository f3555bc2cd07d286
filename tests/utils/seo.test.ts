import { createRemixStub } from "@remix-run/testing";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { SeoHead } from "~/components/seo/seo-head";
import { createTranslator, supportedLanguages, type Labels } from "~/i18n";
import { PUBLIC_PAGES } from "~/routes/sitemap[.]xml";
import { I18nProvider, LabelSourceProvider } from "~/utils/i18n";
import { canonicalOrigin, descriptionKey, headLinks, pageAddress } from "~/utils/seo";
import en from "../../locales/en/common.json";
import ja from "../../locales/ja/common.json";
import ko from "../../locales/ko/common.json";
import pt from "../../locales/pt/common.json";
import ur from "../../locales/ur/common.json";
import { quietServerRenderWarnings } from "../helpers/routes";

const labels: Record<string, Labels> = { en, ur, ja, ko, pt };

quietServerRenderWarnings();

/** The route id of a page's route file, as remix-flat-routes names it. */
const routeIdOf = (path: string) => `routes/_portal+/${path === "/" ? "index" : path.slice(1)}`;

describe("page addresses", () => {
  test("the canonical names the language only when the URL does; x-default is the bare path", () => {
    const address = pageAddress("http://localhost:3000/live?lng=ur&page=2");
    expect(address).toEqual({ origin: "http://localhost:3000", path: "/live", language: "ur" });
    const links = headLinks(address);
    expect(links[0]).toEqual({ rel: "canonical", href: "http://localhost:3000/live?lng=ur" });
    expect(links.slice(1).map((link) => [link.hrefLang, link.href])).toEqual([
      ...supportedLanguages.map((lng) => [lng, `http://localhost:3000/live?lng=${lng}`]),
      ["x-default", "http://localhost:3000/live"],
    ]);
    expect(headLinks(pageAddress("http://localhost:3000/live?lng=xx"))[0]!.href).toBe(
      "http://localhost:3000/live",
    );
    expect(pageAddress("http://localhost:3000/index.html?lng=pt").path).toBe("/");
    expect(pageAddress("http://localhost:3000/home").path).toBe("/");
  });

  test("the brand's main domain and its subdomains are canonical in https; other hosts keep theirs", () => {
    expect(canonicalOrigin("http://luckyharbour.example/", "luckyharbour.example")).toBe(
      "https://luckyharbour.example",
    );
    expect(canonicalOrigin("http://m.luckyharbour.example/x", "luckyharbour.example")).toBe(
      "https://m.luckyharbour.example",
    );
    expect(canonicalOrigin("http://notluckyharbour.example/", "luckyharbour.example")).toBe(
      "http://notluckyharbour.example",
    );
    expect(canonicalOrigin("http://localhost:4300/", "")).toBe("http://localhost:4300");
  });
});

describe("descriptions", () => {
  test("every page of the sitemap has its own description in all five languages", () => {
    for (const [language, set] of Object.entries(labels)) {
      const t = createTranslator(language, set);
      for (const path of PUBLIC_PAGES) {
        const key = descriptionKey(routeIdOf(path), (candidate) => t(candidate) !== candidate);
        expect(key, `${language} ${path}`).not.toBe("seo.pages.default");
        expect(t(key, { brand: "B" }), `${language} ${path}`).toMatch(/B/);
      }
    }
  });

  test("another address of a page shares its description; any other page has the default", () => {
    const known = (key: string) => createTranslator("en", en)(key) !== key;
    expect(descriptionKey("routes/_portal+/home", known)).toBe("seo.pages.index");
    expect(descriptionKey("routes/_portal+/vnLottery", known)).toBe("seo.pages.lottery");
    expect(descriptionKey("routes/_portal+/chat.($room)", known)).toBe("seo.pages.chat");
    expect(descriptionKey("routes/_portal+/$", known)).toBe("seo.pages.default");
    expect(descriptionKey(undefined, known)).toBe("seo.pages.default");
  });
});

test("the head renders the deepest route's translated description, the canonical and the alternates", () => {
  const address = pageAddress("https://luckyharbour.example/live?lng=ur");
  const Stub = createRemixStub([
    {
      id: "routes/_portal+/live",
      path: "/live",
      Component: () => createElement(SeoHead, { address, brandName: "Lucky Harbour" }),
    },
  ]);
  const source = { initialLocale: "ur", get: () => ur as Labels, load: async () => ur as Labels };
  const html = renderToString(
    createElement(
      LabelSourceProvider,
      { value: source },
      createElement(I18nProvider, null, createElement(Stub, { initialEntries: ["/live"] })),
    ),
  );
  const description = createTranslator("ur", ur)("seo.pages.live", { brand: "Lucky Harbour" });
  expect(html).toContain(`<meta name="description" content="${description}"/>`);
  expect(html).toContain('<link rel="canonical" href="https://luckyharbour.example/live?lng=ur"/>');
  expect(html).toContain(
    '<link rel="alternate" hrefLang="x-default" href="https://luckyharbour.example/live"/>',
  );
  expect(html.match(/rel="alternate"/g)).toHaveLength(6);
});
