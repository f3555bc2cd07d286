import type { TypedResponse } from "@remix-run/node";
import { describe, expect, test } from "vitest";
import { inheritedTitleMeta, pageTitle, titleMeta } from "~/utils/meta";

type PageLoader = () => TypedResponse<{ title: string; brandName: string }>;
type GameLoader = () => TypedResponse<{ game: { name: string }; brandName: string }>;

/** Meta arguments as Remix passes them: the routes above with the meta they already made. */
function args<Data>(data: Data | undefined, above: Array<Array<{ title: string }>>) {
  const match = (meta: Array<{ title: string }>, id: string) => ({
    id,
    pathname: "/",
    params: {},
    data: undefined,
    meta,
  });
  return {
    data,
    params: {},
    location: { pathname: "/", search: "", hash: "", state: null, key: "default" },
    // Remix lists the page itself last, its meta not made yet.
    matches: [...above.map((meta, index) => match(meta, `route-${index}`)), match([], "page")],
  } as never;
}

describe("page titles", () => {
  test("a page's title, then the brand", () => {
    expect(pageTitle("Deposit", "Lucky Harbour")).toBe("Deposit · Lucky Harbour");
    const meta = titleMeta<PageLoader>();
    expect(meta(args({ title: "Deposit", brandName: "Lucky Harbour" }, []))).toEqual([
      { title: "Deposit · Lucky Harbour" },
    ]);
  });

  test("a title from elsewhere in the data", () => {
    const meta = titleMeta<GameLoader>((data) => data.game.name);
    expect(meta(args({ game: { name: "Dice" }, brandName: "Lucky Harbour" }, []))).toEqual([
      { title: "Dice · Lucky Harbour" },
    ]);
  });

  test("without data (the page's error boundary renders), the nearest title above stands", () => {
    const meta = titleMeta<PageLoader>();
    const root = [{ title: "Lucky Harbour" }];
    const agentCentre = [{ title: "Agent centre · Lucky Harbour" }];
    expect(meta(args(undefined, [root, agentCentre]))).toEqual([
      { title: "Agent centre · Lucky Harbour" },
    ]);
    expect(meta(args(undefined, [root, [{ title: "" }]]))).toEqual([{ title: "Lucky Harbour" }]);
    expect(meta(args(undefined, []))).toEqual([{ title: "" }]);
  });

  test("a page without a title of its own repeats the one above, with its other tags", () => {
    const meta = inheritedTitleMeta({ tagName: "link", rel: "canonical", href: "/" });
    expect(meta(args(undefined, [[{ title: "Lucky Harbour" }]]))).toEqual([
      { title: "Lucky Harbour" },
      { tagName: "link", rel: "canonical", href: "/" },
    ]);
  });
});
