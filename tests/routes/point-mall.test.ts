import { describe, expect, test } from "vitest";
import { pointsBalance } from "~/platform/rewards/points-ledger.server";
import { useSeededDatabase } from "../helpers/database";
import { pointsMember, WITHDRAW_PASSWORD } from "../helpers/points";
import {
  formPost,
  jsonBody,
  routeArgs,
  signInAs,
  signInMember,
  thrownResponse,
} from "../helpers/routes";
import { formKey, insertMember } from "../helpers/wallet";
import { opsCookie } from "../helpers/withdrawals";

/**
 * /pointMall and /ops/points with real Requests on the seeded demo brand:
 * who may see and post what, bad input answered on the field it is about
 * with nothing moved, and the redirects after a done post.
 */
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const mall = () => import("~/routes/_portal+/pointMall");
const opsConfig = () => import("~/routes/ops+/points._index");
const opsGoods = () => import("~/routes/ops+/points.goods.$itemId");
const opsNewGoods = () => import("~/routes/ops+/points.goods.new");
const opsQueue = () => import("~/routes/ops+/points.redemptions");

const PASSWORD = WITHDRAW_PASSWORD;

async function member(points = 0n) {
  const id = await pointsMember(handle.db, points);
  const { cookie } = await signInMember(handle.db, id);
  return { id, cookie };
}

const itemNamed = async (name: string) =>
  await handle.db
    .selectFrom("mall_items")
    .select(["id", "stock"])
    .where("name", "=", name)
    .executeTakeFirstOrThrow();

/** A redeem form for one of an item, a fresh key, the right password; `changes` on top. */
const redeemFields = (itemId: string, changes: Record<string, string> = {}) => ({
  intent: "redeem",
  itemId,
  quantity: "1",
  withdrawPassword: PASSWORD,
  idempotencyKey: formKey(),
  ...changes,
});

const load = async (url: string, cookie: string | null) => {
  const { loader } = await mall();
  return loader(routeArgs(url, cookie ? { headers: { Cookie: cookie } } : undefined));
};

const post = async (fields: Record<string, string>, cookie: string | null, headers = {}) => {
  const { action } = await mall();
  return action(
    formPost("/pointMall", fields, { ...(cookie ? { Cookie: cookie } : {}), ...headers }),
  );
};

describe("/pointMall for a visitor", () => {
  test("rules, rates and goods are open; the member's areas and every form ask for login", async () => {
    for (const area of ["rules", "rates", "goods"]) {
      const body = await jsonBody(await load(`/pointMall?area=${area}`, null));
      expect(body.view.area).toBe(area);
      expect(body.balance).toBeNull();
    }
    for (const area of ["details", "records"]) {
      const refused = await thrownResponse(load(`/pointMall?area=${area}`, null));
      expect(refused.headers.get("Location")).toBe(
        `/login?redirectTo=${encodeURIComponent(`/pointMall?area=${area}`)}`,
      );
    }
    const mug = await itemNamed("Lucky Harbour mug");
    const refused = await thrownResponse(post(redeemFields(mug.id), null));
    expect(refused.headers.get("Location")).toMatch(/^\/login/);
    expect((await itemNamed("Lucky Harbour mug")).stock).toBe(mug.stock);
  });

  test("the rules say which categories count under each product", async () => {
    const body = await jsonBody(await load("/pointMall?area=rules", null));
    expect(body.view.categories.slots).toEqual(["RNG", "FISH", "MXWIN"]);
    expect(body.view.config.ratios.map((ratio: { product: string }) => ratio.product)).toContain(
      "deposit",
    );
  });
});

