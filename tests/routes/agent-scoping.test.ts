import { beforeAll, describe, expect, test } from "vitest";
import { decideContract, offerContract } from "~/platform/agency/contracts.server";
import { settleDueContracts } from "~/platform/agency/settlement.server";
import type { ContractKind } from "~/platform/db/schema";
import { insertAgent, insertHouseContract, insertSettledBet } from "../helpers/agency";
import { useSeededDatabase } from "../helpers/database";
import { fundMain } from "../helpers/play";
import { formPost, routeArgs, routeModulesIn, signInAs, signInMember } from "../helpers/routes";
import { formKey, insertMember } from "../helpers/wallet";

/**
 * Scoping of the agent centre, route by route: agent A asks every loader and
 * action of /agentHome for agent B's downline ids, contracts, reports and
 * CSVs, and gets the 404 a missing id gets (or, where a route takes no id,
 * nothing of B's). The table must name every file in app/routes/agentHome+:
 * a new agent route without its cases fails the first test.
 */

const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const ROUTES_DIR = "app/routes/agentHome+";
const sets = { agentTypes: [1, 2, 41, 42], trialTypes: [4] };
const DAY = 86_400_000;
const KINDS: ContractKind[] = ["DIVIDEND", "DAILY", "HOURLY", "REALTIME"];

interface World {
  cookieA: string;
  memberCookie: string;
  a: string;
  subA: string;
  memberA: string;
  b: string;
  subB: string;
  memberB: string;
  deepB: string;
  /** B's accounts: none may appear in anything A is shown. */
  accountsB: string[];
  /** subB's active DAILY contract from B, and B's HOURLY offer to subB. */
  contractB: string;
  offerB: string;
}

const world = {} as World;

const terms: Record<ContractKind, Record<string, number>> = {
  DIVIDEND: { rate: 2_000, minValidBet: 0, minProfitLoss: 0, minActiveMembers: 1 },
  DAILY: { rate: 100, minValidBet: 0 },
  HOURLY: { rate: 50, minValidBet: 0 },
  REALTIME: { profitRate: 20, lossRate: 40, minSingleBet: 0 },
};

beforeAll(async () => {
  const db = handle.db;
  const since = new Date(Date.now() - 3 * DAY);
  world.a = await insertAgent(db, { agentRate: 5_000 });
  world.subA = await insertAgent(db, { parentId: world.a, agentRate: 3_000 });
  world.memberA = await insertMember(db, { parentId: world.a });
  world.b = await insertAgent(db, { agentRate: 5_000 });
  world.subB = await insertAgent(db, { parentId: world.b, agentRate: 3_000 });
  world.memberB = await insertMember(db, { parentId: world.b });
  world.deepB = await insertMember(db, { parentId: world.subB });
  for (const kind of KINDS) {
    await insertHouseContract(db, { memberId: world.a, kind, terms: terms[kind], since });
    await insertHouseContract(db, { memberId: world.b, kind, terms: terms[kind], since });
  }
  const daily = await offerContract(
    db,
    {
      uplineId: world.b,
      downlineId: world.subB,
      kind: "DAILY",
      period: null,
      terms: terms.DAILY,
      confirmReplace: false,
    },
    sets,
    since,
  );
  await decideContract(db, world.subB, daily.id, "accept", since);
  world.contractB = daily.id;
  world.offerB = (
    await offerContract(
      db,
      {
        uplineId: world.b,
        downlineId: world.subB,
        kind: "HOURLY",
        period: null,
        terms: terms.HOURLY,
        confirmReplace: false,
      },
      sets,
    )
  ).id;
  for (const member of [world.memberA, world.memberB, world.deepB]) {
    await fundMain(db, member, 50_000n);
    await insertSettledBet(db, member, {
      stake: 5_000n,
      payout: 1_000n,
      at: new Date(Date.now() - 2 * DAY),
    });
  }
  await fundMain(db, world.a, 50_000n);
  await settleDueContracts(db, "Asia/Karachi");
  const accounts = await db
    .selectFrom("members")
    .select(["id", "account"])
    .where("id", "in", [world.b, world.subB, world.memberB, world.deepB])
    .execute();
  world.accountsB = accounts.map((row) => row.account);
  world.cookieA = (await signInMember(db, world.a, "agent")).cookie;
  world.memberCookie = (await signInAs(db, "player01")).cookie;
});

type Call = () => Promise<unknown>;
interface RouteModule {
  loader?: (args: never) => Promise<unknown>;
  action?: (args: never) => Promise<unknown>;
}

const get =
  (module: RouteModule, url: string, cookie = world.cookieA, params: Record<string, string> = {}) =>
  () =>
    module.loader!({ ...routeArgs(url, { headers: { Cookie: cookie } }), params } as never);
const post = (module: RouteModule, url: string, fields: Record<string, string>) => () =>
  module.action!(formPost(url, fields, { Cookie: world.cookieA }) as never);

