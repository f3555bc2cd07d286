import { describe, expect, test } from "vitest";
import {
  ANNOUNCEMENT_TYPES,
  audienceOf,
  listAnnouncements,
  type Execution,
} from "~/platform/content/announcements.server";
import { BANNER_GROUPS, listBanners } from "~/platform/content/banners.server";
import { listHelpArticles } from "~/platform/content/help.server";
import { sanitizeContentHtml } from "~/platform/content/sanitize.server";
import { useSeededDatabase } from "../helpers/database";

const handle = useSeededDatabase();

describe("sanitizer", () => {
  test("keeps formatting, drops scripts, handlers and javascript: links", () => {
    const html = sanitizeContentHtml(
      `<p onclick="x()"><strong>Hi</strong><script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">a</a><a href="https://ok.example">b</a></p>`,
    );
    expect(html).toContain("<strong>Hi</strong>");
    expect(html).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(html).toContain('rel="noopener noreferrer nofollow"');
  });
});

describe("content", () => {
  test("every banner group has banners", async () => {
    for (const group of BANNER_GROUPS) {
      expect((await listBanners(handle.db, group, "en")).length, group).toBeGreaterThan(0);
    }
    expect((await listBanners(handle.db, "w_home", "en")).length).toBeGreaterThan(1);
  });

  test("announcements of every type and execution exist", async () => {
    const rows = await handle.db
      .selectFrom("announcements")
      .select(["type", "execution"])
      .distinct()
      .execute();
    const pairs = new Set(rows.map((row) => `${row.type}:${row.execution}`));
    for (const type of ANNOUNCEMENT_TYPES) {
      for (const execution of ["A", "B"])
        expect(pairs.has(`${type}:${execution}`), `${type}:${execution}`).toBe(true);
    }
    expect([...pairs].some((pair) => pair.endsWith(":F"))).toBe(true);
  });

  test("visitors get execution B, in their language, else the brand default", async () => {
    const ur = await listAnnouncements(handle.db, {
      audience: ["B"],
      language: "ur",
      fallbackLanguage: "en",
    });
    expect(ur.popup.length).toBe(12);
    expect(ur.player[0]!.title).toMatch(/[\u0600-\u06FF]/);
    const ko = await listAnnouncements(handle.db, {
      audience: ["B"],
      language: "ko",
      fallbackLanguage: "en",
    });
    const en = await listAnnouncements(handle.db, {
      audience: ["B"],
      language: "en",
      fallbackLanguage: "en",
    });
    expect(ko.player.map((item) => item.title)).toEqual(en.player.map((item) => item.title));
    const members = await listAnnouncements(handle.db, {
      audience: ["A"],
      language: "en",
      fallbackLanguage: "en",
    });
    expect(members.popup.length).toBeLessThan(en.popup.length);
  });

  test("a member reads A; a first sign-in reads F before A; a visitor reads B", async () => {
    expect(audienceOf(null)).toEqual(["B"]);
    expect(audienceOf({ firstLogin: false })).toEqual(["A"]);
    expect(audienceOf({ firstLogin: true })).toEqual(["F", "A"]);
    const read = (audience: Execution[]) =>
      listAnnouncements(handle.db, { audience, language: "en", fallbackLanguage: "en" });
    const [visitors, members, firstLogin, onlyF] = await Promise.all([
      read(["B"]),
      read(["A"]),
      read(["F", "A"]),
      read(["F"]),
    ]);
    const ids = (payload: { popup: { id: number }[] }) => payload.popup.map((item) => item.id);
    expect(ids(firstLogin)).toEqual([...ids(onlyF), ...ids(members)]);
    expect(ids(onlyF).length).toBeGreaterThan(0);
    for (const id of ids(members)) expect(ids(visitors)).not.toContain(id);
  });

  test("help articles include the terms anchor and fall back to the default language", async () => {
    const en = await listHelpArticles(handle.db, { language: "en", fallbackLanguage: "en" });
    expect(en.map((article) => article.anchor)).toContain("term");
    const pt = await listHelpArticles(handle.db, { language: "pt", fallbackLanguage: "en" });
    expect(pt.map((article) => article.title)).toEqual(en.map((article) => article.title));
  });
});
