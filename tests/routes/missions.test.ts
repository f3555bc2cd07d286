import { describe, expect, test } from "vitest";
import { insertSettledBet } from "../helpers/agency";
import { useSeededDatabase } from "../helpers/database";
import {
  formPost,
  jsonBody,
  routeArgs,
  signedInNewMember,
  thrownResponse,
} from "../helpers/routes";
import { accountBalance, formKey } from "../helpers/wallet";
import { opsCookie } from "../helpers/withdrawals";

/**
 * /member/missions and /ops/missions with real Requests on the seeded demo
 * brand (its six missions): who may act, cross-site and bot posts, claims
 * complete, incomplete, doubled and malformed, and the operator's saves.
 */

const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const memberRoute = () => import("~/routes/_portal+/member+/missions");
const memberLayout = () => import("~/routes/_portal+/member+/_layout");
const opsRoute = () => import("~/routes/ops+/missions");
const PAGE = "/member/missions";
const OPS = "/ops/missions";

const member = (type?: number) => signedInNewMember(handle.db, type);

const missionId = async (code: string) =>
  String(
    (
      await handle.db
        .selectFrom("missions")
        .select("id")
        .where("code", "=", code)
        .executeTakeFirstOrThrow()
    ).id,
  );

const main = async (memberId: string) => String(await accountBalance(handle.db, memberId, "MAIN"));

const claimsOf = (memberId: string) =>
  handle.db.selectFrom("mission_claims").selectAll().where("member_id", "=", memberId).execute();

const claim = (cookie: string | null, fields: Record<string, string>, headers = {}) =>
  memberRoute().then(({ action }) =>
    action(formPost(PAGE, fields, { ...(cookie ? { Cookie: cookie } : {}), ...headers })),
  );

const page = (cookie: string) =>
  jsonBody(
    memberRoute().then(({ loader }) => loader(routeArgs(PAGE, { headers: { Cookie: cookie } }))),
  );

/** A member who bet Rs 100 on slots a minute ago: the daily slots mission is complete. */
async function slotPlayer() {
  const someone = await member();
  await insertSettledBet(handle.db, someone.id, {
    stake: 10_000n,
    payout: 0n,
    at: new Date(Date.now() - 60_000),
  });
  return someone;
}

describe("/member/missions guard", () => {
  test("a visitor logs in, a trial account gets the real-account notice; nothing is claimed", async () => {
    const id = await missionId("daily-slots");
    const fields = { missionId: id, idempotencyKey: formKey() };
    const { loader } = await memberRoute();
    const visitor = await thrownResponse(loader(routeArgs(PAGE)));
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Fmember%2Fmissions");
    expect((await thrownResponse(claim(null, fields))).headers.get("Location")).toBe(
      "/login?redirectTo=%2Fmember%2Fmissions",
    );
    const trial = await member(4);
    expect((await thrownResponse(claim(trial.cookie, fields))).headers.get("Location")).toBe(
      "/?modal=real-account",
    );
    expect(await claimsOf(trial.id)).toEqual([]);
  });

  test("a cross-site post and a filled honeypot are refused before anything is read", async () => {
    const someone = await slotPlayer();
    const fields = { missionId: await missionId("daily-slots"), idempotencyKey: formKey() };
    const crossSite = await thrownResponse(
      claim(someone.cookie, fields, {
        Origin: "https://evil.example",
        "Sec-Fetch-Site": "cross-site",
      }),
    );
    expect(crossSite.status).toBe(403);
    const bot = await thrownResponse(claim(someone.cookie, { ...fields, name__confirm: "bot" }));
    expect(bot.status).toBe(400);
    expect(await claimsOf(someone.id)).toEqual([]);
  });
});

