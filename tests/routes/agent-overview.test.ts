import { createRemixStub } from "@remix-run/testing";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { teamOverview } from "~/platform/agency/overview.server";
import { addDays, parseDateRange } from "~/platform/calendar/date-range";
import { postMessage } from "~/platform/content/messages.server";
import { I18nProvider, LabelSourceProvider, type LabelSource } from "~/utils/i18n";
import en from "../../locales/en/common.json";
import { useSeededDatabase } from "../helpers/database";
import {
  formPost,
  jsonBody,
  quietServerRenderWarnings,
  routeArgs,
  signInAs,
  thrownResponse,
} from "../helpers/routes";

/**
 * The agent centre's shell and overview pages: the layout's menu (from the
 * seed's contracts), the team overview, announcements and platform messages.
 * None of these take an id from the URL or the form: everything is the
 * session's agent's own.
 */

const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const layout = () => import("~/routes/agentHome+/_layout");
const overview = () => import("~/routes/agentHome+/index");
const announcements = () => import("~/routes/agentHome+/announcements");
const messages = () => import("~/routes/agentHome+/messages");

const asAgent = async (account: string) => signInAs(handle.db, account, "agent");
const get = (url: string, cookie: string) => routeArgs(url, { headers: { Cookie: cookie } });
const TIME_ZONE = "Asia/Karachi";

describe("the agent centre layout", () => {
  test("agent01 holds all four house contracts: every menu item, no offer badge", async () => {
    const { loader } = await layout();
    const data = await jsonBody(loader(get("/agentHome", (await asAgent("agent01")).cookie)));
    expect(data.menu.map((item: { key: string }) => item.key)).toEqual([
      "deposit",
      "withdraw",
      "announcements",
      "overview",
      "register",
      "team",
      "teamBetting",
      "lossStatements",
      "income",
      "transactions",
      "dividends",
      "dailyWages",
      "hourlySalary",
      "realtimeSalary",
      "messages",
      "security",
      "customerService",
    ]);
    expect(data.menu.some((item: { offerWaiting: boolean }) => item.offerWaiting)).toBe(false);
  });

  test("agent02: dividend and daily wages held, hourly salary offered (badge), no real-time salary", async () => {
    const { loader } = await layout();
    const data = await jsonBody(loader(get("/agentHome", (await asAgent("agent02")).cookie)));
    const items = data.menu as Array<{ key: string; offerWaiting: boolean }>;
    const contractItems = items.filter((item) =>
      ["dividends", "dailyWages", "hourlySalary", "realtimeSalary"].includes(item.key),
    );
    expect(contractItems).toEqual([
      { key: "dividends", href: "/agentHome/dividends", offerWaiting: false },
      { key: "dailyWages", href: "/agentHome/daily-wages", offerWaiting: false },
      { key: "hourlySalary", href: "/agentHome/hourly-salary", offerWaiting: true },
    ]);
  });
});

describe("/agentHome team overview", () => {
  test("a member or a visitor goes to /agent", async () => {
    const { loader } = await overview();
    const member = await thrownResponse(
      loader(get("/agentHome", (await signInAs(handle.db, "player01")).cookie)),
    );
    expect(member.status).toBe(302);
    expect(member.headers.get("Location")).toBe("/agent");
    const visitor = await thrownResponse(loader(routeArgs("/agentHome")));
    expect(visitor.headers.get("Location")).toBe("/agent");
  });

  test("the agent sees its own team's figures for the window it asked for", async () => {
    const { loader } = await overview();
    const { member, cookie } = await asAgent("agent01");
    const range = parseDateRange({}, TIME_ZONE);
    const data = await jsonBody(
      loader(get(`/agentHome?from=${range.from}&to=${range.to}`, cookie)),
    );
    const expected = await teamOverview(
      handle.db,
      member.id,
      { from: range.fromStart, to: range.toEnd },
      TIME_ZONE,
    );
    expect(data.range).toEqual({ from: range.from, to: range.to, today: range.today });
    expect(data.totals).toEqual(expected.totals);
    expect(data.days).toEqual(expected.days);
    expect(data.agent).toEqual({ balance: expected.agent.balance, agentRate: 5000 });
    // The seed gives agent01 a team with bets in the last week.
    expect(data.totals.teamSize).toBeGreaterThanOrEqual(7);
    expect(data.totals.betCount).toBeGreaterThan(0);
    expect(data.days).toHaveLength(7);
  });

  test("a sub-agent's figures are its own branch: smaller than its upline's, never the other way round", async () => {
    const { loader } = await overview();
    const { today } = parseDateRange({}, TIME_ZONE);
    const quarter = `/agentHome?from=${addDays(today, -91)}&to=${today}`;
    const top = await jsonBody(loader(get(quarter, (await asAgent("agent01")).cookie)));
    const sub = await jsonBody(loader(get(quarter, (await asAgent("agent02")).cookie)));
    expect(top.days).toHaveLength(92);
    expect(sub.totals.teamSize).toBeLessThan(top.totals.teamSize);
    expect(sub.agent.agentRate).toBe(3000);
    expect(BigInt(sub.totals.stake)).toBeGreaterThan(0n);
    expect(BigInt(sub.totals.stake)).toBeLessThan(BigInt(top.totals.stake));
  });

  test("nonsense filters give the default 7 days, never an error", async () => {
    const { loader } = await overview();
    const data = await jsonBody(
      loader(
        get("/agentHome?from=yesterday&to=2024-02-30&page=-3", (await asAgent("agent02")).cookie),
      ),
    );
    expect(data.days).toHaveLength(7);
  });

  describe("rendered", () => {
    quietServerRenderWarnings();
    test("the chart is an accessible inline SVG with its numbers as a table", async () => {
      const module = await overview();
      const loaderData = await jsonBody(
        module.loader(get("/agentHome", (await asAgent("agent01")).cookie)),
      );
      const source: LabelSource = { initialLocale: "en", get: () => en, load: async () => en };
      const Stub = createRemixStub([
        { id: "overview", path: "/agentHome", Component: module.default },
      ]);
      const html = renderToString(
        createElement(
          LabelSourceProvider,
          { value: source },
          createElement(
            I18nProvider,
            null,
            createElement(Stub, {
              initialEntries: ["/agentHome"],
              hydrationData: { loaderData: { overview: loaderData } },
            }),
          ),
        ),
      );
      expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="[^"]+-title [^"]+-desc"/);
      expect(html).toContain("<title");
      expect(html).toContain("<desc");
      expect((html.match(/<rect /g) ?? []).length).toBe(7);
      expect(html).toContain('data-testid="overview-days"');
      expect(html).toContain("Team overview");
    });
  });
});

