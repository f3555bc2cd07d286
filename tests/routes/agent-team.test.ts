import { describe, expect, test } from "vitest";
import { findMemberByAccount } from "~/platform/identity/members.server";
import { hashPassword } from "~/platform/identity/secrets.server";
import { mainBalance } from "~/platform/wallet/balance.server";
import { insertAgent } from "../helpers/agency";
import { useSeededDatabase } from "../helpers/database";
import { fundMain } from "../helpers/play";
import { formPost, jsonBody, routeArgs, signInMember, thrownResponse } from "../helpers/routes";
import { formKey, insertMember } from "../helpers/wallet";

// The routes' database is this test database.
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const registerRoute = () => import("~/routes/agentHome+/register");
const teamRoute = () => import("~/routes/agentHome+/team");
const csvRoute = () => import("~/routes/agentHome+/team[.csv]");

let counter = 0;
const uniqueName = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`.slice(0, 16);

/** Two separate teams: agent A (rate 40 %, funded) with a sub-agent, a member and a deep member; agent B with a member. */
async function teams() {
  const a = await insertAgent(handle.db, { agentRate: 4000 });
  const subA = await insertAgent(handle.db, { parentId: a, agentRate: 2000 });
  const memberA = await insertMember(handle.db, { parentId: a });
  const deepA = await insertMember(handle.db, { parentId: subA });
  const b = await insertAgent(handle.db, { agentRate: 4000 });
  const memberB = await insertMember(handle.db, { parentId: b });
  await fundMain(handle.db, a, 100_000n);
  const cookieA = (await signInMember(handle.db, a, "agent")).cookie;
  return { a, subA, memberA, deepA, b, memberB, cookieA };
}

const get = (url: string, cookie: string) => routeArgs(url, { headers: { Cookie: cookie } });
const post = (url: string, cookie: string, fields: Record<string, string>) =>
  formPost(url, fields, { Cookie: cookie });
const balance = (id: string) => mainBalance(handle.db, { id });

describe("/agentHome/register", () => {
  test("the loader shows the agent's own rate as the maximum and the field rules as hints", async () => {
    const { cookieA } = await teams();
    const { loader } = await registerRoute();
    const data = await jsonBody(loader(get("/agentHome/register", cookieA)));
    expect(data.title).toBe("Register account");
    expect(data.hints.ownRate).toBe("40.00 %");
    expect(data.hints.username).toBeTruthy();
  });

  test("bad input is a 400 with translated errors next to each field, the input kept and the passwords not", async () => {
    const { cookieA } = await teams();
    const { action } = await registerRoute();
    const response = (await action(
      post("/agentHome/register", cookieA, {
        kind: "agent",
        username: "x",
        password: "Lantern-Quay-58",
        confirmPassword: "Other123",
        nickname: "Nick",
        rate: "1.234",
      }),
    )) as Response;
    expect(response.status).toBe(400);
    const { result } = await response.json();
    expect(result.error.username[0]).toMatch(/\d/);
    expect(result.error.confirmPassword).toEqual(["Inconsistent twice"]);
    expect(result.error.rate).toEqual([
      "Enter a rate in percent, with at most 2 decimals, from 0 to 100.",
    ]);
    expect(result.initialValue).toMatchObject({
      kind: "agent",
      username: "x",
      nickname: "Nick",
      rate: "1.234",
    });
    expect(result.initialValue.password).toBeUndefined();
    expect(result.initialValue.confirmPassword).toBeUndefined();
  });

  test("a rate above the agent's own is refused on the rate field; an equal one registers a sub-agent under the session's agent", async () => {
    const { a, cookieA } = await teams();
    const { action } = await registerRoute();
    const fields = {
      kind: "agent",
      username: uniqueName("subagent"),
      password: "Lantern-Quay-58",
      confirmPassword: "Lantern-Quay-58",
    };
    const above = (await action(
      post("/agentHome/register", cookieA, { ...fields, rate: "40.01" }),
    )) as Response;
    expect(above.status).toBe(400);
    expect((await above.json()).result.error.rate).toEqual([
      "The rate may not be above your own rate (40.00 %).",
    ]);

    const response = await thrownOrReturned(
      action(post("/agentHome/register", cookieA, { ...fields, rate: "40" })),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/agentHome/team?registered=${fields.username}`);
    const created = await findMemberByAccount(handle.db, fields.username);
    expect(created).toMatchObject({ parent_id: a, type: 2, agent_rate: 4000 });
  });

  test("a member ignores the rate; a taken account is an error on the username; a cross-site post is refused", async () => {
    const { a, cookieA } = await teams();
    const { action } = await registerRoute();
    const fields = {
      kind: "member",
      username: uniqueName("member"),
      password: "Lantern-Quay-58",
      confirmPassword: "Lantern-Quay-58",
      rate: "nonsense",
    };
    const response = await thrownOrReturned(action(post("/agentHome/register", cookieA, fields)));
    expect(response.status).toBe(302);
    expect(await findMemberByAccount(handle.db, fields.username)).toMatchObject({
      parent_id: a,
      type: 0,
      agent_rate: null,
    });

    const again = (await action(post("/agentHome/register", cookieA, fields))) as Response;
    expect(again.status).toBe(400);
    expect((await again.json()).result.error.username).toEqual([
      "This username is already registered",
    ]);

    const crossSite = await thrownResponse(
      action(
        formPost(
          "/agentHome/register",
          { ...fields, username: uniqueName("x") },
          { Cookie: cookieA, Origin: "https://evil.example" },
        ),
      ),
    );
    expect(crossSite.status).toBe(403);
  });
});