/** The response of a call, whether the route returned or threw it. */
async function settle(call: Call): Promise<Response> {
  try {
    const result = await call();
    if (result instanceof Response) return result;
    throw new Error(`expected a Response, got ${typeof result}`);
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

async function expectNotFound(call: Call) {
  expect((await settle(call)).status).toBe(404);
}

/** A 200 that names none of B's accounts (a page or a CSV). */
async function expectNothingOfB(call: Call) {
  const response = await settle(call);
  expect(response.status).toBe(200);
  const body = await response.text();
  for (const account of world.accountsB) expect(body).not.toContain(account);
  return body;
}

/** The four reports that take a member id: B's member, B's deep member and a missing id are all 404. */
function reportProbes(load: () => Promise<RouteModule>, path: string) {
  return async () => {
    const route = await load();
    for (const id of [world.memberB, world.deepB, world.subB, "999999999"])
      await expectNotFound(get(route, `${path}?memberId=${id}`));
    const body = await expectNothingOfB(get(route, `${path}?from=2000-01-01`));
    // The page's own team is there: the probe can tell scoping from an empty answer.
    expect(body.length).toBeGreaterThan(0);
  };
}

/** The contract pages: every decision on B's contract or offer, and an offer to B's downline, is 404; the records hold nothing of B's. */
function contractProbes(load: () => Promise<RouteModule>, path: string) {
  return async () => {
    const route = await load();
    for (const intent of ["accept", "reject", "terminate", "withdraw"]) {
      for (const contractId of [world.contractB, world.offerB])
        await expectNotFound(post(route, path, { intent, contractId }));
    }
    for (const downlineId of [world.subB, world.memberB, world.deepB]) {
      await expectNotFound(
        post(route, path, {
          intent: "offer",
          downlineId,
          period: "D",
          rate: "0.10",
          profitRate: "0.10",
          lossRate: "0.10",
          minValidBet: "0",
          minProfitLoss: "0",
          minActiveMembers: "0",
          minSingleBet: "0",
        }),
      );
    }
    await expectNothingOfB(get(route, `${path}?scope=team&from=2000-01-01`));
  };
}

function csvProbes(load: () => Promise<RouteModule>, path: string, takesMemberId: boolean) {
  return async () => {
    const route = await load();
    if (takesMemberId)
      for (const id of [world.memberB, world.deepB])
        await expectNotFound(get(route, `${path}?memberId=${id}`));
    await expectNothingOfB(get(route, `${path}?scope=team&from=2000-01-01`));
  };
}

const CASES: Record<string, () => Promise<void>> = {
  "_layout.tsx": async () => {
    const route = await import("~/routes/agentHome+/_layout");
    const response = await settle(get(route, "/agentHome", world.memberCookie));
    expect([response.status, response.headers.get("Location")]).toEqual([302, "/agent"]);
    await expectNothingOfB(get(route, "/agentHome"));
  },
  "$.tsx": async () => {
    const route = await import("~/routes/agentHome+/$");
    await expectNotFound(
      get(route, `/agentHome/members/${world.memberB}`, world.cookieA, {
        "*": `members/${world.memberB}`,
      }),
    );
  },
  "index.tsx": async () => {
    const route = await import("~/routes/agentHome+/index");
    const body = JSON.parse(await expectNothingOfB(get(route, "/agentHome?from=2000-01-01")));
    expect(body.totals.teamSize).toBe(2);
  },
  "announcements.tsx": async () => {
    await expectNothingOfB(
      get(await import("~/routes/agentHome+/announcements"), "/agentHome/announcements"),
    );
  },
  "messages.tsx": async () => {
    const route = await import("~/routes/agentHome+/messages");
    await handle.db
      .insertInto("member_messages")
      .values(
        [world.a, world.b].map((memberId) => ({
          member_id: memberId,
          kind: "deposit_arrived",
          params: "{}",
        })),
      )
      .execute();
    await expectNothingOfB(get(route, "/agentHome/messages"));
    await settle(post(route, "/agentHome/messages", { intent: "mark-read", memberId: world.b }));
    const unreadB = await handle.db
      .selectFrom("member_messages")
      .select("id")
      .where("member_id", "=", world.b)
      .where("read_at", "is", null)
      .execute();
    expect(unreadB).toHaveLength(1);
  },
  "register.tsx": async () => {
    const route = await import("~/routes/agentHome+/register");
    const account = `scope${Date.now().toString(36)}`.slice(0, 14);
    // An upline id slipped into the form changes nothing: the new member hangs under the session's agent.
    await settle(
      post(route, "/agentHome/register", {
        kind: "member",
        username: account,
        password: "Lantern-Quay-58",
        confirmPassword: "Lantern-Quay-58",
        parentId: world.b,
        parent_id: world.b,
        uplineId: world.b,
      }),
    );
    const created = await handle.db
      .selectFrom("members")
      .select("parent_id")
      .where("account", "=", account)
      .executeTakeFirstOrThrow();
    expect(created.parent_id).toBe(world.a);
  },
  "team.tsx": async () => {
    const route = await import("~/routes/agentHome+/team");
    for (const id of [world.memberB, world.deepB, world.subB, "999999999"]) {
      await expectNotFound(get(route, `/agentHome/team?transfer=${id}`));
      await expectNotFound(
        post(route, "/agentHome/team", {
          intent: "transfer-downline",
          downlineId: id,
          amount: "1.00",
          idempotencyKey: formKey() + formKey(),
        }),
      );
    }
    await expectNothingOfB(get(route, "/agentHome/team?level=all"));
  },
  "team[.csv].tsx": csvProbes(
    () => import("~/routes/agentHome+/team[.csv]"),
    "/agentHome/team.csv",
    false,
  ),
  "team-betting.tsx": reportProbes(
    () => import("~/routes/agentHome+/team-betting"),
    "/agentHome/team-betting",
  ),
  "team-betting[.csv].tsx": csvProbes(
    () => import("~/routes/agentHome+/team-betting[.csv]"),
    "/agentHome/team-betting.csv",
    true,
  ),
  "loss-statements.tsx": reportProbes(
    () => import("~/routes/agentHome+/loss-statements"),
    "/agentHome/loss-statements",
  ),
  "loss-statements[.csv].tsx": csvProbes(
    () => import("~/routes/agentHome+/loss-statements[.csv]"),
    "/agentHome/loss-statements.csv",
    true,
  ),
  "transactions.tsx": reportProbes(
    () => import("~/routes/agentHome+/transactions"),
    "/agentHome/transactions",
  ),
  "transactions[.csv].tsx": csvProbes(
    () => import("~/routes/agentHome+/transactions[.csv]"),
    "/agentHome/transactions.csv",
    true,
  ),
  "income.tsx": async () => {
    await expectNothingOfB(
      get(await import("~/routes/agentHome+/income"), "/agentHome/income?from=2000-01-01"),
    );
  },
  "income[.csv].tsx": csvProbes(
    () => import("~/routes/agentHome+/income[.csv]"),
    "/agentHome/income.csv",
    false,
  ),
  "dividends.tsx": contractProbes(
    () => import("~/routes/agentHome+/dividends"),
    "/agentHome/dividends",
  ),
  "dividends[.csv].tsx": csvProbes(
    () => import("~/routes/agentHome+/dividends[.csv]"),
    "/agentHome/dividends.csv",
    false,
  ),
  "daily-wages.tsx": contractProbes(
    () => import("~/routes/agentHome+/daily-wages"),
    "/agentHome/daily-wages",
  ),
  "daily-wages[.csv].tsx": csvProbes(
    () => import("~/routes/agentHome+/daily-wages[.csv]"),
    "/agentHome/daily-wages.csv",
    false,
  ),
  "hourly-salary.tsx": contractProbes(
    () => import("~/routes/agentHome+/hourly-salary"),
    "/agentHome/hourly-salary",
  ),
  "hourly-salary[.csv].tsx": csvProbes(
    () => import("~/routes/agentHome+/hourly-salary[.csv]"),
    "/agentHome/hourly-salary.csv",
    false,
  ),
  "realtime-salary.tsx": contractProbes(
    () => import("~/routes/agentHome+/realtime-salary"),
    "/agentHome/realtime-salary",
  ),
  "realtime-salary[.csv].tsx": csvProbes(
    () => import("~/routes/agentHome+/realtime-salary[.csv]"),
    "/agentHome/realtime-salary.csv",
    false,
  ),
};

describe("agent centre scoping", () => {
  test("every agent route has its scoping cases", () => {
    const files = routeModulesIn(ROUTES_DIR);
    expect(files).toEqual(Object.keys(CASES).sort());
  });

  test.each(Object.keys(CASES))(
    "%s gives agent A nothing of agent B's team",
    async (file) => {
      await CASES[file]!();
    },
    30_000,
  );

  test("B's own data was there to be refused: B sees its member and its contract", async () => {
    const cookieB = (await signInMember(handle.db, world.b, "agent")).cookie;
    const route = await import("~/routes/agentHome+/team-betting");
    const response = await settle(
      get(route, `/agentHome/team-betting?memberId=${world.deepB}&from=2000-01-01`, cookieB),
    );
    expect(response.status).toBe(200);
    const contracts = await import("~/routes/agentHome+/hourly-salary");
    const withdrawn = await settle(() =>
      contracts.action(
        formPost(
          "/agentHome/hourly-salary",
          { intent: "withdraw", contractId: world.offerB },
          { Cookie: cookieB },
        ) as never,
      ),
    );
    expect(withdrawn.status).toBe(302);
  });
});
