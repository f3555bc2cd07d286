import { describe, expect, test } from "vitest";
import { applyForPromotion } from "~/platform/rewards/promotion-actions.server";
import { useSeededDatabase } from "../helpers/database";
import { operatorAct, publishedPromotion } from "../helpers/rewards";
import { formPost, jsonBody, routeArgs, signInAs, thrownResponse } from "../helpers/routes";
import { insertMember } from "../helpers/wallet";
import { opsCookie, TINY_PNG } from "../helpers/withdrawals";

// The routes' database is this test database (the demo brand, ops01, the seeded promotions).
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const list = () => import("~/routes/ops+/promotions._index");
const create = () => import("~/routes/ops+/promotions.new");
const edit = () => import("~/routes/ops+/promotions.$promotionId");
const applications = () => import("~/routes/ops+/promotions.applications");
const grants = () => import("~/routes/ops+/promotions.grants");
const proof = () => import("~/routes/resources+/promotion-proofs.$proofId");

let serial = 0;
/** A valid new promotion as its form posts it (the brand's decimals, percent, wall clock), with `changes`. */
const promotionForm = (changes: Record<string, string> = {}) => ({
  intent: "save",
  code: `route-${process.pid}-${++serial}`,
  category: "deposit",
  kind: "first_deposit",
  claimMode: "join_claim",
  "titles.en": "Route match",
  "titles.ur": "روٹ میچ",
  "rulesHtml.en": "<p>Play</p><script>alert(1)</script>",
  "rulesHtml.ur": "",
  showsFrom: "",
  startsAt: "2025-03-01T10:00",
  endsAt: "2025-04-01T10:00",
  period: "once",
  vipMin: "0",
  minDeposits: "0",
  rewardFixed: "",
  rewardBps: "50",
  rewardCap: "500.00",
  minDeposit: "100",
  turnoverMultiple: "10",
  turnoverBase: "bonus",
  contributionDefault: "100",
  "contributions.LIVE": "10",
  maxBetRule: "refuse",
  withdrawalRule: "forfeit",
  sort: "0",
  ...changes,
});

const headers = (cookie: string | null, extra: Record<string, string> = {}) => ({
  ...(cookie ? { Cookie: cookie } : {}),
  ...extra,
});
const withParams = <T extends object>(args: T, params: Record<string, string>) => ({
  ...args,
  params,
});
const promotionByCode = (code: string) =>
  handle.db.selectFrom("promotions").selectAll().where("code", "=", code).executeTakeFirst();

