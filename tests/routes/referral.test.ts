import { describe, expect, test } from "vitest";
import { setPromotionStatus } from "~/platform/rewards/promotion-admin.server";
import { referralCodeOf } from "~/platform/rewards/referral/codes.server";
import { useSeededDatabase } from "../helpers/database";
import { insertHeldReferral } from "../helpers/referral";
import { operatorAct } from "../helpers/rewards";
import { formPost, jsonBody, routeArgs, signInMember, thrownResponse } from "../helpers/routes";
import { insertMember } from "../helpers/wallet";
import { opsCookie } from "../helpers/withdrawals";

/**
 * Issue 15's referral routes with real Requests: /member/referral (its data,
 * the late referrer form), the QR and its download, registration through an
 * invitation link, /ops/referrals' decisions, and the menus following the
 * seeded REFERRAL promotion (`invite-friends`).
 */

const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const referralRoute = () => import("~/routes/_portal+/member+/referral");
const qrRoute = () => import("~/routes/resources+/referral-qr");
const opsRoute = () => import("~/routes/ops+/referrals");
const registerRoute = () => import("~/routes/_portal+/register");
const layoutRoute = () => import("~/routes/_portal+/_layout");

async function member() {
  const id = await insertMember(handle.db);
  const { cookie } = await signInMember(handle.db, id);
  return { id, cookie };
}

const referrerOf = async (friendId: string) =>
  (
    await handle.db
      .selectFrom("referrals")
      .select("referrer_id")
      .where("friend_id", "=", friendId)
      .executeTakeFirst()
  )?.referrer_id ?? null;

const claim = async (cookie: string | null, fields: Record<string, string>, headers = {}) => {
  const { action } = await referralRoute();
  return action(
    formPost("/member/referral", fields, { ...(cookie ? { Cookie: cookie } : {}), ...headers }),
  );
};

