import { describe, expect, test } from "vitest";
import { insertAgent, insertHouseContract } from "../helpers/agency";
import { useSeededDatabase } from "../helpers/database";
import { formPost, jsonBody, routeArgs, signInAs, thrownResponse } from "../helpers/routes";
import { insertMember } from "../helpers/wallet";
import { opsCookie } from "../helpers/withdrawals";

// The routes' database is this test database.
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const route = () => import("~/routes/ops+/agents");
const URL_BASE = "/ops/agents";

const post = (cookie: string | null, fields: Record<string, string>, url = URL_BASE) =>
  formPost(url, fields, cookie ? { Cookie: cookie } : {});
const get = (cookie: string, url: string) => routeArgs(url, { headers: { Cookie: cookie } });
const rateOf = async (id: string) =>
  (
    await handle.db
      .selectFrom("members")
      .select("agent_rate")
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
  ).agent_rate;
const accountOf = async (id: string) =>
  (
    await handle.db
      .selectFrom("members")
      .select("account")
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
  ).account;
const houseContracts = (id: string) =>
  handle.db
    .selectFrom("contracts")
    .select(["id", "kind", "terms", "status", "ended_by"])
    .where("downline_id", "=", id)
    .where("upline_id", "is", null)
    .orderBy("id")
    .execute();

describe("/ops/agents guard", () => {
  test("a visitor, a member and an agent go to /ops/login for the page and for every intent; nothing changes", async () => {
    const { loader, action } = await route();
    const top = await insertAgent(handle.db, { agentRate: 4000 });
    const member = await signInAs(handle.db, "player01");
    const agent = await signInAs(handle.db, "agent01");
    for (const cookie of [null, member.cookie, agent.cookie]) {
      const page = await thrownResponse(
        loader(routeArgs(URL_BASE, { headers: cookie ? { Cookie: cookie } : {} })),
      );
      expect(page.headers.get("Location")).toBe("/ops/login");
      const attempts: Record<string, string>[] = [
        { intent: "rate", agentId: top, agentRate: "10" },
        { intent: "grant", agentId: top, kind: "DAILY", rate: "1", minValidBet: "0" },
      ];
      for (const fields of attempts) {
        const response = await thrownResponse(action(post(cookie, fields)));
        expect(response.headers.get("Location")).toBe("/ops/login");
      }
    }
    expect(await rateOf(top)).toBe(4000);
    expect(await houseContracts(top)).toEqual([]);
    // Another site's post is a 403 even for an operator.
    const cross = await thrownResponse(
      action(
        formPost(
          URL_BASE,
          { intent: "rate", agentId: top, agentRate: "10" },
          { Cookie: await opsCookie(handle.db), Origin: "https://evil.example" },
        ),
      ),
    );
    expect(cross.status).toBe(403);
  });
});

