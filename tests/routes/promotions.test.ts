import { describe, expect, test } from "vitest";
import { useSeededDatabase } from "../helpers/database";
import { operatorAct, publishedPromotion } from "../helpers/rewards";
import {
  formPost,
  jsonBody,
  routeArgs,
  signedInNewMember,
  thrownResponse,
} from "../helpers/routes";

/**
 * Issue 14's promotion actions on /promotions and /member/rewards with real
 * Requests: who may act, cross-site posts, bad and foreign input, a double
 * click, and an application's comment and images.
 */

const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const promotionsRoute = () => import("~/routes/_portal+/promotions");
const rewardsRoute = () => import("~/routes/_portal+/member+/rewards");

const member = (type?: number) => signedInNewMember(handle.db, type);

async function promotion(overrides = {}) {
  const act = await operatorAct(handle.db);
  const id = await publishedPromotion(handle.db, act, overrides);
  const row = await handle.db
    .selectFrom("promotions")
    .select("code")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return { id, code: row.code };
}

const entryOf = (memberId: string, promotionId: string) =>
  handle.db
    .selectFrom("promotion_entries")
    .select(["state", "comment"])
    .where("member_id", "=", memberId)
    .where("promotion_id", "=", promotionId)
    .execute();

const post = async (
  path: "/promotions" | "/member/rewards",
  cookie: string | null,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) => {
  const { action } = path === "/promotions" ? await promotionsRoute() : await rewardsRoute();
  return action(formPost(path, fields, { ...(cookie ? { Cookie: cookie } : {}), ...headers }));
};