describe("/pointMall for a member", () => {
  test("details by default with the balance in the header; an unknown item is a 404", async () => {
    const someone = await member(2_500n);
    const body = await jsonBody(await load("/pointMall", someone.cookie));
    expect(body.view.area).toBe("details");
    expect(body.balance).toBe("2500");
    expect(body.view.records.rows[0]).toMatchObject({ points: "2500", source: "deposit" });
    expect(
      (await thrownResponse(load("/pointMall?area=goods&item=999999", someone.cookie))).status,
    ).toBe(404);
    expect(
      (await thrownResponse(load("/pointMall?area=goods&item=x", someone.cookie))).status,
    ).toBe(404);
  });

  test("redeem: a wrong password, too many, too few points, a filled honeypot and a foreign site move nothing", async () => {
    const someone = await member(2_500n);
    const mug = await itemNamed("Lucky Harbour mug");
    const fields = (overrides: Record<string, string>) => redeemFields(mug.id, overrides);
    const wrong = await post(fields({ withdrawPassword: "Nope9999" }), someone.cookie);
    expect(wrong.status).toBe(400);
    const wrongBody = await jsonBody(wrong);
    expect(wrongBody.result.error.withdrawPassword).toHaveLength(1);
    expect(wrongBody.result.initialValue.withdrawPassword).toBeUndefined();
    const tooMany = await jsonBody(
      post(fields({ quantity: String(mug.stock + 1) }), someone.cookie),
    );
    expect(tooMany.result.error.quantity).toHaveLength(1);
    const poor = await jsonBody(post(fields({ quantity: "2" }), someone.cookie));
    expect(poor.result.error.quantity).toEqual(["You do not have enough points"]);
    const nonsense = await jsonBody(post(fields({ quantity: "-3" }), someone.cookie));
    expect(nonsense.result.error.quantity).toHaveLength(1);
    const expired = await jsonBody(post(fields({ idempotencyKey: "x" }), someone.cookie));
    expect(expired.result.error.idempotencyKey).toHaveLength(1);
    expect(
      (await thrownResponse(post(fields({ name__confirm: "bot" }), someone.cookie))).status,
    ).toBe(400);
    const foreign = await thrownResponse(
      post(fields({}), someone.cookie, {
        Origin: "https://evil.example",
        "Sec-Fetch-Site": "cross-site",
      }),
    );
    expect(foreign.status).toBe(403);
    expect(await pointsBalance(handle.db, someone.id)).toBe(2_500n);
    expect((await itemNamed("Lucky Harbour mug")).stock).toBe(mug.stock);
  });

  test("redeem: done, it redirects to the records; the same form again redeems nothing more", async () => {
    const someone = await member(5_000n);
    const mug = await itemNamed("Lucky Harbour mug");
    const fields = redeemFields(mug.id, { quantity: "2" });
    for (let n = 0; n < 2; n++) {
      const done = (await post(fields, someone.cookie)) as Response;
      expect(done.headers.get("Location")).toBe("/pointMall?area=records&done=process");
    }
    expect(await pointsBalance(handle.db, someone.id)).toBe(1_000n);
    const records = await jsonBody(await load("/pointMall?area=records", someone.cookie));
    expect(records.view.records.rows).toEqual([
      expect.objectContaining({ item: "Lucky Harbour mug", quantity: 2, status: "process" }),
    ]);
  });

  test("redeem: the amount requirement is said on the quantity", async () => {
    const someone = await member(50_000n);
    const earbuds = await itemNamed("Wireless earbuds");
    const body = await jsonBody(post(redeemFields(earbuds.id), someone.cookie));
    expect(body.result.error.quantity[0]).toMatch(/confirmed deposits/);
  });

  test("convert: below the minimum and off the step are refused on the points; then it converts", async () => {
    const someone = await member(3_000n);
    const convert = (points: string, idempotencyKey = formKey()) =>
      post(
        { intent: "convert", points, withdrawPassword: PASSWORD, idempotencyKey },
        someone.cookie,
      );
    expect((await jsonBody(convert("900"))).result.error.points).toEqual([
      "Convert at least 1,000 points",
    ]);
    expect((await jsonBody(convert("1050"))).result.error.points).toEqual([
      "Convert points in steps of 100",
    ]);
    expect((await jsonBody(convert("ten"))).result.error.points).toHaveLength(1);
    expect(await pointsBalance(handle.db, someone.id)).toBe(3_000n);
    const done = (await convert("2000")) as Response;
    expect(done.headers.get("Location")).toBe("/pointMall?area=details&done=converted");
    expect(await pointsBalance(handle.db, someone.id)).toBe(1_000n);
  });

  test("a trial account is sent to the real-account notice", async () => {
    const trial = await insertMember(handle.db, { type: 4 });
    const { cookie } = await signInMember(handle.db, trial);
    const refused = await thrownResponse(
      post(
        {
          intent: "convert",
          points: "1000",
          withdrawPassword: PASSWORD,
          idempotencyKey: formKey(),
        },
        cookie,
      ),
    );
    expect(refused.headers.get("Location")).toContain("modal=real-account");
  });
});

