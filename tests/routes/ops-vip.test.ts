import { describe, expect, test } from "vitest";
import { useSeededDatabase } from "../helpers/database";
import { formPost, jsonBody, routeArgs, signInAs, thrownResponse } from "../helpers/routes";
import { opsCookie } from "../helpers/withdrawals";

// The routes' database is this test database (the demo brand's levels 0–4).
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const route = () => import("~/routes/ops+/vip");
const PAGE = "/ops/vip";

/** The demo level 2 (Silver) as its form posts it, with `changes`. */
const silver = (changes: Record<string, string> = {}) => ({
  level: "2",
  nameEn: "Silver",
  nameUr: "چاندی",
  minDeposits: "50000",
  minValidBets: "25000",
  upgradeBonus: "200",
  withdrawDailyCount: "8",
  withdrawMax: "100000",
  "rates.RNG": "0.6",
  "rates.LIVE": "0.3",
  ...changes,
});
const post = (cookie: string | null, fields: Record<string, string>, headers = {}) =>
  route().then(({ action }) =>
    action(formPost(PAGE, fields, { ...(cookie ? { Cookie: cookie } : {}), ...headers })),
  );
const level = (n: number) =>
  handle.db.selectFrom("vip_levels").selectAll().where("level", "=", n).executeTakeFirstOrThrow();

describe("/ops/vip guard", () => {
  test("a visitor and a member go to /ops/login, for the page and the form; nothing changes", async () => {
    const { loader } = await route();
    const member = await signInAs(handle.db, "vipstar");
    for (const cookie of [null, member.cookie]) {
      const page = await thrownResponse(
        loader(routeArgs(PAGE, { headers: cookie ? { Cookie: cookie } : {} })),
      );
      expect(page.headers.get("Location")).toBe("/ops/login");
      const response = await thrownResponse(post(cookie, silver({ upgradeBonus: "1" })));
      expect(response.headers.get("Location")).toBe("/ops/login");
    }
    expect(String((await level(2)).upgrade_bonus)).toBe("20000");
  });

  test("a post from another site is refused", async () => {
    const cookie = await opsCookie(handle.db);
    const response = await thrownResponse(
      post(cookie, silver(), { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" }),
    );
    expect(response.status).toBe(403);
  });
});

describe("/ops/vip", () => {
  test("lists the levels and opens one's form, or the next one's to add it", async () => {
    const { loader } = await route();
    const cookie = await opsCookie(handle.db);
    const data = await jsonBody(
      loader(routeArgs(`${PAGE}?level=2`, { headers: { Cookie: cookie } })),
    );
    expect(data.title).toBe("VIP levels");
    expect(data.levels.map((row: { level: number }) => row.level)).toEqual([0, 1, 2, 3, 4]);
    expect(data.levels[2]).toMatchObject({
      names: { en: "Silver", ur: "چاندی" },
      minDeposits: "5000000",
    });
    expect(data).toMatchObject({ editing: 2, nextLevel: 5, saved: null });
    const next = await jsonBody(
      loader(routeArgs(`${PAGE}?level=5`, { headers: { Cookie: cookie } })),
    );
    expect(next.editing).toBe(5);
    const far = await jsonBody(
      loader(routeArgs(`${PAGE}?level=9`, { headers: { Cookie: cookie } })),
    );
    expect(far.editing).toBeNull();
  });

  test("bad input gets translated field errors and changes nothing: a negative amount, a threshold under the level below, a rate over 100 %, no name", async () => {
    const cookie = await opsCookie(handle.db);
    const cases: Array<[Record<string, string>, string, string]> = [
      [
        { minDeposits: "-5" },
        "minDeposits",
        "Please enter an amount of 0 or more (up to 2 decimals)",
      ],
      [
        { minDeposits: "1000" },
        "minDeposits",
        "Must be at least Rs 20,000.00, the threshold of the level below",
      ],
      [
        { minValidBets: "600000" },
        "minValidBets",
        "Must be at most Rs 100,000.00, the threshold of the level above",
      ],
      [
        { "rates.RNG": "100.5" },
        "rates.RNG",
        "Please enter a rate from 0 to 100 % (up to 2 decimals)",
      ],
      [
        { "rates.LIVE": "-1" },
        "rates.LIVE",
        "Please enter a rate from 0 to 100 % (up to 2 decimals)",
      ],
      [
        { withdrawDailyCount: "0" },
        "withdrawDailyCount",
        "Please enter a whole number from 1 to 1000",
      ],
      [{ nameUr: " " }, "nameUr", "Please enter a name of up to 30 characters"],
    ];
    for (const [changes, field, message] of cases) {
      const response = await post(cookie, silver(changes));
      expect(response.status, field).toBe(400);
      expect((await jsonBody(response)).result.error[field], field).toEqual([message]);
    }
    expect(await level(2)).toMatchObject({ withdraw_daily_count: 8 });
    expect(String((await level(2)).min_deposits)).toBe("5000000");
  });

  test("a save redirects to its note, is audited, and empty limits fall back to the brand's", async () => {
    const { loader } = await route();
    const cookie = await opsCookie(handle.db);
    const response = await post(
      cookie,
      silver({
        upgradeBonus: "250.50",
        withdrawDailyCount: "",
        withdrawMax: "",
        "rates.RNG": "0.75",
      }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/ops/vip?saved=2");
    expect(await level(2)).toMatchObject({ withdraw_daily_count: null, withdraw_max: null });
    expect(String((await level(2)).upgrade_bonus)).toBe("25050");
    const rate = await handle.db
      .selectFrom("vip_rebate_rates")
      .select("rate_bps")
      .where("level", "=", 2)
      .where("category", "=", "RNG")
      .executeTakeFirstOrThrow();
    expect(rate.rate_bps).toBe(75);
    const audit = await handle.db
      .selectFrom("audit_log")
      .select(["event", "staff_role", "target_id", "after"])
      .where("event", "=", "vip_level_saved")
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      staff_role: "admin",
      target_id: "2",
      after: { upgradeBonus: "25050" },
    });
    const data = await jsonBody(
      loader(routeArgs("/ops/vip?saved=2", { headers: { Cookie: cookie } })),
    );
    expect(data.saved).toBe(2);
  });
});
