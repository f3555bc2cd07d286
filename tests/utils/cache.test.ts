import { describe, expect, test } from "vitest";
import { cacheFor } from "~/platform/cache.server";
import type { Database } from "~/platform/db/open.server";

const fakeDb = () => ({}) as Database;

describe("per-database TTL cache", () => {
  test("serves a hit until the TTL ends, then loads again", async () => {
    let ttl = 60_000;
    const cache = cacheFor<number>(fakeDb(), "t", () => ttl);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("k", load)).toBe(1);
    expect(await cache.get("k", load)).toBe(1);
    ttl = 0;
    cache.delete("k");
    expect(await cache.get("k", load)).toBe(2);
    expect(await cache.get("k", load)).toBe(3);
  });

  test("a failed load is not cached", async () => {
    const cache = cacheFor<number>(fakeDb(), "t", () => 60_000);
    await expect(cache.get("k", () => Promise.reject(new Error("db down")))).rejects.toThrow(
      "db down",
    );
    expect(await cache.get("k", async () => 7)).toBe(7);
  });

  test("holds at most maxEntries keys, dropping the oldest", async () => {
    const cache = cacheFor<string>(fakeDb(), "t", () => 60_000, 2);
    let loads = 0;
    const load = (value: string) => async () => (loads++, value);
    await cache.get("a", load("a"));
    await cache.get("b", load("b"));
    await cache.get("c", load("c"));
    expect(loads).toBe(3);
    await cache.get("c", load("c"));
    await cache.get("b", load("b"));
    expect(loads).toBe(3);
    await cache.get("a", load("a"));
    expect(loads).toBe(4);
  });

  test("each database has its own caches", async () => {
    const one = cacheFor<string>(fakeDb(), "t", () => 60_000);
    const two = cacheFor<string>(fakeDb(), "t", () => 60_000);
    await one.get("k", async () => "one");
    expect(await two.get("k", async () => "two")).toBe("two");
  });
});