describe("/member/referral", () => {
  test("a visitor is sent to log in and back; a member sees the link, share links, QR and friends", async () => {
    const { loader } = await referralRoute();
    const visitor = await thrownResponse(loader(routeArgs("/member/referral")));
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Fmember%2Freferral");

    const someone = await member();
    const data = await jsonBody(
      await loader(routeArgs("/member/referral", { headers: { Cookie: someone.cookie } })),
    );
    const code = await referralCodeOf(handle.db, someone.id);
    expect(data.program).toMatchObject({
      code,
      link: `http://localhost:3000/register?ref=${code}`,
      qr: { src: "/resources/referral-qr", download: "/resources/referral-qr?download=1" },
      terms: { reward: "10000", minDeposit: "10000", minValidBet: "20000", turnover: false },
      canClaim: true,
      friends: { rows: [], total: 0, page: 1 },
    });
    expect(data.program.share.whatsapp).toBe(
      `https://wa.me/?text=${encodeURIComponent(`Join me at Lucky Harbour! http://localhost:3000/register?ref=${code}`)}`,
    );
    expect(data.program.share.telegram).toMatch(
      new RegExp(`^https://t\\.me/share/url\\?url=${encodeURIComponent(data.program.link)}&text=`),
    );
  });

  test("an unknown or own code is a translated field error and records nothing; a friend's code is recorded once", async () => {
    const [someone, friend] = [await member(), await member()];
    const own = await referralCodeOf(handle.db, someone.id);
    const unknown = await claim(someone.cookie, { code: "NOSUCH77" });
    expect(unknown.status).toBe(400);
    expect((await jsonBody(unknown)).result.error.code).toEqual(["Invalid invitation code"]);
    const self = await claim(someone.cookie, { code: own.toLowerCase() });
    expect((await jsonBody(self)).result.error.code).toEqual([
      "You cannot use your own referral code.",
    ]);
    const junk = await claim(someone.cookie, { code: "<script>" });
    expect((await jsonBody(junk)).result.error.code).toEqual(["Invalid invitation code"]);
    expect(await referrerOf(someone.id)).toBeNull();

    const done = (await claim(someone.cookie, {
      code: await referralCodeOf(handle.db, friend.id),
    })) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/member/referral?claimed=1");
    expect(await referrerOf(someone.id)).toBe(friend.id);
    const again = await claim(someone.cookie, { code: own });
    expect((await jsonBody(again)).result.error.code).toEqual([
      "You have already named the friend who invited you.",
    ]);
  });

  test("a visitor, a cross-site post and a filled honeypot change nothing", async () => {
    const someone = await member();
    const code = await referralCodeOf(handle.db, (await member()).id);
    const visitor = await thrownResponse(claim(null, { code }));
    expect(visitor.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    const crossSite = await thrownResponse(
      claim(someone.cookie, { code }, { Origin: "https://evil.example" }),
    );
    expect(crossSite.status).toBe(403);
    const bot = await thrownResponse(claim(someone.cookie, { code, name__confirm: "bot" }));
    expect(bot.status).toBe(400);
    expect(await referrerOf(someone.id)).toBeNull();
  });
});

describe("/resources/referral-qr", () => {
  test("draws the member's link at 200 px, and downloads an 800 px PNG as an attachment", async () => {
    const { loader } = await qrRoute();
    const someone = await member();
    const svg = await loader(
      routeArgs("/resources/referral-qr", { headers: { Cookie: someone.cookie } }),
    );
    expect(svg.status).toBe(200);
    expect(svg.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(await svg.text()).toMatch(/^<svg[^>]*width="200"[^>]*height="200"/);
    const png = await loader(
      routeArgs("/resources/referral-qr?download=1", { headers: { Cookie: someone.cookie } }),
    );
    expect(png.headers.get("Content-Type")).toBe("image/png");
    const code = await referralCodeOf(handle.db, someone.id);
    expect(png.headers.get("Content-Disposition")).toBe(
      `attachment; filename="invite-${code}.png"`,
    );
    const bytes = Buffer.from(await png.arrayBuffer());
    // The PNG header's width and height (IHDR).
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([800, 800]);
    const visitor = await thrownResponse(loader(routeArgs("/resources/referral-qr")));
    expect(visitor.status).toBe(302);
  });
});

describe("registration through an invitation link", () => {
  const form = (username: string, referralCode: string) => ({
    intent: "register",
    username,
    password: "Lantern-Quay-58",
    confirmPassword: "Lantern-Quay-58",
    terms: "on",
    referralCode,
  });

  test("?ref= with a member's code fills the referral field; an agent's old ?ref= still fills the affiliate field", async () => {
    const { loader } = await registerRoute();
    const code = await referralCodeOf(handle.db, (await member()).id);
    const data = await jsonBody(await loader(routeArgs(`/register?ref=${code}`)));
    expect(data.register).toMatchObject({
      referralCode: code,
      affiliateCode: null,
      referral: true,
    });
    const old = await jsonBody(await loader(routeArgs("/register?ref=LUCKY1")));
    expect(old.register).toMatchObject({ referralCode: null, affiliateCode: "LUCKY1" });
  });

  test("a member's code records the referrer; an unknown one is the referral field's error and creates nobody", async () => {
    const { action } = await registerRoute();
    const referrer = await member();
    const code = await referralCodeOf(handle.db, referrer.id);
    const bad = (await action(formPost("/register", form("refbad01", "NOSUCH77")))) as Response;
    expect(bad.status).toBe(400);
    expect((await jsonBody(bad)).result.error.referralCode).toEqual(["Invalid invitation code"]);
    const nobody = await handle.db
      .selectFrom("members")
      .select("id")
      .where("account", "=", "refbad01")
      .executeTakeFirst();
    expect(nobody).toBeUndefined();

    const done = (await action(formPost("/register", form("refgood01", code)))) as Response;
    expect(done.status).toBe(302);
    const friend = await handle.db
      .selectFrom("members")
      .select("id")
      .where("account", "=", "refgood01")
      .executeTakeFirstOrThrow();
    expect(await referrerOf(friend.id)).toBe(referrer.id);
  });
});

describe("/ops/referrals", () => {
  async function heldReward() {
    const [referrer, friend] = [await insertMember(handle.db), await insertMember(handle.db)];
    await insertHeldReferral(handle.db, referrer, friend);
    return { referrer, friend };
  }

  const decide = async (cookie: string, fields: Record<string, string>) => {
    const { action } = await opsRoute();
    return action(formPost("/ops/referrals", fields, { Cookie: cookie }));
  };

  test("only an operator sees or decides; approve pays once, audited; a second decision is refused", async () => {
    const { loader } = await opsRoute();
    const someone = await member();
    const refused = await thrownResponse(
      decide(someone.cookie, { intent: "approve", friendId: "1" }),
    );
    expect(refused.status).toBe(302);

    const cookie = await opsCookie(handle.db);
    const { referrer, friend } = await heldReward();
    const listed = await jsonBody(
      await loader(routeArgs("/ops/referrals", { headers: { Cookie: cookie } })),
    );
    expect(listed.rows[0]).toMatchObject({ friendId: friend, status: "held" });

    const approved = (await decide(cookie, { intent: "approve", friendId: friend })) as Response;
    expect(approved.headers.get("Location")).toBe("/ops/referrals?done=approve");
    const again = (await decide(cookie, { intent: "reject", friendId: friend })) as Response;
    expect(again.status).toBe(409);
    expect((await jsonBody(again)).result.error[""]).toEqual([
      "This reward is no longer waiting for a decision.",
    ]);
    const main = await handle.db
      .selectFrom("accounts")
      .select("balance")
      .where("member_id", "=", referrer)
      .where("kind", "=", "MAIN")
      .executeTakeFirstOrThrow();
    expect(main.balance).toBe("10000");
    const bad = (await decide(cookie, { intent: "pay-twice", friendId: friend })) as Response;
    expect(bad.status).toBe(400);
  });

  test("reject pays nothing", async () => {
    const cookie = await opsCookie(handle.db);
    const { referrer, friend } = await heldReward();
    const rejected = (await decide(cookie, { intent: "reject", friendId: friend })) as Response;
    expect(rejected.headers.get("Location")).toBe("/ops/referrals?done=reject");
    const accounts = await handle.db
      .selectFrom("accounts")
      .select("balance")
      .where("member_id", "=", referrer)
      .execute();
    expect(accounts.every((account) => account.balance === "0")).toBe(true);
  });
});

describe("the REFERRAL promotion's rules in /ops/promotions", () => {
  test("a referral promotion saves its valid-bet minimum and IP window; a wrong claim mode is a field error", async () => {
    const cookie = await opsCookie(handle.db);
    const { action } = await import("~/routes/ops+/promotions.new");
    const form = (changes: Record<string, string>) => ({
      intent: "save",
      code: `route-referral-${process.pid}`,
      category: "other",
      kind: "referral",
      claimMode: "automatic",
      "titles.en": "Invite",
      startsAt: "2025-03-01T10:00",
      period: "once",
      rewardFixed: "50.00",
      minDeposit: "100",
      referralMinValidBet: "250.50",
      referralIpWindowHours: "12",
      ...changes,
    });
    const refused = await action(
      formPost("/ops/promotions/new", form({ claimMode: "join_claim" }), { Cookie: cookie }),
    );
    expect(refused.status).toBe(400);
    expect((await jsonBody(refused)).result.error.claimMode).toBeDefined();
    const saved = (await action(
      formPost("/ops/promotions/new", form({}), { Cookie: cookie }),
    )) as Response;
    expect(saved.status).toBe(302);
    const row = await handle.db
      .selectFrom("promotions")
      .select(["kind", "reward_fixed", "referral_min_valid_bet", "referral_ip_window_hours"])
      .where("code", "=", `route-referral-${process.pid}`)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      kind: "referral",
      reward_fixed: "5000",
      referral_min_valid_bet: "25050",
      referral_ip_window_hours: 12,
    });
  });
});

describe("the menus", () => {
  test("follow the live REFERRAL promotion, not the REFERRAL3 flag", async () => {
    const { loader } = await layoutRoute();
    const on = await jsonBody(await loader(routeArgs("/")));
    expect(on.referralEnabled).toBe(true);
    // Through the operator's API: the layout reads promotions from a cache that the API empties.
    const act = await operatorAct(handle.db);
    const { id } = await handle.db
      .selectFrom("promotions")
      .select("id")
      .where("code", "=", "invite-friends")
      .executeTakeFirstOrThrow();
    await setPromotionStatus(handle.db, id, "closed", act);
    try {
      const off = await jsonBody(await loader(routeArgs("/")));
      expect(off.referralEnabled).toBe(false);
      const { loader: pageLoader } = await referralRoute();
      const someone = await member();
      const page = await jsonBody(
        await pageLoader(routeArgs("/member/referral", { headers: { Cookie: someone.cookie } })),
      );
      expect(page.program).toBeNull();
    } finally {
      await setPromotionStatus(handle.db, id, "published", act);
    }
  });
});
