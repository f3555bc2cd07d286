import { describe, expect, it } from "vitest";
import { RenderBudget } from "~/server/render-budget.server";
import { isReadParam, readQuery } from "~/server/visitor-pages";

describe("the visitors' fresh-render budget", () => {
  it("gives each address its renders per minute, then refuses until the minute is over", () => {
    let now = 0;
    const budget = new RenderBudget(3, () => now);
    expect([1, 2, 3, 4].map(() => budget.take("203.0.113.7"))).toEqual([true, true, true, false]);
    // Another address has its own budget.
    expect(budget.take("198.51.100.2")).toBe(true);
    now = 59_999;
    expect(budget.take("203.0.113.7")).toBe(false);
    now = 60_000;
    expect(budget.take("203.0.113.7")).toBe(true);
  });

  it("0 is no limit", () => {
    const budget = new RenderBudget(0);
    expect(Array.from({ length: 1_000 }, () => budget.take("203.0.113.7")).every(Boolean)).toBe(
      true,
    );
  });
});

describe("the query a visitor page's cache entry is keyed by", () => {
  it("holds the parameters the pages read, in one order", () => {
    expect(readQuery(new URL("http://x/?tab=RNG&modal=login"))).toBe("modal=login&tab=RNG");
    expect(readQuery(new URL("http://x/?modal=login&tab=RNG"))).toBe("modal=login&tab=RNG");
    expect(readQuery(new URL("http://x/"))).toBe("");
    expect(isReadParam("rngVendor")).toBe(true);
    expect(isReadParam("livePage")).toBe(true);
  });

  it("is none when a parameter no page reads is there (a made-up ?x= makes no entry)", () => {
    expect(readQuery(new URL("http://x/?x=1"))).toBeNull();
    expect(readQuery(new URL("http://x/?tab=RNG&utm_source=ad"))).toBeNull();
    expect(readQuery(new URL("http://x/?_data=root"))).toBeNull();
  });
});
