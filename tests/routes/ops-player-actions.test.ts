import { describe, expect, test } from "vitest";
import { useSeededDatabase } from "../helpers/database";
import { playerPageData, postToPlayerPage } from "../helpers/player-page";
import { jsonBody } from "../helpers/routes";
import { staffCookieWith } from "../helpers/staff";
import { insertMember } from "../helpers/wallet";
import { opsCookie } from "../helpers/withdrawals";

/**
 * The player page's account actions through the route: each intent needs its
 * own permission, a bad body comes back with a translated error and what was
 * typed, and a done act comes back to the page (POST/redirect/GET), which
 * then shows the suspension and offers what the role allows.
 */

const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const post = postToPlayerPage;
const page = playerPageData;

describe("/ops/players/<id> account actions", () => {
  test("each intent needs its own permission", async () => {
    const db = handle.db;
    const member = await insertMember(db);
    const signOutOnly = await staffCookieWith(db, ["players.view", "players.sign_out"]);
    const suspendOnly = await staffCookieWith(db, ["players.view", "players.suspend"]);

    expect(
      (await post(member, signOutOnly, { intent: "suspend", reason: "security" })).status,
    ).toBe(403);
    expect((await post(member, suspendOnly, { intent: "sign_out" })).status).toBe(403);
    const signedOut = await post(member, signOutOnly, { intent: "sign_out" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe(`/ops/players/${member}?done=signedOut&count=0`);
    // What each role's page offers: tests/components/ops-player-page.test.tsx.
  });

  test("requiring a new password needs its own permission; asked twice, the second is refused; the page says since when", async () => {
    const db = handle.db;
    const member = await insertMember(db);
    const suspendOnly = await staffCookieWith(db, ["players.view", "players.suspend"]);
    const resetter = await staffCookieWith(db, ["players.view", "players.reset_password"]);
    expect((await post(member, suspendOnly, { intent: "reset_password" })).status).toBe(403);
    const done = await post(member, resetter, { intent: "reset_password" });
    expect(done.headers.get("Location")).toBe(
      `/ops/players/${member}?done=passwordResetRequired&count=0`,
    );
    const shown = await page(member, resetter, "?done=passwordResetRequired&count=0");
    expect(shown.done).toEqual({ what: "passwordResetRequired", count: 0 });
    expect(shown.player.passwordResetRequiredSince).toEqual(expect.any(String));
    const again = await jsonBody(post(member, resetter, { intent: "reset_password" }));
    expect(again.result.error[""]).toEqual([
      "A new password is already required and not yet chosen; reload the page to see its state.",
    ]);
  });

  test("a suspension without a reason is refused with the note kept; with one it is done and shown", async () => {
    const db = handle.db;
    const member = await insertMember(db);
    const cookie = await opsCookie(db);

    const refused = await post(member, cookie, { intent: "suspend", note: "asked by the bank" });
    expect(refused.status).toBe(400);
    const reply = await refused.json();
    expect(reply.intent).toBe("suspend");
    expect(reply.result.error.reason).toEqual(["Choose a reason."]);
    expect(reply.result.initialValue.note).toBe("asked by the bank");

    const done = await post(member, cookie, {
      intent: "suspend",
      reason: "investigation",
      note: "asked by the bank",
    });
    expect(done.headers.get("Location")).toBe(`/ops/players/${member}?done=suspended`);
    const shown = await page(member, cookie, "?done=suspended");
    expect(shown.done).toEqual({ what: "suspended", count: 0 });
    expect(shown.player).toMatchObject({
      status: "suspended",
      suspension: { reason: "investigation", note: "asked by the bank" },
    });

    // A second suspension (another tab, a doubled submit) is told the state changed.
    const again = await post(member, cookie, { intent: "suspend", reason: "security" });
    expect(again.status).toBe(400);
    expect((await again.json()).result.error[""]).toEqual([
      "Only an active account can be suspended; reload the page to see its state.",
    ]);

    const reactivated = await post(member, cookie, { intent: "reactivate", note: "" });
    expect(reactivated.headers.get("Location")).toBe(`/ops/players/${member}?done=reactivated`);
    expect((await page(member, cookie)).player).toMatchObject({
      status: "active",
      suspension: null,
    });
  });

  test("an unknown member is a 404", async () => {
    const cookie = await opsCookie(handle.db);
    expect((await post("999999999", cookie, { intent: "sign_out" })).status).toBe(404);
  });

  test("closing needs players.close; without a reason it is refused with the note kept; closed, the page says why and whether the money is held", async () => {
    const db = handle.db;
    const member = await insertMember(db);
    const suspender = await staffCookieWith(db, ["players.view", "players.suspend"]);
    const closer = await staffCookieWith(db, ["players.view", "players.close"]);
    const fields = { intent: "close", reason: "fraud", funds: "hold", note: "card not theirs" };
    expect((await post(member, suspender, fields)).status).toBe(403);
    const bad = await post(member, closer, { ...fields, reason: "" });
    expect(bad.status).toBe(400);
    const reply = await bad.json();
    expect(reply.result.error.reason).toEqual(["Choose a reason."]);
    expect(reply.result.initialValue.note).toBe("card not theirs");

    const done = await post(member, closer, fields);
    expect(done.headers.get("Location")).toBe(`/ops/players/${member}?done=closed&count=0`);
    expect((await page(member, closer)).player).toMatchObject({
      status: "closed",
      closure: { reason: "fraud", note: "card not theirs", fundsHeld: true },
    });
    const again = await post(member, closer, fields);
    expect((await again.json()).result.error[""]).toEqual([
      "The account is already closed; reload the page to see its state.",
    ]);
  });
});