describe("/ops/agents", () => {
  test("lists top agents with rate and house contracts, searchable; ?agent= opens one; a sub-agent, member or junk id is a 404", async () => {
    const { loader } = await route();
    const cookie = await opsCookie(handle.db);
    const top = await insertAgent(handle.db, { agentRate: 4000 });
    const sub = await insertAgent(handle.db, { parentId: top, agentRate: 1500 });
    await insertHouseContract(handle.db, {
      memberId: top,
      kind: "HOURLY",
      terms: { rate: 30, minValidBet: 0 },
    });
    const account = await accountOf(top);
    const data = await jsonBody(loader(get(cookie, `${URL_BASE}?q=${account}`)));
    expect(data.agents.map((row: { id: string }) => row.id)).toEqual([top]);
    expect(data.agents[0]).toMatchObject({
      account,
      agentRate: 4000,
      contracts: [{ kind: "HOURLY", terms: { rate: 30, minValidBet: 0 } }],
    });
    const all = await jsonBody(loader(get(cookie, URL_BASE)));
    expect(all.agents.map((row: { account: string }) => row.account)).toContain("agent01");
    expect(all.agents.map((row: { account: string }) => row.account)).not.toContain("agent02");
    const opened = await jsonBody(loader(get(cookie, `${URL_BASE}?agent=${top}&kind=DIVIDEND`)));
    expect(opened.agent).toMatchObject({ id: top, downlineRate: 1500 });
    expect(opened.kind).toBe("DIVIDEND");
    const player = await insertMember(handle.db, {});
    for (const id of [sub, player, "99999999", "x'1"]) {
      expect(
        (await thrownResponse(loader(get(cookie, `${URL_BASE}?agent=${encodeURIComponent(id)}`))))
          .status,
      ).toBe(404);
    }
  });

  test("rate: saved and redirected with ?done=; bad input and a rate below the downline's are 400 with the input kept", async () => {
    const { action } = await route();
    const cookie = await opsCookie(handle.db);
    const top = await insertAgent(handle.db, { agentRate: 4000 });
    await insertAgent(handle.db, { parentId: top, agentRate: 2000 });
    const done = await action(post(cookie, { intent: "rate", agentId: top, agentRate: "35.5" }));
    expect((done as Response).status).toBe(302);
    expect((done as Response).headers.get("Location")).toBe(`/ops/agents?agent=${top}&done=rate`);
    expect(await rateOf(top)).toBe(3550);
    const bad = (await action(
      post(cookie, { intent: "rate", agentId: top, agentRate: "12.345" }),
    )) as Response;
    expect(bad.status).toBe(400);
    const badBody = await bad.json();
    expect(badBody.result.initialValue.agentRate).toBe("12.345");
    expect(badBody.result.error.agentRate).toEqual([
      "Enter a percentage from 0 to 100 with at most two decimals.",
    ]);
    const below = (await action(
      post(cookie, { intent: "rate", agentId: top, agentRate: "19.99" }),
    )) as Response;
    expect(below.status).toBe(400);
    const belowBody = await below.json();
    expect(belowBody.result.error[""]).toEqual([
      "The rate may not be below 20.00 %, the rate of one of its downline agents.",
    ]);
    expect(belowBody.result.initialValue.agentRate).toBe("19.99");
    expect(await rateOf(top)).toBe(3550);
  });

  test("grant replaces the house contract of the kind; a rate above the agent's is 400; end terminates it", async () => {
    const { action } = await route();
    const cookie = await opsCookie(handle.db);
    const top = await insertAgent(handle.db, { agentRate: 4000 });
    const old = await insertHouseContract(handle.db, {
      memberId: top,
      kind: "DAILY",
      terms: { rate: 100, minValidBet: 0 },
    });
    const granted = (await action(
      post(cookie, {
        intent: "grant",
        agentId: top,
        kind: "DAILY",
        rate: "1.00",
        minValidBet: "50",
      }),
    )) as Response;
    expect(granted.headers.get("Location")).toBe(
      `/ops/agents?agent=${top}&kind=DAILY&done=granted`,
    );
    const rows = await houseContracts(top);
    expect(rows.map((row) => [row.id === old, row.status, row.ended_by])).toEqual([
      [true, "terminated", "upline"],
      [false, "active", null],
    ]);
    expect(rows[1]?.terms).toEqual({ rate: 100, minValidBet: 5000 });

    const over = (await action(
      post(cookie, {
        intent: "grant",
        agentId: top,
        kind: "DAILY",
        rate: "40.01",
        minValidBet: "",
      }),
    )) as Response;
    expect(over.status).toBe(400);
    const overBody = await over.json();
    expect(overBody.result.error[""]).toEqual([
      "The contract's rates may not exceed the agent's own rate, 40.00 %.",
    ]);
    expect(overBody.result.initialValue.rate).toBe("40.01");
    const noPeriod = (await action(
      post(cookie, { intent: "grant", agentId: top, kind: "DIVIDEND", rate: "1" }),
    )) as Response;
    expect(noPeriod.status).toBe(400);
    expect((await noPeriod.json()).result.error.period).toBeTruthy();
    const badKind = (await action(
      post(cookie, { intent: "grant", agentId: top, kind: "NOPE", rate: "1" }),
    )) as Response;
    expect(badKind.status).toBe(400);
    const dividend = (await action(
      post(cookie, {
        intent: "grant",
        agentId: top,
        kind: "DIVIDEND",
        period: "M",
        rate: "30",
        minActiveMembers: "3",
      }),
    )) as Response;
    expect(dividend.status).toBe(302);
    expect(
      (await houseContracts(top)).filter((row) => row.status === "active").map((row) => row.kind),
    ).toEqual(["DAILY", "DIVIDEND"]);

    const active = rows[1]!.id;
    const ended = (await action(
      post(cookie, { intent: "end", agentId: top, contractId: active }),
    )) as Response;
    expect(ended.headers.get("Location")).toBe(`/ops/agents?agent=${top}&done=ended`);
    expect((await houseContracts(top)).find((row) => row.id === active)).toMatchObject({
      status: "terminated",
      ended_by: "upline",
    });
  });

  test("ids that are not a top agent's (or its house contract's) are a 404, and nothing changes", async () => {
    const { action } = await route();
    const cookie = await opsCookie(handle.db);
    const top = await insertAgent(handle.db, { agentRate: 4000 });
    const sub = await insertAgent(handle.db, { parentId: top, agentRate: 1000 });
    const other = await insertAgent(handle.db, { agentRate: 4000 });
    const othersContract = await insertHouseContract(handle.db, {
      memberId: other,
      kind: "DAILY",
      terms: { rate: 10, minValidBet: 0 },
    });
    const player = await insertMember(handle.db, {});
    for (const id of [sub, player, "123456789012", "abc"]) {
      const attempts: Record<string, string>[] = [
        { intent: "rate", agentId: id, agentRate: "10" },
        { intent: "grant", agentId: id, kind: "DAILY", rate: "1" },
        { intent: "end", agentId: id, contractId: othersContract },
      ];
      for (const fields of attempts) {
        expect((await thrownResponse(action(post(cookie, fields)))).status).toBe(404);
      }
    }
    // Another top agent's contract through this agent's page.
    expect(
      (
        await thrownResponse(
          action(post(cookie, { intent: "end", agentId: top, contractId: othersContract })),
        )
      ).status,
    ).toBe(404);
    expect(await rateOf(sub)).toBe(1000);
    expect((await houseContracts(other))[0]?.status).toBe("active");
    expect(await houseContracts(sub)).toEqual([]);
  });
});
