import { describe, expect, it } from "vitest";
import { PageStore } from "~/server/page-store.server";

/** The page cache's memory (issue 18, ADR 24): fresh, stale-while-revalidate, invalidation. */
function storeAt() {
  const clock = { now: 0 };
  const store = new PageStore({
    freshMs: 10_000,
    staleMs: 50_000,
    maxEntries: 3,
    now: () => clock.now,
  });
  return { store, clock };
}

const page = (html: string) => ({ parts: [Buffer.from(html)] });

describe("PageStore", () => {
  it("misses, then hits while fresh", () => {
    const { store, clock } = storeAt();
    expect(store.lookup("/")).toBeNull();
    store.store("/", page("a"), store.begin());
    clock.now = 9_999;
    expect(store.lookup("/")).toEqual(page("a"));
  });

  it("sends exactly one request on to re-render a stale page; the others get the stale one", () => {
    const { store, clock } = storeAt();
    store.store("/", page("old"), store.begin());
    clock.now = 10_000;
    expect(store.lookup("/")).toBeNull();
    expect(store.lookup("/")).toEqual(page("old"));
    expect(store.lookup("/")).toEqual(page("old"));
    store.store("/", page("new"), store.begin());
    expect(store.lookup("/")).toEqual(page("new"));
  });

  it("lets another request re-render when the first never stored (it failed)", () => {
    const { store, clock } = storeAt();
    store.store("/", page("old"), store.begin());
    clock.now = 10_000;
    expect(store.lookup("/")).toBeNull();
    clock.now = 20_001;
    expect(store.lookup("/")).toBeNull();
  });

  it("drops a page past its stale window", () => {
    const { store, clock } = storeAt();
    store.store("/", page("old"), store.begin());
    clock.now = 60_000;
    expect(store.lookup("/")).toBeNull();
    expect(store.size).toBe(0);
  });

  it("clear drops every page, and a render begun before it is not stored after it", () => {
    const { store } = storeAt();
    store.store("/", page("a"), store.begin());
    const begun = store.begin();
    store.clear();
    expect(store.lookup("/")).toBeNull();
    store.store("/rng", page("rendered from old content"), begun);
    expect(store.lookup("/rng")).toBeNull();
  });

  it("keeps at most maxEntries, dropping the oldest", () => {
    const { store } = storeAt();
    for (const key of ["a", "b", "c", "d"]) store.store(key, page(key), store.begin());
    expect(store.size).toBe(3);
    expect(store.lookup("a")).toBeNull();
    expect(store.lookup("d")).toEqual(page("d"));
  });
});
