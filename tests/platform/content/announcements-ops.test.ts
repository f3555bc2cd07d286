import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  deleteAnnouncement,
  findAnnouncement,
  saveAnnouncement,
  setAnnouncementEnabled,
  type AnnouncementInput,
} from "~/platform/content/announcements-ops.server";
import { listAnnouncements } from "~/platform/content/announcements.server";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { EventHub } from "~/platform/events/hub.server";
import type { LiveEvent } from "~/platform/events/types";
import { createTestDatabase } from "../../helpers/database";
import { refusal } from "../../helpers/rewards";
import { insertMember } from "../../helpers/wallet";

/**
 * The operators' announcements (issue 16) on a real database: every change
 * (create, edit, unpublish, delete) is audited and announced on the
 * `announcements` topic in its transaction, members' lists change at once
 * in this process, and content is stored sanitized.
 */
let handle: DatabaseHandle;
let hub: EventHub;
let operatorId: string;
const db = () => handle.db;
const context = { ip: "203.0.113.9", userAgent: "vitest" };
const act = () => ({ operatorId, context });
const events: LiveEvent[] = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  hub = new EventHub(handle.db, handle.listen);
  await hub.start();
  hub.subscribe([{ topic: "announcements" }], (event) => events.push(event));
  operatorId = await insertMember(db(), { type: 9 });
});
afterAll(async () => {
  await hub?.close();
  await handle?.close();
});

const input = (values: Partial<AnnouncementInput> = {}): AnnouncementInput => ({
  type: "H",
  execution: "A",
  title: "Harbour lights",
  contentHtml: '<p>Tonight <img src=x onerror="alert(1)"><script>alert(2)</script></p>',
  language: null,
  sort: 0,
  publishedAt: new Date(Date.now() - 1000),
  enabled: true,
  ...values,
});
const headlines = async () =>
  (await listAnnouncements(db(), { audience: ["A"], language: "en", fallbackLanguage: "en" }))
    .headline;
const auditCount = async (event: string) =>
  (
    await db()
      .selectFrom("audit_log")
      .select("id")
      .where("event", "=", event as never)
      .where("target_type", "=", "announcement")
      .orderBy("id")
      .execute()
  ).length;
const announced = (id: number) =>
  expect.poll(
    () =>
      events.filter((event) => event.data && "id" in event.data && event.data.id === String(id))
        .length,
  );

describe("operators' announcements", () => {
  it("creates one: stored sanitized, shown to members at once, announced and audited", async () => {
    await headlines(); // fills this process's cache, which the change must drop
    const id = await saveAnnouncement(db(), null, input(), act());
    const stored = await findAnnouncement(db(), String(id));
    expect(stored?.contentHtml).not.toMatch(/onerror|script/i);
    expect((await headlines()).map((item) => item.id)).toContain(id);
    await announced(id).toBe(1);
    expect(events.at(-1)).toMatchObject({
      type: "announcement",
      audience: { topic: "announcements" },
    });
    expect(await auditCount("announcement_saved")).toBe(1);
  });

  it("edits, unpublishes and deletes: each announced and audited, and the members' list follows", async () => {
    const id = await saveAnnouncement(db(), null, input({ title: "First" }), act());
    await saveAnnouncement(db(), String(id), input({ title: "Second" }), act());
    expect((await headlines()).find((item) => item.id === id)?.title).toBe("Second");
    await setAnnouncementEnabled(db(), String(id), false, act());
    expect((await headlines()).map((item) => item.id)).not.toContain(id);
    await deleteAnnouncement(db(), String(id), act());
    expect(await findAnnouncement(db(), String(id))).toBeNull();
    await announced(id).toBe(4);
    expect(await auditCount("announcement_status_changed")).toBe(1);
    expect(await auditCount("announcement_deleted")).toBe(1);
  });

  it("keeps a scheduled one hidden until its start", async () => {
    const id = await saveAnnouncement(
      db(),
      null,
      input({ publishedAt: new Date(Date.now() + 3_600_000) }),
      act(),
    );
    expect((await headlines()).map((item) => item.id)).not.toContain(id);
    await announced(id).toBe(1);
  });

  it("refuses an unknown announcement and announces nothing for it", async () => {
    const before = events.length;
    expect((await refusal(setAnnouncementEnabled(db(), "999999", true, act()))).code).toBe(
      "announcement_not_found",
    );
    expect((await refusal(deleteAnnouncement(db(), "abc", act()))).code).toBe(
      "announcement_not_found",
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events.length).toBe(before);
  });
});