/** What an action resolved or threw as a Response (redirects are returned by our actions). */
async function thrownOrReturned(result: Promise<unknown>): Promise<Response> {
  try {
    return (await result) as Response;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

describe("/agentHome/team", () => {
  test("lists the agent's own downline only, with search, level and totals; the CSV holds the same rows", async () => {
    const { subA, memberA, deepA, memberB, cookieA } = await teams();
    await fundMain(handle.db, memberA, 250n);
    const { loader } = await teamRoute();
    const data = await jsonBody(loader(get("/agentHome/team", cookieA)));
    const ids = data.team.rows.map((row: { id: string }) => row.id);
    expect(ids.sort()).toEqual([subA, memberA, deepA].sort());
    expect(ids).not.toContain(memberB);
    expect(data.team.totals.balance).toBe("250");
    expect(data.balance).toBe("100000");
    expect(data.upline).toBeNull();

    const direct = await jsonBody(loader(get("/agentHome/team?level=direct", cookieA)));
    expect(direct.team.rows.map((row: { id: string }) => row.id).sort()).toEqual(
      [subA, memberA].sort(),
    );

    const memberAccount = (
      await handle.db
        .selectFrom("members")
        .select("account")
        .where("id", "=", memberA)
        .executeTakeFirstOrThrow()
    ).account;
    const searched = await jsonBody(
      loader(get(`/agentHome/team?search=${memberAccount.toUpperCase()}`, cookieA)),
    );
    expect(searched.team.rows.map((row: { id: string }) => row.id)).toEqual([memberA]);

    const { loader: csv } = await csvRoute();
    const file = await csv(get("/agentHome/team.csv?level=direct", cookieA));
    expect(file.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const lines = (await file.text()).trim().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('"Account"');
    expect(lines.join("\n")).toContain(`"${memberAccount}"`);
    expect(lines.join("\n")).toContain('"2.50"');
  });

  test("?transfer= opens the dialog for a direct downline only: a deeper, foreign, missing or malformed id is a 404", async () => {
    const { memberA, deepA, memberB, cookieA } = await teams();
    const { loader } = await teamRoute();
    const data = await jsonBody(loader(get(`/agentHome/team?transfer=${memberA}`, cookieA)));
    expect(data.transfer).toMatchObject({ id: memberA, balance: "0", disabled: false });
    for (const id of [deepA, memberB, "999999999", "abc"]) {
      const response = await thrownResponse(loader(get(`/agentHome/team?transfer=${id}`, cookieA)));
      expect(response.status).toBe(404);
    }
  });

  test("a transfer moves money once per form key and returns with a confirmation; a foreign downline id is a 404", async () => {
    const { a, memberA, deepA, memberB, cookieA } = await teams();
    const { action, loader } = await teamRoute();
    const key = formKey();
    const fields = {
      intent: "transfer-downline",
      downlineId: memberA,
      amount: "12.50",
      idempotencyKey: key,
    };
    const first = await thrownOrReturned(
      action(post(`/agentHome/team?level=direct&transfer=${memberA}`, cookieA, fields)),
    );
    expect(first.status).toBe(302);
    const location = first.headers.get("Location")!;
    expect(location).toMatch(/^\/agentHome\/team\?level=direct&done=\d+$/);
    const again = await thrownOrReturned(
      action(post(`/agentHome/team?transfer=${memberA}`, cookieA, fields)),
    );
    expect(again.headers.get("Location")).toBe(
      `/agentHome/team?done=${location.split("done=")[1]}`,
    );
    expect(await balance(a)).toBe("98750");
    expect(await balance(memberA)).toBe("1250");
    const page = await jsonBody(loader(get(location, cookieA)));
    expect(page.notice).toMatch(/transferred to w/);

    for (const id of [memberB, deepA, "999999999", ""]) {
      const response = await thrownResponse(
        action(
          post("/agentHome/team", cookieA, {
            ...fields,
            downlineId: id,
            idempotencyKey: formKey(),
          }),
        ),
      );
      expect(response.status).toBe(404);
    }
    expect(await balance(memberB)).toBe("0");
    expect(await balance(a)).toBe("98750");
  });

  test("a bad or too large amount is a 400 with the translated error on the amount, the amount kept", async () => {
    const { memberA, cookieA } = await teams();
    const { action } = await teamRoute();
    const fields = { intent: "transfer-downline", downlineId: memberA, idempotencyKey: formKey() };
    const bad = (await action(
      post(`/agentHome/team?transfer=${memberA}`, cookieA, { ...fields, amount: "abc" }),
    )) as Response;
    expect(bad.status).toBe(400);
    const badBody = await bad.json();
    expect(badBody.intent).toBe("transfer-downline");
    expect(badBody.result.error.amount).toEqual(["Please enter a valid amount (up to 2 decimals)"]);
    expect(badBody.result.initialValue.amount).toBe("abc");

    const tooMuch = (await action(
      post(`/agentHome/team?transfer=${memberA}`, cookieA, { ...fields, amount: "5000" }),
    )) as Response;
    expect(tooMuch.status).toBe(400);
    const body = await tooMuch.json();
    expect(body.result.error.amount).toEqual(["Insufficient balance"]);
    expect(body.result.initialValue.amount).toBe("5000");
    expect(await balance(memberA)).toBe("0");
  });

  test("a sub-agent transfers to its upline from the same page", async () => {
    const { a, subA } = await teams();
    await fundMain(handle.db, subA, 1_000n);
    // Money out asks for the withdraw password, on the agent's upline form too.
    await handle.db
      .updateTable("members")
      .set({ withdraw_password_hash: await hashPassword("246810") })
      .where("id", "=", subA)
      .execute();
    const cookie = (await signInMember(handle.db, subA, "agent")).cookie;
    const { action, loader } = await teamRoute();
    const data = await jsonBody(loader(get("/agentHome/team", cookie)));
    expect(data.upline).toBeTruthy();
    const before = BigInt(await balance(a));
    const response = await thrownOrReturned(
      action(
        post("/agentHome/team", cookie, {
          intent: "transfer-upline",
          amount: "4",
          withdrawPassword: "246810",
          idempotencyKey: formKey(),
        }),
      ),
    );
    expect(response.headers.get("Location")).toMatch(/^\/agentHome\/team\?uplineDone=\d+$/);
    expect(BigInt(await balance(a)) - before).toBe(400n);
    expect(await balance(subA)).toBe("600");
  });

  test("a member is sent to /agent from the page, the action and the CSV", async () => {
    const member = await insertMember(handle.db);
    const cookie = (await signInMember(handle.db, member)).cookie;
    const { loader, action } = await teamRoute();
    const { loader: csv } = await csvRoute();
    for (const attempt of [
      loader(get("/agentHome/team", cookie)),
      action(
        post("/agentHome/team", cookie, {
          intent: "transfer-downline",
          downlineId: member,
          amount: "1",
          idempotencyKey: formKey(),
        }),
      ),
      csv(get("/agentHome/team.csv", cookie)),
    ]) {
      expect((await thrownResponse(attempt)).headers.get("Location")).toBe("/agent");
    }
  });
});
