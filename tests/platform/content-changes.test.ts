import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listBanners } from "~/platform/content/banners.server";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { onContentChange, publishContentChange } from "~/platform/events/content-changes.server";
import type { LiveEvent } from "~/platform/events/types";
import { writeSetting } from "~/platform/system/settings.server";
import { createTestDatabase } from "../helpers/database";
import { operatorAct, publishedPromotion } from "../helpers/rewards";

/**
 * What drops every process's page cache (issue 18, ADR 24): a content change
 * announced in its writing transaction reaches the listener of this process and
 * of another one, clears the read caches behind visitors' pages, and a change
 * that rolled back or does not show on them announces nothing.
 */
let handle: DatabaseHandle;
const db = () => handle.db;
const changes: LiveEvent[] = [];
let stop: () => void;

beforeAll(async () => {
  handle = await createTestDatabase();
  stop = await onContentChange(handle, (event) => changes.push(event));
});
afterAll(async () => {
  stop?.();
  await handle?.close();
});

/** Waits until `count` changes arrived (or `ms`), returns the kinds seen. */
async function kindsAfter(count: number, ms = 2000) {
  const deadline = Date.now() + ms;
  while (changes.length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
  return changes
    .splice(0)
    .map((event) =>
      event.type === "content_changed" ? (event.data as { kind: string }).kind : event.type,
    );
}

describe("content changes", () => {
  it("a promotion published and closed by an operator announces each change", async () => {
    const act = await operatorAct(db());
    await publishedPromotion(db(), act, {}, "closed");
    // Created as a draft (not shown to visitors yet: still announced), published, closed.
    expect(await kindsAfter(3)).toEqual(["promotions", "promotions", "promotions"]);
  });

  it("a change that rolls back announces nothing", async () => {
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await publishContentChange(trx, "banners");
          throw new Error("the change failed");
        }),
    ).rejects.toThrow("the change failed");
    expect(await kindsAfter(1, 500)).toEqual([]);
  });

  it("the brand setting is announced, the maintenance switch is not", async () => {
    const brand = await db()
      .selectFrom("settings")
      .select("value")
      .where("key", "=", "brand")
      .executeTakeFirst();
    await writeSetting(db(), "status", { maintenance: false });
    await writeSetting(db(), "brand", brand?.value ?? { brandName: "Test" });
    expect(await kindsAfter(1)).toEqual(["brand"]);
  });

  it("drops the read caches behind visitors' pages before telling the page cache", async () => {
    const insert = (title: string) =>
      db()
        .insertInto("banners")
        .values({
          group_name: "w_home",
          title,
          image_url: "/x.png",
          link_url: null,
          linkage_type: "none",
          language: null,
          sort: 0,
        })
        .execute();
    await insert("first");
    expect((await listBanners(db(), "w_home", "en")).map((b) => b.title)).toContain("first");
    await insert("second");
    // Still the cached list: the write did not announce itself.
    expect((await listBanners(db(), "w_home", "en")).map((b) => b.title)).not.toContain("second");
    await publishContentChange(db(), "banners");
    expect(await kindsAfter(1)).toEqual(["banners"]);
    expect((await listBanners(db(), "w_home", "en")).map((b) => b.title)).toContain("second");
  });

  it("an announcement (topic `announcements`) drops the cache as well", async () => {
    const { publishEvent } = await import("~/platform/events/outbox.server");
    await publishEvent(db(), {
      audience: { topic: "announcements" },
      type: "announcement",
      data: { id: "1" },
    });
    expect(await kindsAfter(1)).toEqual(["announcement"]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("two processes on one PostgreSQL", () => {
  it("a change committed through one process reaches the other's listener within 1 s", async () => {
    expect(handle.kind).toBe("postgres");
    // Another handle object is another process's hub: its own LISTEN connection.
    const otherProcess: LiveEvent[] = [];
    const stopOther = await onContentChange({ ...handle }, (event) => otherProcess.push(event));
    try {
      const started = performance.now();
      await db()
        .transaction()
        .execute((trx) => publishContentChange(trx, "games"));
      while (otherProcess.length === 0 && performance.now() - started < 1000) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(otherProcess.map((event) => event.data)).toEqual([{ kind: "games" }]);
      expect(performance.now() - started).toBeLessThan(1000);
    } finally {
      stopOther();
      await kindsAfter(1);
    }
  });
});
