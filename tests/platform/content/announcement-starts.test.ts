import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { announceStartedAnnouncements } from "~/platform/content/announcement-starts.server";
import {
  saveAnnouncement,
  setAnnouncementEnabled,
  type AnnouncementInput,
} from "~/platform/content/announcements-ops.server";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { createTestDatabase } from "../../helpers/database";
import { insertMember } from "../../helpers/wallet";

/**
 * An announcement saved with a later start (issue 16): it goes out as an
 * `announcement` event when its start has come, from the scheduler, once,
 * however many scheduler runs (and processes) there are; one already started
 * when the operator saves it went out with the operator's change and is not
 * announced again.
 */
let handle: DatabaseHandle;
let operatorId: string;
const db = () => handle.db;
const act = () => ({ operatorId, context: { ip: "203.0.113.9", userAgent: "vitest" } });
const HOUR = 3_600_000;

beforeAll(async () => {
  handle = await createTestDatabase({ poolSize: 8 });
  operatorId = await insertMember(db(), { type: 9 });
});
afterAll(() => handle?.close());

const input = (values: Partial<AnnouncementInput> = {}): AnnouncementInput => ({
  type: "H",
  execution: "A",
  title: "Late tables tonight",
  contentHtml: "<p>From 22:00</p>",
  language: null,
  sort: 0,
  publishedAt: new Date(Date.now() - 1000),
  enabled: true,
  ...values,
});

/** The `announcement` events in the outbox for announcement `id`. */
const eventsFor = async (id: number) =>
  (
    await db()
      .selectFrom("event_outbox")
      .select("data")
      .where("type", "=", "announcement")
      .where("topic", "=", "announcements")
      .execute()
  ).filter(({ data }) => (data as { id: string }).id === String(id)).length;

describe("announcements that start later", () => {
  it("go out once when their start has come, not before", async () => {
    const startsAt = new Date(Date.now() + HOUR);
    const id = await saveAnnouncement(db(), null, input({ publishedAt: startsAt }), act());
    expect(await eventsFor(id)).toBe(1); // the operator's save

    expect(await announceStartedAnnouncements(db(), new Date(startsAt.getTime() - 1))).toBe(0);
    expect(await eventsFor(id)).toBe(1);
    expect(await announceStartedAnnouncements(db(), startsAt)).toBe(1);
    expect(await eventsFor(id)).toBe(2);
    expect(await announceStartedAnnouncements(db(), new Date(startsAt.getTime() + HOUR))).toBe(0);
    expect(await eventsFor(id)).toBe(2);
  });

  it("are not announced again when the operator's change already announced them", async () => {
    const id = await saveAnnouncement(db(), null, input(), act());
    await saveAnnouncement(db(), String(id), input({ title: "Late tables, 23:00" }), act());
    expect(await announceStartedAnnouncements(db())).toBe(0);
    expect(await eventsFor(id)).toBe(2);
  });

  it("follow their start when it moves, and stay quiet while unpublished", async () => {
    const id = await saveAnnouncement(db(), null, input(), act());
    const later = new Date(Date.now() + 2 * HOUR);
    await saveAnnouncement(db(), String(id), input({ publishedAt: later }), act());
    await setAnnouncementEnabled(db(), String(id), false, act());
    expect(await announceStartedAnnouncements(db(), later)).toBe(0);
    await setAnnouncementEnabled(db(), String(id), true, act());
    const before = await eventsFor(id);
    expect(await announceStartedAnnouncements(db(), later)).toBe(1);
    expect(await eventsFor(id)).toBe(before + 1);
  });

  it("go out once with four schedulers running at the same time", async () => {
    const startsAt = new Date(Date.now() + 3 * HOUR);
    const ids = await Promise.all(
      [1, 2, 3].map((n) =>
        saveAnnouncement(db(), null, input({ title: `Table ${n}`, publishedAt: startsAt }), act()),
      ),
    );
    const runs = await Promise.all(
      [1, 2, 3, 4].map(() => announceStartedAnnouncements(db(), startsAt)),
    );
    expect(runs.reduce((sum, n) => sum + n, 0)).toBe(3);
    for (const id of ids) expect(await eventsFor(id)).toBe(2);
  });
});

describe("announcements written before this rule", () => {
  it("count as announced when they had started, so a first run sends nothing old", async () => {
    const [row] = await db()
      .insertInto("announcements")
      .values({
        type: "PL",
        execution: "B",
        title: "Old notice",
        content_html: "<p>Old</p>",
        promotion_type: null,
        language: null,
        sort: 0,
        published_at: new Date(Date.now() - 30 * 86_400_000),
      })
      .returning(["id", "announced_at"])
      .execute();
    expect(row!.announced_at).not.toBeNull();
    expect(await announceStartedAnnouncements(db())).toBe(0);
    expect(await eventsFor(row!.id)).toBe(0);
  });
});