describe("/ops/promotions guard", () => {
  test("a visitor and a member go to /ops/login, for every page and form; nothing is created", async () => {
    const member = await signInAs(handle.db, "vipstar");
    const form = promotionForm();
    for (const cookie of [null, member.cookie]) {
      for (const load of [list, create, applications, grants]) {
        const { loader } = await load();
        const page = await thrownResponse(
          loader(routeArgs("/ops/promotions", { headers: headers(cookie) })),
        );
        expect(page.headers.get("Location")).toBe("/ops/login");
      }
      const { action } = await create();
      const post = await thrownResponse(
        action(formPost("/ops/promotions/new", form, headers(cookie))),
      );
      expect(post.headers.get("Location")).toBe("/ops/login");
    }
    expect(await promotionByCode(form.code)).toBeUndefined();
  });

  test("a post from another site is refused", async () => {
    const cookie = await opsCookie(handle.db);
    const { action } = await create();
    const response = await thrownResponse(
      action(
        formPost(
          "/ops/promotions/new",
          promotionForm(),
          headers(cookie, { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" }),
        ),
      ),
    );
    expect(response.status).toBe(403);
  });
});

describe("/ops/promotions form", () => {
  test("bad input gets translated field errors next to its field and the typed values back; nothing is saved", async () => {
    const cookie = await opsCookie(handle.db);
    const { action } = await create();
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ rewardBps: "-5" }, "rewardBps", "The value is too small."],
      [{ endsAt: "2025-02-01T10:00" }, "endsAt", "The end must be after the start."],
      [{ rewardCap: "" }, "rewardCap", "A percentage needs a maximum amount."],
      [{ category: "casino" }, "category", "Please choose one of the options."],
      [{ "titles.en": "", "titles.ur": "" }, "titles", "Enter a title in at least one language."],
      [{ rewardFixed: "-1" }, "rewardFixed", "The amount must be above zero."],
    ];
    for (const [changes, field, message] of cases) {
      const form = promotionForm(changes);
      const response = await action(formPost("/ops/promotions/new", form, headers(cookie)));
      expect(response.status, field).toBe(400);
      const body = await jsonBody(response);
      expect(body.result.error[field], field).toContain(message);
      expect(body.result.initialValue.code).toBe(form.code);
      expect(body.result.initialValue.startsAt).toBe("2025-03-01T10:00");
      if (changes.rewardBps) expect(body.result.initialValue.rewardBps).toBe("-5");
      expect(await promotionByCode(form.code)).toBeUndefined();
    }
  });

  test("a preview validates and answers the member's card, and saves nothing", async () => {
    const cookie = await opsCookie(handle.db);
    const { action } = await create();
    const form = promotionForm({
      intent: "preview",
      rewardBps: "",
      rewardCap: "",
      rewardFixed: "25",
    });
    const response = await action(formPost("/ops/promotions/new", form, headers(cookie)));
    expect(response.status).toBe(200);
    const body = await jsonBody(response);
    expect(body.preview).toMatchObject({
      code: form.code,
      title: "Route match",
      category: "deposit",
      amount: "2500",
      startsAt: "2025-03-01T05:00:00.000Z",
      state: "join",
    });
    expect(body.preview.rulesHtml).not.toContain("<script");
    expect(await promotionByCode(form.code)).toBeUndefined();
  });

  test("a save creates a draft in the brand's time zone, audited, and opens its edit page; publish and close follow the platform", async () => {
    const cookie = await opsCookie(handle.db);
    const form = promotionForm();
    const { action } = await create();
    const response = await action(formPost("/ops/promotions/new", form, headers(cookie)));
    expect(response.status).toBe(302);
    const saved = await promotionByCode(form.code);
    expect(saved).toMatchObject({ status: "draft", reward_bps: 5000, turnover_multiple: 1000 });
    expect(String(saved!.reward_cap)).toBe("50000");
    expect(new Date(saved!.starts_at).toISOString()).toBe("2025-03-01T05:00:00.000Z");
    expect(saved!.contributions).toEqual({ LIVE: 10 });
    expect(response.headers.get("Location")).toBe(`/ops/promotions/${saved!.id}?note=created`);
    const audit = await handle.db
      .selectFrom("audit_log")
      .selectAll()
      .where("event", "=", "promotion_created")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit)).toContain(form.code);

    // The edit page shows the saved values as the form holds them.
    const page = await edit();
    const data = await jsonBody(
      page.loader(
        withParams(routeArgs(`/ops/promotions/${saved!.id}`, { headers: headers(cookie) }), {
          promotionId: saved!.id,
        }),
      ),
    );
    expect(data.values).toMatchObject({
      rewardBps: "50.00",
      rewardCap: "500.00",
      startsAt: "2025-03-01T10:00",
      turnoverMultiple: "10.00",
      "contributions.LIVE": "10",
    });
    expect(data.status).toBe("draft");

    const status = (to: string) =>
      page.action(
        withParams(
          formPost(
            `/ops/promotions/${saved!.id}`,
            { intent: "status", status: to },
            headers(cookie),
          ),
          { promotionId: saved!.id },
        ),
      );
    const published = await status("published");
    expect(published.headers.get("Location")).toBe(`/ops/promotions/${saved!.id}?note=published`);
    expect((await promotionByCode(form.code))!.status).toBe("published");
    await status("closed");
    expect((await promotionByCode(form.code))!.status).toBe("closed");
    // The list shows it under its status filter.
    const listed = await jsonBody(
      (await list()).loader(
        routeArgs("/ops/promotions?status=closed", { headers: headers(cookie) }),
      ),
    );
    expect(listed.promotions.map((row: { code: string }) => row.code)).toContain(form.code);
    expect(listed.promotions.every((row: { status: string }) => row.status === "closed")).toBe(
      true,
    );

    // Unknown ids are 404s.
    const missing = await thrownResponse(
      page.loader(
        withParams(routeArgs("/ops/promotions/999999", { headers: headers(cookie) }), {
          promotionId: "999999",
        }),
      ),
    );
    expect(missing.status).toBe(404);
  });
});

