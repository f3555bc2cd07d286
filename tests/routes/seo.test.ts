import { describe, expect, test } from "vitest";
import { supportedLanguages } from "~/i18n";
import { useSeededDatabase, withBrand } from "../helpers/database";
import { routeArgs } from "../helpers/routes";

/** Issue 18: robots.txt, sitemap.xml and the root loader's page address, with real Requests. */

const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const robots = async (url: string) => {
  const { loader } = await import("~/routes/robots[.]txt");
  return loader({ ...routeArgs("/robots.txt"), request: new Request(url) });
};
const sitemap = async (url: string) => {
  const { loader } = await import("~/routes/sitemap[.]xml");
  return loader({ ...routeArgs("/sitemap.xml"), request: new Request(url) });
};

describe("robots.txt", () => {
  test("keeps crawlers out of the member, agent, ops and resource areas and names the sitemap", async () => {
    const response = await robots("http://localhost/robots.txt");
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    const lines = (await response.text()).split("\n");
    for (const area of ["/member", "/agent", "/ops", "/resources/"]) {
      expect(lines).toContain(`Disallow: ${area}`);
    }
    expect(lines).toContain("Sitemap: http://localhost/sitemap.xml");
  });

  test("on the brand's main domain the sitemap is named in https", async () => {
    await withBrand(
      handle.db,
      (brand) => void (brand.mainDomain = "luckyharbour.example"),
      async () => {
        const text = await (await robots("http://luckyharbour.example/robots.txt")).text();
        expect(text).toContain("Sitemap: https://luckyharbour.example/sitemap.xml");
      },
    );
  });
});

describe("sitemap.xml", () => {
  test("lists every address of every public page, each with all languages and x-default", async () => {
    const { PUBLIC_PAGES } = await import("~/routes/sitemap[.]xml");
    const response = await sitemap("http://localhost:3000/sitemap.xml");
    expect(response.headers.get("Content-Type")).toMatch(/^application\/xml/);
    const xml = await response.text();
    const entries = xml.split("<url>").slice(1);
    expect(entries).toHaveLength(PUBLIC_PAGES.length * (supportedLanguages.length + 1));
    for (const entry of entries) {
      expect(entry.match(/<xhtml:link rel="alternate"/g)).toHaveLength(
        supportedLanguages.length + 1,
      );
    }
    expect(xml).toContain("<loc>http://localhost:3000/promotions</loc>");
    expect(xml).toContain("<loc>http://localhost:3000/promotions?lng=ur</loc>");
    expect(xml).not.toMatch(/\/(member|agent|ops)/);
  });

  test("every page it lists answers a visitor with a page, not a redirect to log in", async () => {
    const { PUBLIC_PAGES } = await import("~/routes/sitemap[.]xml");
    for (const path of PUBLIC_PAGES) {
      const file = path === "/" ? "index" : path.slice(1);
      const route = (await import(`~/routes/_portal+/${file}.tsx`)) as {
        loader: (args: ReturnType<typeof routeArgs>) => Promise<unknown>;
      };
      const answer = await route.loader(routeArgs(path)).catch((thrown: unknown) => thrown);
      expect(answer instanceof Response ? answer.status : 200, path).toBe(200);
    }
  });
});

test("the root loader addresses the page by its path and the language its URL names", async () => {
  const { loader } = await import("~/root");
  const response = await loader(routeArgs("/live?lng=ja&page=2"));
  const data = (await response.json()) as { address: unknown };
  expect(data.address).toEqual({ origin: "http://localhost", path: "/live", language: "ja" });
});
