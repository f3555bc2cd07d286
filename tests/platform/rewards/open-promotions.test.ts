import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { clearContentCaches } from "~/platform/events/content-changes.server";
import { openPromotions } from "~/platform/rewards/open-promotions.server";
import { setPromotionStatus, updatePromotion } from "~/platform/rewards/promotion-admin.server";
import { createTestDatabase } from "../../helpers/database";
import { operatorAct, publishedPromotion } from "../../helpers/rewards";

/**
 * The read cache behind every signed-in page's promotion counts: it answers
 * what the table holds after each operator change, follows the clock without
 * reading again, and another process's change reaches it through the content
 * change that empties the content caches.
 */
let handle: DatabaseHandle;
let act: Awaited<ReturnType<typeof operatorAct>>;
const db = () => handle.db;
const ids = async (now?: Date) =>
  (await openPromotions(db(), "red_envelope", now)).map((promotion) => promotion.id);

const envelope = {
  kind: "red_envelope",
  category: "other",
  claimMode: "automatic",
  rewardBps: "",
  rewardCap: "",
  envelopeBudget: "100000",
  envelopeMin: "100",
  envelopeMax: "1000",
  period: "D",
} as const;

beforeAll(async () => {
  handle = await createTestDatabase();
  act = await operatorAct(handle.db);
});
afterAll(() => handle?.close());

describe("open promotions of a kind", () => {
  it("follow the operator's publishing and closing at once, newest first", async () => {
    expect(await ids()).toEqual([]);
    const first = await publishedPromotion(db(), act, envelope);
    expect(await ids()).toEqual([first]);
    const second = await publishedPromotion(db(), act, envelope);
    expect(await ids()).toEqual([second, first]);
    await setPromotionStatus(db(), first, "closed", act);
    expect(await ids()).toEqual([second]);
    await setPromotionStatus(db(), second, "closed", act);
    expect(await ids()).toEqual([]);
  });

  it("open and end with the clock, between reads of the table", async () => {
    const startsAt = new Date(Date.now() + 3_600_000);
    const endsAt = new Date(Date.now() + 7_200_000);
    const later = await publishedPromotion(db(), act, {
      ...envelope,
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
    });
    expect(await ids()).not.toContain(later);
    expect(await ids(new Date(startsAt.getTime() + 1))).toContain(later);
    expect(await ids(endsAt)).not.toContain(later);
    await updatePromotion(
      db(),
      later,
      {
        ...envelope,
        code: "starts-now",
        titles: { en: "Red envelope" },
        rulesHtml: { en: "<p>Rules</p>" },
        startsAt: new Date(Date.now() - 60_000).toISOString(),
      },
      act,
    );
    expect(await ids()).toContain(later);
  });

  it("answer another process's direct change once the content change empties the caches", async () => {
    const open = await ids();
    expect(open.length).toBeGreaterThan(0);
    await db()
      .updateTable("promotions")
      .set({ status: "closed" })
      .where("kind", "=", "red_envelope")
      .execute();
    // Cached until a content change says otherwise (what another process's write publishes).
    expect(await ids()).toEqual(open);
    clearContentCaches(db());
    expect(await ids()).toEqual([]);
  });
});