describe("/agentHome/announcements", () => {
  test("the logged-in users' announcements, 9 a page, with sanitized content", async () => {
    const { loader } = await announcements();
    const { cookie } = await asAgent("agent01");
    const data = await jsonBody(loader(get("/agentHome/announcements", cookie)));
    expect(data.total).toBeGreaterThan(0);
    expect(data.items.length).toBe(Math.min(9, data.total));
    for (const item of data.items) expect(item.contentHtml).not.toMatch(/<script/i);
    const last = await jsonBody(loader(get("/agentHome/announcements?page=999", cookie)));
    expect(last.page).toBe(last.pageCount);
    const member = await thrownResponse(
      loader(get("/agentHome/announcements", (await signInAs(handle.db, "player01")).cookie)),
    );
    expect(member.headers.get("Location")).toBe("/agent");
  });
});

describe("/agentHome/messages", () => {
  test("the agent reads its own messages and marks them read; another member's stay unread", async () => {
    const { loader, action } = await messages();
    const { member, cookie } = await asAgent("agent02");
    const other = await signInAs(handle.db, "agent01", "agent");
    await postMessage(handle.db, member.id, "deposit_arrived", { amount: "12345", deposit: "1" });
    await postMessage(handle.db, other.member.id, "deposit_arrived", {
      amount: "999",
      deposit: "2",
    });
    const before = await jsonBody(loader(get("/agentHome/messages", cookie)));
    expect(before.unread).toBeGreaterThanOrEqual(1);
    expect(before.messages[0]).toMatchObject({
      kind: "deposit_arrived",
      params: { amount: "12345" },
      read: false,
    });

    const done = await action(
      formPost("/agentHome/messages", { intent: "mark-read" }, { Cookie: cookie }),
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/agentHome/messages?marked=1");
    const after = await jsonBody(loader(get("/agentHome/messages?marked=1", cookie)));
    expect(after).toMatchObject({ unread: 0, marked: true });
    const others = await jsonBody(loader(get("/agentHome/messages", other.cookie)));
    expect(others.unread).toBeGreaterThanOrEqual(1);
  });

  test("a bad form is a 400; another site's post a 403; a member goes to /agent", async () => {
    const { action } = await messages();
    const { cookie } = await asAgent("agent02");
    expect(
      (
        await thrownResponse(
          action(formPost("/agentHome/messages", { intent: "delete-all" }, { Cookie: cookie })),
        )
      ).status,
    ).toBe(400);
    const cross = await thrownResponse(
      action(
        formPost(
          "/agentHome/messages",
          { intent: "mark-read" },
          { Cookie: cookie, Origin: "https://evil.example" },
        ),
      ),
    );
    expect(cross.status).toBe(403);
    const member = await thrownResponse(
      action(
        formPost(
          "/agentHome/messages",
          { intent: "mark-read" },
          { Cookie: (await signInAs(handle.db, "player01")).cookie },
        ),
      ),
    );
    expect(member.headers.get("Location")).toBe("/agent");
  });
});