describe("promotion actions", () => {
  test("a visitor is sent to log in, a trial account to the real-account notice; nothing is joined", async () => {
    const { id, code } = await promotion();
    const fields = { intent: "join", promotionId: id, promotion: code };
    const visitor = await thrownResponse(post("/promotions", null, fields));
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Fpromotions");
    const trial = await member(4);
    const refused = await thrownResponse(post("/promotions", trial.cookie, fields));
    expect(refused.headers.get("Location")).toBe("/?modal=real-account");
    expect(await entryOf(trial.id, id)).toEqual([]);
  });

  test("a post from another site is refused before anything is read", async () => {
    const { id, code } = await promotion();
    const someone = await member();
    const response = await thrownResponse(
      post(
        "/promotions",
        someone.cookie,
        { intent: "join", promotionId: id, promotion: code },
        { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      ),
    );
    expect(response.status).toBe(403);
    expect(await entryOf(someone.id, id)).toEqual([]);
  });

  test("join, then a double click: one entry, redirected to the promotion with what was done", async () => {
    const { id, code } = await promotion();
    const someone = await member();
    const fields = { intent: "join", promotionId: id, promotion: code };
    for (let click = 0; click < 2; click++) {
      const response = await post("/promotions", someone.cookie, fields);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/promotions?promotion=${code}&done=join`);
    }
    expect(await entryOf(someone.id, id)).toEqual([{ state: "joined", comment: null }]);
  });

  test("an unknown promotion is a 404 on its card; a malformed form a 400; a claim with nothing to claim a translated refusal", async () => {
    const someone = await member();
    const unknown = await post("/member/rewards", someone.cookie, {
      intent: "claim",
      promotionId: "999999999",
      promotion: "no-such-promotion",
    });
    expect(unknown.status).toBe(404);
    expect(await jsonBody(unknown)).toMatchObject({
      promotionId: "999999999",
      error: "This promotion does not exist.",
    });
    const malformed = await post("/member/rewards", someone.cookie, {
      intent: "steal",
      promotionId: "1; drop table promotions",
      promotion: "x",
    });
    expect(malformed.status).toBe(400);
    const { id, code } = await promotion();
    const early = await post("/member/rewards", someone.cookie, {
      intent: "claim",
      promotionId: id,
      promotion: code,
    });
    expect(early.status).toBe(409);
    expect((await jsonBody(early)).error).toMatch(/\S/);
  });

  test("the pages: a visitor sees Join on /promotions; an unknown ?promotion is a 404; the reward centre lists the member's", async () => {
    const { code } = await promotion();
    const { loader } = await promotionsRoute();
    const visitorView = await jsonBody(loader(routeArgs(`/promotions?promotion=${code}`)));
    const card = visitorView.promotions.find((item: { code: string }) => item.code === code);
    expect(card).toMatchObject({ state: "join" });
    expect(visitorView.opened).toBe(code);
    expect(visitorView.signedIn).toBe(false);
    const missing = await thrownResponse(loader(routeArgs("/promotions?promotion=nope-nope")));
    expect(missing.status).toBe(404);

    const someone = await member();
    const rewards = await rewardsRoute();
    const centre = await jsonBody(
      rewards.loader(
        routeArgs(`/member/rewards?promotion=${code}`, { headers: { Cookie: someone.cookie } }),
      ),
    );
    expect(centre.tab).toBe("available");
    expect(centre.opened).toBe(code);
    const gone = await jsonBody(
      rewards.loader(
        routeArgs("/member/rewards?promotion=cricket-final", {
          headers: { Cookie: someone.cookie },
        }),
      ),
    );
    // Closed lately: still shown, on its own, as closed.
    expect(gone).toMatchObject({
      missing: false,
      linked: { code: "cricket-final", state: "close" },
    });
    const unknown = await jsonBody(
      rewards.loader(
        routeArgs("/member/rewards?promotion=no-such-one", { headers: { Cookie: someone.cookie } }),
      ),
    );
    expect(unknown).toMatchObject({ missing: true, linked: null, opened: null });
  });
});

describe("apply", () => {
  const PNG = Uint8Array.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1,
    0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89,
  ]);

  const applyPost = (cookie: string, fields: Record<string, string>, files: Blob[] = []) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    for (const file of files) body.append("proofs", file, "proof.png");
    return routeArgs("/member/rewards?promotion=x&apply=1", {
      method: "POST",
      body,
      headers: { Origin: "http://localhost", Cookie: cookie },
    });
  };

  test("a comment over 140 characters and a fourth image are field errors that keep the comment; a good one applies once", async () => {
    const { id, code } = await promotion({
      kind: "apply",
      claimMode: "apply",
      rewardBps: null,
      rewardCap: null,
    });
    const someone = await member();
    const { action } = await rewardsRoute();
    const fields = { intent: "apply", promotionId: id, promotion: code };

    const long = await action(applyPost(someone.cookie, { ...fields, comment: "x".repeat(141) }));
    expect(long.status).toBe(400);
    const longBody = await jsonBody(long);
    expect(longBody.result.error.comment).toEqual(["At most 140 characters."]);
    expect(longBody.result.initialValue.comment).toBe("x".repeat(141));

    const image = new Blob([PNG], { type: "image/png" });
    const four = await action(
      applyPost(someone.cookie, { ...fields, comment: "Please" }, [image, image, image, image]),
    );
    expect(four.status).toBe(400);
    const fourBody = await jsonBody(four);
    expect(fourBody.result.error.proofs?.[0]).toMatch(/3/);
    expect(fourBody.result.initialValue.comment).toBe("Please");

    const text = new Blob([new TextEncoder().encode("not an image")], { type: "image/png" });
    const fake = await action(applyPost(someone.cookie, { ...fields, comment: "Please" }, [text]));
    expect(fake.status).toBe(400);
    expect((await jsonBody(fake)).result.error.proofs?.[0]).toMatch(/\S/);
    expect(await entryOf(someone.id, id)).toEqual([]);

    for (let click = 0; click < 2; click++) {
      const done = await action(
        applyPost(someone.cookie, { ...fields, comment: "My VIP points" }, [image]),
      );
      expect(done.status).toBe(302);
      expect(done.headers.get("Location")).toBe(`/member/rewards?promotion=${code}&done=apply`);
    }
    expect(await entryOf(someone.id, id)).toEqual([
      { state: "applying", comment: "My VIP points" },
    ]);
  });
});