describe("/member/missions", () => {
  test("shows progress, the badge, the claim; a claim pays once and moves the leaderboard", async () => {
    const someone = await slotPlayer();
    const before = await page(someone.cookie);
    const slots = before.missions.find((m: { code: string }) => m.code === "daily-slots");
    expect(slots).toMatchObject({
      claimable: true,
      claimed: false,
      figure: "Rs 100.00",
      target: "Rs 100.00",
      percent: 100,
      condition: "Valid bets of Rs 100.00 in Slots",
      reward: "Rs 10.00 cash",
    });
    expect(before.missions).toHaveLength(6);
    expect(before.leaderboard.own).toBeNull();
    const layout = await jsonBody(
      memberLayout().then(({ loader }) =>
        loader(routeArgs(PAGE, { headers: { Cookie: someone.cookie } })),
      ),
    );
    expect(layout.claimableMissions).toBe(1);

    const key = formKey();
    const response = await claim(someone.cookie, { missionId: slots.id, idempotencyKey: key });
    expect((response as Response).headers.get("Location")).toBe(`${PAGE}?claimed=${slots.id}`);
    expect(await main(someone.id)).toBe("1000");
    // The same form again (a reload of the POST) is the same claim.
    const replay = await claim(someone.cookie, { missionId: slots.id, idempotencyKey: key });
    expect((replay as Response).status).toBe(302);
    // Another tab's form: refused, translated, nothing moves.
    const again = await jsonBody(
      claim(someone.cookie, { missionId: slots.id, idempotencyKey: formKey() }),
    );
    expect(again).toMatchObject({
      missionId: slots.id,
      result: { error: { "": ["You have already claimed this mission for this period."] } },
    });
    expect(await main(someone.id)).toBe("1000");
    expect(await claimsOf(someone.id)).toHaveLength(1);

    const after = await jsonBody(
      memberRoute().then(({ loader }) =>
        loader(routeArgs(`${PAGE}?claimed=${slots.id}`, { headers: { Cookie: someone.cookie } })),
      ),
    );
    expect(after.claimed).toBe("“Spin Rs 100 in slots today” claimed: Rs 10.00 cash.");
    expect(after.missions.find((m: { code: string }) => m.code === "daily-slots")).toMatchObject({
      claimed: true,
      claimable: false,
    });
    expect(after.history.rows).toMatchObject([{ reward: "Rs 10.00 cash", missionPoints: 10 }]);
    expect(after.leaderboard.own).toMatchObject({ points: "10", isViewer: true });
  });

  test("an incomplete or unknown mission and a malformed form are translated 400s", async () => {
    const someone = await member();
    const cases: [Record<string, string>, string][] = [
      [
        { missionId: await missionId("daily-deposit"), idempotencyKey: formKey() },
        "This mission is not complete yet.",
      ],
      [
        { missionId: "999999999", idempotencyKey: formKey() },
        "This mission is no longer available.",
      ],
      [
        { missionId: "'; drop table missions", idempotencyKey: formKey() },
        "This page has expired. Please reload it and claim again.",
      ],
      [
        { missionId: await missionId("daily-slots") },
        "This page has expired. Please reload it and claim again.",
      ],
    ];
    for (const [fields, message] of cases) {
      const response = (await claim(someone.cookie, fields)) as Response;
      expect(response.status).toBe(400);
      expect((await response.json()).result.error[""]).toEqual([message]);
    }
    expect(await claimsOf(someone.id)).toEqual([]);
  });
});

const opsPost = (cookie: string | null, fields: Record<string, string>) =>
  opsRoute().then(({ action }) => action(formPost(OPS, fields, cookie ? { Cookie: cookie } : {})));

let serial = 0;
const missionFields = (changes: Record<string, string> = {}) => ({
  code: `route-${process.pid}-${++serial}`,
  nameEn: "Bet on sports",
  nameUr: "کھیلوں پر بازی",
  descriptionEn: "",
  descriptionUr: "",
  period: "W",
  condition: "valid_bet",
  category: "SPORTS",
  target: "250.50",
  rewardKind: "cash",
  rewardAmount: "15",
  turnoverMultiple: "2.5",
  missionPoints: "25",
  sort: "9",
  ...changes,
});

const audits = (event: string) =>
  handle.db
    .selectFrom("audit_log")
    .select(["staff_role", "target_id", "before", "after"])
    .where("event", "=", event)
    .orderBy("id")
    .execute();

