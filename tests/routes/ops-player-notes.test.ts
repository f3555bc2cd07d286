import { describe, expect, test } from "vitest";
import { loader as searchLoader } from "~/routes/ops+/players._index";
import { useSeededDatabase } from "../helpers/database";
import { playerPageData, postToPlayerPage } from "../helpers/player-page";
import { getAs, jsonBody } from "../helpers/routes";
import { staffCookieWith } from "../helpers/staff";
import { insertMember } from "../helpers/wallet";

/**
 * The player page's notes tab through the route: each of its acts needs
 * `players.note` (reading needs only `players.view`), bad input comes back
 * with a translated error and what was typed, a note is listed with its
 * writer, and tags show on every tab.
 */

const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const post = (memberId: string, cookie: string, fields: Record<string, string>) =>
  postToPlayerPage(memberId, cookie, fields, "?tab=notes");
const page = playerPageData;

const writer = () => staffCookieWith(handle.db, ["players.view", "players.note"]);
const reader = () => staffCookieWith(handle.db, ["players.view"]);

describe("/ops/players/<id>?tab=notes", () => {
  test("each act needs players.note; the tab reads with players.view", async () => {
    const member = await insertMember(handle.db);
    const viewOnly = await reader();
    const acts: Record<string, string>[] = [
      { intent: "add_note", text: "Called the member" },
      { intent: "add_tag", kind: "brand", tag: "vip" },
      { intent: "remove_tag", tag: "vip" },
    ];
    for (const fields of acts) expect((await post(member, viewOnly, fields)).status).toBe(403);
    const shown = await page(member, viewOnly, "?tab=notes");
    expect(shown.panel).toMatchObject({ tab: "notes", notes: [], page: 1, pageCount: 1 });
    expect(shown.tags).toEqual([]);
    expect(shown.brandTags.map((tag: { code: string }) => tag.code)).toEqual([
      "vip",
      "bonus_abuser",
      "high_risk",
    ]);
  });

  test("a note is added (POST/redirect/GET) and listed with its writer and role", async () => {
    const member = await insertMember(handle.db);
    const cookie = await writer();
    const done = await post(member, cookie, {
      intent: "add_note",
      text: "  Asked about the bonus terms.\nExplained the wagering.  ",
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/ops/players/${member}?tab=notes&done=noteAdded`);
    const shown = await page(member, cookie, "?tab=notes&done=noteAdded");
    expect(shown.done).toEqual({ what: "noteAdded", count: 0 });
    expect(shown.panel.notes).toHaveLength(1);
    expect(shown.panel.notes[0]).toMatchObject({
      text: "Asked about the bonus terms.\nExplained the wagering.",
      staff: { role: expect.stringMatching(/^role-/), account: expect.any(String) },
    });
  });

  test("an empty or too long note is refused with a translated error and the text kept", async () => {
    const member = await insertMember(handle.db);
    const cookie = await writer();
    const empty = await post(member, cookie, { intent: "add_note", text: "   " });
    expect(empty.status).toBe(400);
    const emptyReply = await empty.json();
    expect(emptyReply.intent).toBe("add_note");
    expect(emptyReply.result.error.text).toEqual(["Write the note."]);

    const long = "x".repeat(2001);
    const tooLong = await jsonBody(post(member, cookie, { intent: "add_note", text: long }));
    expect(tooLong.result.error.text).toEqual(["Keep the note to 2000 characters."]);
    expect(tooLong.result.initialValue.text).toBe(long);
    expect((await page(member, cookie, "?tab=notes")).panel.notes).toEqual([]);
  });

  test("tags: a brand tag and staff's own are added, shown on every tab, refused when bad, and removed", async () => {
    const member = await insertMember(handle.db);
    const cookie = await writer();
    const brand = await post(member, cookie, {
      intent: "add_tag",
      kind: "brand",
      tag: "high_risk",
    });
    expect(brand.headers.get("Location")).toBe(`/ops/players/${member}?tab=notes&done=tagAdded`);
    await post(member, cookie, { intent: "add_tag", kind: "free", tag: "  Chargeback Watch " });
    const profile = await page(member, cookie);
    expect(profile.panel.tab).toBe("profile");
    expect(profile.tags.map((tag: { tag: string }) => tag.tag)).toEqual([
      "chargeback_watch",
      "high_risk",
    ]);

    // The player search finds the member by a tag, written as staff would type it.
    const found = await jsonBody(
      await searchLoader(
        getAs(`/ops/players?q=${encodeURIComponent("Chargeback watch")}`, cookie) as never,
      ),
    );
    expect(found.results).toEqual([expect.objectContaining({ id: member, matchedBy: ["tag"] })]);

    const bad = await post(member, cookie, { intent: "add_tag", kind: "free", tag: "no way!" });
    expect(bad.status).toBe(400);
    const badReply = await bad.json();
    expect(badReply.result.error.tag).toEqual([
      "A tag holds only letters, digits, - or _, at most 32 of them.",
    ]);
    expect(badReply.result.initialValue).toMatchObject({ kind: "free", tag: "no way!" });

    const twice = await jsonBody(
      post(member, cookie, { intent: "add_tag", kind: "brand", tag: "high_risk" }),
    );
    expect(twice.result.error[""]).toEqual(["The member has this tag already."]);

    const removed = await post(member, cookie, { intent: "remove_tag", tag: "high_risk" });
    expect(removed.headers.get("Location")).toBe(
      `/ops/players/${member}?tab=notes&done=tagRemoved`,
    );
    const gone = await jsonBody(post(member, cookie, { intent: "remove_tag", tag: "high_risk" }));
    expect(gone.result.error[""]).toEqual([
      "The member does not have this tag (any more); reload the page to see its tags.",
    ]);
    expect((await page(member, cookie, "?tab=notes")).tags).toHaveLength(1);
  });

  test("an unknown member is a 404", async () => {
    const cookie = await writer();
    expect((await post("999999999", cookie, { intent: "add_note", text: "hello" })).status).toBe(
      404,
    );
  });
});