/** A member applying for a new apply-for promotion (10× turnover): the entry's and proof's ids. */
async function application() {
  const act = await operatorAct(handle.db);
  const promotionId = await publishedPromotion(handle.db, act, {
    kind: "apply",
    claimMode: "apply",
    rewardBps: null,
    rewardCap: null,
    turnoverMultiple: 1000,
  });
  const memberId = await insertMember(handle.db);
  await applyForPromotion(handle.db, {
    memberId,
    promotionId,
    comment: "Proof attached",
    proofs: [{ contentType: "image/png", bytes: TINY_PNG }],
  });
  const entry = await handle.db
    .selectFrom("promotion_entries")
    .select("id")
    .where("member_id", "=", memberId)
    .executeTakeFirstOrThrow();
  const proofRow = await handle.db
    .selectFrom("promotion_proofs")
    .select("id")
    .where("entry_id", "=", entry.id)
    .executeTakeFirstOrThrow();
  return { memberId, promotionId, entryId: entry.id, proofId: proofRow.id };
}

const messagesOf = (memberId: string) =>
  handle.db.selectFrom("member_messages").selectAll().where("member_id", "=", memberId).execute();

describe("/ops/promotions/applications", () => {
  test("approve with an amount issues the bonus and tells the member; a replay changes nothing", async () => {
    const cookie = await opsCookie(handle.db);
    const applied = await application();
    const { loader, action } = await applications();
    const queue = await jsonBody(
      loader(routeArgs("/ops/promotions/applications?page=99", { headers: headers(cookie) })),
    );
    expect(queue.total).toBeGreaterThan(0);

    const post = (fields: Record<string, string>) =>
      action(formPost("/ops/promotions/applications", fields, headers(cookie)));
    const bad = await post({ intent: "approve", entryId: applied.entryId, amount: "0" });
    expect(bad.status).toBe(400);
    expect((await jsonBody(bad)).result.error.amount).toEqual([
      "Please enter an amount above zero (up to 2 decimals).",
    ]);
    const fields = { intent: "approve", entryId: applied.entryId, amount: "12.50" };
    const done = await post(fields);
    expect(done.headers.get("Location")).toBe("/ops/promotions/applications?done=approve");
    expect((await post(fields)).status).toBe(302);
    const grantRows = await handle.db
      .selectFrom("bonus_grants")
      .selectAll()
      .where("member_id", "=", applied.memberId)
      .execute();
    expect(grantRows).toHaveLength(1);
    expect(String(grantRows[0]!.amount)).toBe("1250");
    expect((await messagesOf(applied.memberId)).map((m) => m.kind)).toEqual([
      "application_approved",
    ]);
    const after = await jsonBody(
      loader(routeArgs("/ops/promotions/applications", { headers: headers(cookie) })),
    );
    expect(
      after.applications.some((row: { entryId: string }) => row.entryId === applied.entryId),
    ).toBe(false);

    // Forfeit the bonus from the issued bonuses: the box must be ticked.
    const grantsRoute = await grants();
    const listed = await jsonBody(
      grantsRoute.loader(
        routeArgs(`/ops/promotions/grants?status=wagering&promotion=${applied.promotionId}`, {
          headers: headers(cookie),
        }),
      ),
    );
    expect(listed.grants).toHaveLength(1);
    expect(listed.grants[0]).toMatchObject({ amount: "1250", required: "12500", done: "0" });
    const forfeit = (extra: Record<string, string>) =>
      grantsRoute.action(
        formPost(
          "/ops/promotions/grants",
          { intent: "forfeit", grantId: grantRows[0]!.id, page: "1", ...extra },
          headers(cookie),
        ),
      );
    const unconfirmed = await forfeit({});
    expect(unconfirmed.status).toBe(400);
    expect((await jsonBody(unconfirmed)).result.error.confirm).toEqual([
      "Tick the box to confirm.",
    ]);
    const forfeited = await forfeit({ confirm: "on", status: "wagering" });
    expect(forfeited.headers.get("Location")).toBe(
      "/ops/promotions/grants?status=wagering&done=forfeit",
    );
    const grant = await handle.db
      .selectFrom("bonus_grants")
      .select("status")
      .where("id", "=", grantRows[0]!.id)
      .executeTakeFirstOrThrow();
    expect(grant.status).toBe("forfeited");
    expect((await forfeit({ confirm: "on" })).status).toBe(409);
  });

  test("reject needs a reason of up to 200 characters, which reaches the member's messages", async () => {
    const cookie = await opsCookie(handle.db);
    const applied = await application();
    const { action } = await applications();
    const post = (fields: Record<string, string>) =>
      action(formPost("/ops/promotions/applications", fields, headers(cookie)));
    for (const reason of ["", "x".repeat(201)]) {
      const bad = await post({ intent: "reject", entryId: applied.entryId, reason });
      expect(bad.status).toBe(400);
      expect((await jsonBody(bad)).result.error.reason).toEqual([
        "Please give a reason of up to 200 characters.",
      ]);
    }
    const done = await post({ intent: "reject", entryId: applied.entryId, reason: "Blurry proof" });
    expect(done.headers.get("Location")).toBe("/ops/promotions/applications?done=reject");
    const messages = await messagesOf(applied.memberId);
    expect(messages.map((m) => m.kind)).toEqual(["application_rejected"]);
    expect(JSON.stringify(messages[0])).toContain("Blurry proof");
    // Approving it now is refused with the platform's translated message.
    const late = await post({ intent: "approve", entryId: applied.entryId, amount: "5" });
    expect(late.status).toBe(409);
    expect((await jsonBody(late)).result.error[""]).toEqual([
      "This is not possible in the promotion's current state.",
    ]);
  });

  test("an unknown entry, or one of a promotion that is not applied for, is a 404", async () => {
    const cookie = await opsCookie(handle.db);
    const act = await operatorAct(handle.db);
    const joinId = await publishedPromotion(handle.db, act);
    const memberId = await insertMember(handle.db);
    const { joinPromotion } = await import("~/platform/rewards/promotion-actions.server");
    await joinPromotion(handle.db, { memberId, promotionId: joinId });
    const foreign = await handle.db
      .selectFrom("promotion_entries")
      .select("id")
      .where("member_id", "=", memberId)
      .executeTakeFirstOrThrow();
    const { action } = await applications();
    for (const entryId of ["987654321", foreign.id]) {
      const response = await thrownResponse(
        action(
          formPost(
            "/ops/promotions/applications",
            { intent: "reject", entryId, reason: "No" },
            headers(cookie),
          ),
        ),
      );
      expect(response.status).toBe(404);
    }
  });

  test("a proof image is served to a signed-in operator only, with its stored type", async () => {
    const applied = await application();
    const { loader } = await proof();
    const get = async (cookie: string | null) =>
      (await loader(
        withParams(
          routeArgs(`/resources/promotion-proofs/${applied.proofId}`, { headers: headers(cookie) }),
          { proofId: applied.proofId },
        ),
      )) as Response;
    const operator = await get(await opsCookie(handle.db));
    expect(operator.status).toBe(200);
    expect(operator.headers.get("Content-Type")).toBe("image/png");
    expect(operator.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(operator.headers.get("Cache-Control")).toBe("private, no-store");
    expect(new Uint8Array(await operator.arrayBuffer())).toEqual(new Uint8Array(TINY_PNG));
    const member = await signInAs(handle.db, "vipstar");
    for (const cookie of [null, member.cookie]) expect((await get(cookie)).status).toBe(404);
  });
});