describe("/ops/missions", () => {
  test("a visitor and a member go to /ops/login, for the page and the form; nothing is saved", async () => {
    const { loader } = await opsRoute();
    const someone = await member();
    for (const cookie of [null, someone.cookie]) {
      const response = await thrownResponse(
        loader(routeArgs(OPS, { headers: cookie ? { Cookie: cookie } : {} })),
      );
      expect(response.headers.get("Location")).toBe("/ops/login");
      const post = await thrownResponse(opsPost(cookie, missionFields({ code: "sneaky" })));
      expect(post.headers.get("Location")).toBe("/ops/login");
    }
    expect(
      await handle.db.selectFrom("missions").select("id").where("code", "=", "sneaky").execute(),
    ).toEqual([]);
  });

  test("creates, edits, disables and enables a mission, audited", async () => {
    const cookie = await opsCookie(handle.db);
    const fields = missionFields();
    const created = (await opsPost(cookie, fields)) as Response;
    const id = await missionId(fields.code);
    expect(created.headers.get("Location")).toBe(`${OPS}?saved=${id}`);
    const row = await handle.db
      .selectFrom("missions")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      period: "W",
      category: "SPORTS",
      turnover_multiple: 250,
      mission_points: 25,
      enabled: true,
    });
    expect([String(row.target), String(row.reward_amount)]).toEqual(["25050", "1500"]);
    expect(await audits("mission_created")).toContainEqual(
      expect.objectContaining({
        staff_role: "admin",
        target_id: id,
        before: null,
        after: expect.objectContaining({ code: fields.code }),
      }),
    );

    await opsPost(cookie, {
      ...fields,
      missionId: id,
      condition: "login_days",
      category: "",
      target: "4",
      rewardKind: "points",
      rewardAmount: "80",
      turnoverMultiple: "0",
    });
    const edited = await handle.db
      .selectFrom("missions")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect([
      edited.condition,
      String(edited.target),
      edited.reward_kind,
      String(edited.reward_amount),
    ]).toEqual(["login_days", "4", "points", "80"]);
    // Only what changed, before and after.
    expect(await audits("mission_updated")).toContainEqual(
      expect.objectContaining({
        target_id: id,
        before: expect.objectContaining({ condition: fields.condition }),
        after: expect.objectContaining({ condition: "login_days", target: "4" }),
      }),
    );

    await opsPost(cookie, { intent: "disable", missionId: id });
    const page = await jsonBody(
      opsRoute().then(({ loader }) => loader(routeArgs(OPS, { headers: { Cookie: cookie } }))),
    );
    expect(page.missions.find((m: { id: string }) => m.id === id).enabled).toBe(false);
    await opsPost(cookie, { intent: "enable", missionId: id });
    expect(
      (await audits("mission_status_changed")).filter((a) => a.target_id === id),
    ).toMatchObject([
      { before: { enabled: true }, after: { enabled: false } },
      { before: { enabled: false }, after: { enabled: true } },
    ]);
  });

  test("bad input is a field error, a taken code too, an unknown mission a form error; nothing saved", async () => {
    const cookie = await opsCookie(handle.db);
    const bad = await jsonBody(
      opsPost(
        cookie,
        missionFields({
          code: "Bad Code",
          target: "0",
          rewardKind: "points",
          rewardAmount: "1.5",
          category: "SPORTS",
          condition: "deposit",
        }),
      ),
    );
    expect(bad.result.error).toMatchObject({
      code: ["Use 2 to 48 lower-case letters, digits or hyphens."],
      target: ["Enter a target above zero."],
      rewardAmount: ["Enter a reward above zero."],
      category: ["Only valid-bet missions have a game category."],
      turnoverMultiple: ["Points rewards have no turnover."],
    });
    const taken = await jsonBody(opsPost(cookie, missionFields({ code: "daily-slots" })));
    expect(taken.result.error).toEqual({ code: ["Another mission has this code."] });
    const unknown = await jsonBody(opsPost(cookie, { intent: "disable", missionId: "999999999" }));
    expect(unknown.result.error).toEqual({ "": ["This mission does not exist."] });
    expect(
      await handle.db.selectFrom("missions").select("id").where("code", "=", "bad code").execute(),
    ).toEqual([]);
  });
});