describe("/ops/points", () => {
  const operator = async () => {
    const cookie = await opsCookie(handle.db);
    return {
      cookie,
      post: (path: string, fields: Record<string, string>) =>
        formPost(path, fields, { Cookie: cookie }),
    };
  };

  test("a visitor and a member go to /ops/login, for every page and form", async () => {
    const { cookie } = await signInAs(handle.db, "vipstar");
    for (const headers of [{} as Record<string, string>, { Cookie: cookie }]) {
      for (const load of [opsConfig, opsQueue, opsNewGoods]) {
        const { loader, action } = await load();
        const page = await thrownResponse(loader(routeArgs("/ops/points", { headers })));
        expect(page.headers.get("Location")).toBe("/ops/login");
        const sent = await thrownResponse(action(formPost("/ops/points", {}, headers)));
        expect(sent.headers.get("Location")).toBe("/ops/login");
      }
    }
  });

  test("the config: a step that is not whole is refused on its field; a good one is saved and audited", async () => {
    const { cookie, post: opsPost } = await operator();
    const { action } = await opsConfig();
    const fields = {
      ratio_live: "20",
      ratio_lottery: "50",
      ratio_pvp: "50",
      ratio_slots: "100",
      ratio_sports: "50",
      ratio_deposit: "100",
      ratePoints: "100",
      rateCash: "1.00",
      minPoints: "1000",
      stepPoints: "150",
    };
    const refused = await jsonBody(action(opsPost("/ops/points", fields)));
    expect(refused.result.error.stepPoints).toHaveLength(1);
    const bad = await jsonBody(
      action(opsPost("/ops/points", { ...fields, ratio_live: "-1", stepPoints: "100" })),
    );
    expect(bad.result.error.ratio_live).toHaveLength(1);
    const saved = (await action(
      opsPost("/ops/points", { ...fields, stepPoints: "100", ratio_live: "30" }),
    )) as Response;
    expect(saved.headers.get("Location")).toBe("/ops/points?saved=1");
    const page = await jsonBody(
      (await opsConfig()).loader(routeArgs("/ops/points", { headers: { Cookie: cookie } })),
    );
    expect(page.ratios.find((ratio: { product: string }) => ratio.product === "live").per100).toBe(
      "30",
    );
    const audited = await handle.db
      .selectFrom("audit_log")
      .select("event")
      .where("event", "=", "points_config_saved")
      .orderBy("id")
      .execute();
    expect(audited.length).toBeGreaterThan(0);
  });

  test("goods: bad input is refused on its field, a new item is created, an unknown one is a 404", async () => {
    const { post: opsPost } = await operator();
    const { action } = await opsNewGoods();
    const fields = {
      name: "Test kettle",
      icon: "gift",
      kind: "physical",
      pointsPrice: "700",
      amountRequirement: "0",
      cashValue: "0",
      stock: "4",
      enabled: "on",
    };
    const bad = await jsonBody(
      action(opsPost("/ops/points/goods/new", { ...fields, pointsPrice: "0", icon: "bomb" })),
    );
    expect(bad.result.error.pointsPrice).toHaveLength(1);
    expect(bad.result.error.icon).toHaveLength(1);
    const virtualWithoutCash = await jsonBody(
      action(opsPost("/ops/points/goods/new", { ...fields, kind: "virtual" })),
    );
    expect(virtualWithoutCash.result.error.cashValue).toHaveLength(1);
    const done = (await action(opsPost("/ops/points/goods/new", fields))) as Response;
    expect(done.headers.get("Location")).toBe("/ops/points?saved=goods");
    const kettle = await itemNamed("Test kettle");
    const edit = await opsGoods();
    const args = (id: string) => ({
      ...opsPost(`/ops/points/goods/${id}`, { ...fields, stock: "9" }),
      params: { itemId: id },
    });
    await edit.action(args(kettle.id));
    expect((await itemNamed("Test kettle")).stock).toBe(9);
    expect((await thrownResponse(edit.action(args("999999")))).status).toBe(404);
  });

  test("the queue: reject needs a reason and returns the points; approve then complete; the member is told", async () => {
    const { post: opsPost } = await operator();
    const someone = await member(10_000n);
    const mug = await itemNamed("Lucky Harbour mug");
    const redeem = () => post(redeemFields(mug.id), someone.cookie);
    await redeem();
    await redeem();
    const [first, second] = await handle.db
      .selectFrom("redemptions")
      .select("id")
      .where("member_id", "=", someone.id)
      .orderBy("id")
      .execute();
    const { action } = await opsQueue();
    const decide = (fields: Record<string, string>) =>
      action(opsPost("/ops/points/redemptions", fields));
    const noReason = await decide({ intent: "reject", redemptionId: first!.id });
    expect(noReason.status).toBe(400);
    expect((await jsonBody(noReason)).result.error.reason).toHaveLength(1);
    expect(
      (
        (await decide({ intent: "reject", redemptionId: first!.id, reason: "Broken" })) as Response
      ).headers.get("Location"),
    ).toBe("/ops/points/redemptions?done=reject");
    expect(await pointsBalance(handle.db, someone.id)).toBe(10_000n - 2_000n);
    const early = await decide({ intent: "complete", redemptionId: second!.id });
    expect(early.status).toBe(409);
    await decide({ intent: "approve", redemptionId: second!.id });
    await decide({ intent: "complete", redemptionId: second!.id });
    expect(
      (await thrownResponse(decide({ intent: "approve", redemptionId: "999999" }))).status,
    ).toBe(404);
    const records = await jsonBody(await load("/pointMall?area=records", someone.cookie));
    expect(records.view.records.rows.map((row: { status: string }) => row.status)).toEqual([
      "complete",
      "rejected",
    ]);
    const messages = await handle.db
      .selectFrom("member_messages")
      .select("kind")
      .where("member_id", "=", someone.id)
      .orderBy("id")
      .execute();
    expect(messages.map((row) => row.kind)).toEqual([
      "redemption_rejected",
      "redemption_approved",
      "redemption_complete",
    ]);
  });
});
