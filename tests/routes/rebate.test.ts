import { describe, expect, test } from "vitest";
import { mainBalance } from "~/platform/wallet/balance.server";
import { insertSettledBet } from "../helpers/agency";
import { useSeededDatabase } from "../helpers/database";
import {
  formPost,
  jsonBody,
  routeArgs,
  signInAs,
  signInMember,
  thrownResponse,
} from "../helpers/routes";
import { formKey, insertMember } from "../helpers/wallet";

// The routes' database is this test database (the demo brand: level 0 pays 0.20 % on slots).
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const route = () => import("~/routes/_portal+/member+/rebate");
const PAGE = "/member/rebate";

/** A fresh member of its own, signed in, with a settled slot bet of `validBet` an hour ago. */
async function player(validBet: bigint, type = 0) {
  const id = await insertMember(handle.db, { type });
  if (validBet > 0n)
    await insertSettledBet(handle.db, id, {
      stake: validBet,
      payout: 0n,
      at: new Date(Date.now() - 3_600_000),
    });
  const { cookie } = await signInMember(handle.db, id);
  return { id, cookie };
}

const page = (cookie: string, query = "") =>
  jsonBody(
    route().then(({ loader }) =>
      loader(routeArgs(`${PAGE}${query}`, { headers: { Cookie: cookie } })),
    ),
  );
const claim = async (cookie: string | null, fields: Record<string, string>, headers = {}) =>
  (await route()).action(
    formPost(PAGE, fields, { ...(cookie ? { Cookie: cookie } : {}), ...headers }),
  );
const claimFields = (data: { formKey: string; quote: { cutOff: string } }) => ({
  idempotencyKey: data.formKey,
  cutOff: data.quote.cutOff,
});
const balance = async (id: string) => mainBalance(handle.db, { id });

describe("/member/rebate guards", () => {
  test("a visitor goes to log in and a trial account to the real-account notice, from the loader and the action", async () => {
    const { loader } = await route();
    const visitor = await thrownResponse(loader(routeArgs(PAGE)));
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Fmember%2Frebate");
    const fields = { idempotencyKey: formKey(), cutOff: new Date().toISOString() };
    expect((await thrownResponse(claim(null, fields))).headers.get("Location")).toBe(
      "/login?redirectTo=%2Fmember%2Frebate",
    );

    const trial = await player(100_000n, 4);
    expect(
      (
        await thrownResponse(loader(routeArgs(PAGE, { headers: { Cookie: trial.cookie } })))
      ).headers.get("Location"),
    ).toBe("/?modal=real-account");
    expect((await thrownResponse(claim(trial.cookie, fields))).headers.get("Location")).toBe(
      "/?modal=real-account",
    );
    expect(await balance(trial.id)).toBe("0");
  });

  test("a post from another site is refused before anything is read", async () => {
    const member = await player(100_000n);
    const data = await page(member.cookie);
    const response = await thrownResponse(
      claim(member.cookie, claimFields(data), {
        Origin: "https://evil.example",
        "Sec-Fetch-Site": "cross-site",
      }),
    );
    expect(response.status).toBe(403);
    expect(await balance(member.id)).toBe("0");
  });
});

describe("/member/rebate", () => {
  test("shows the level, the claimable rebate per category and a form with a key and the cut-off", async () => {
    const member = await player(100_000n);
    const data = await page(member.cookie);
    expect(data.title).toBe("Manual rebate");
    expect(data.level).toEqual({ level: 0, name: "Member" });
    expect(data.quote.lines).toContainEqual({
      category: "RNG",
      validBet: "100000",
      rateBps: 20,
      amount: "200",
    });
    expect(data.quote).toMatchObject({
      amount: "200",
      minimum: "100",
      since: null,
      nextClaimAt: null,
    });
    expect(data.formKey).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(data.records).toMatchObject({ total: 0 });
  });

  test("a claim redirects to a translated note, pays once, and a second claim within the minute is refused", async () => {
    const member = await player(100_000n);
    const data = await page(member.cookie);
    const response = await claim(member.cookie, claimFields(data));
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/member\/rebate\?claimed=\d+$/);
    // The same form again (a double submit, a reload of the POST) lands on the same claim.
    expect((await claim(member.cookie, claimFields(data))).headers.get("Location")).toBe(location);
    expect(await balance(member.id)).toBe("200");

    const after = await page(member.cookie, location.slice(PAGE.length));
    expect(after.claimed).toBe("A rebate of Rs 2.00 has been credited to your main wallet.");
    expect(after.records).toMatchObject({
      total: 1,
      totals: { amount: "200", validBet: "100000" },
    });
    expect(after.quote.nextClaimAt).not.toBeNull();

    const again = await claim(member.cookie, claimFields(after));
    expect(again.status).toBe(400);
    const body = await jsonBody(again);
    expect(body.result.error[""][0]).toMatch(
      /^You can claim a rebate once a minute\. Please try again in \d+ s\.$/,
    );
    expect(await balance(member.id)).toBe("200");

    // Another member's claim id shows no note.
    const stranger = await player(0n);
    expect((await page(stranger.cookie, location.slice(PAGE.length))).claimed).toBeNull();
  });

  test("below the minimum: a 400 with the minimum in the brand's currency, in the member's language", async () => {
    const member = await player(49_999n);
    const data = await page(member.cookie);
    expect(data.quote.amount).toBe("99");
    const body = await jsonBody(claim(member.cookie, claimFields(data)));
    expect(body.result.error[""]).toEqual([
      "Your rebate must reach Rs 1.00 before you can claim it.",
    ]);
    const ur = await jsonBody(
      (await route()).action(
        formPost(`${PAGE}?lng=ur`, claimFields(data), { Cookie: member.cookie }),
      ),
    );
    expect(ur.result.error[""][0]).toContain("Rs 1.00");
    expect(ur.result.error[""][0]).toMatch(/[\u0600-\u06FF]/);
  });

  test("a stale or altered form (no key, a bad cut-off) is a 400 asking to reload, and pays nothing", async () => {
    const member = await player(100_000n);
    const stale: Record<string, string>[] = [
      { cutOff: new Date().toISOString() },
      { idempotencyKey: formKey(), cutOff: "yesterday" },
      { idempotencyKey: "short", cutOff: new Date().toISOString() },
    ];
    for (const fields of stale) {
      const response = await claim(member.cookie, fields);
      expect(response.status).toBe(400);
      expect((await jsonBody(response)).result.error[""]).toEqual([
        "This page has expired. Please reload it and claim again.",
      ]);
    }
    expect(await balance(member.id)).toBe("0");
  });
});

describe("the header's VIP label", () => {
  test("names the level in the reader's language (vipLabelName)", async () => {
    const { loader } = await import("~/routes/_portal+/_layout");
    const { cookie } = await signInAs(handle.db, "vipstar");
    const en = await jsonBody(loader(routeArgs("/", { headers: { Cookie: cookie } })));
    expect(en.viewer).toMatchObject({ hasVip: true, vipRankLevel: 3, vipLabelName: "Gold" });
    const ur = await jsonBody(loader(routeArgs("/?lng=ur", { headers: { Cookie: cookie } })));
    expect(ur.viewer.vipLabelName).toBe("سونا");
  });
});
