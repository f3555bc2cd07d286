import { describe, expect, test } from "vitest";
import { findMemberByAccount } from "~/platform/identity/members.server";
import type { StaffPermission } from "~/platform/identity/staff-permissions";
import { loader as playerLoader } from "~/routes/ops+/players.$memberId";
import { loader as searchLoader } from "~/routes/ops+/players._index";
import { useSeededDatabase } from "../helpers/database";
import { getAs, jsonBody, thrownResponse } from "../helpers/routes";
import { staffCookieWith } from "../helpers/staff";
import { opsCookie } from "../helpers/withdrawals";

/**
 * /ops/players and the player page, through their loaders: the search finds
 * the demo's member by mobile, the page reads one tab at a time, and an
 * unknown id or a staff account is a 404.
 */

const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const page = async (memberId: string, query = "") =>
  jsonBody(
    await playerLoader({
      ...getAs(`/ops/players/${memberId}${query}`, await opsCookie(handle.db)),
      params: { memberId },
    } as never),
  );

describe("/ops/players", () => {
  test("a search by mobile finds the member and says why; an empty search finds nobody", async () => {
    const db = handle.db;
    const player = await findMemberByAccount(db, "player01");
    expect(player?.mobile).toBeTruthy();
    const cookie = await opsCookie(db);
    const data = await jsonBody(
      await searchLoader(getAs(`/ops/players?q=${player!.mobile}`, cookie) as never),
    );
    expect(data.results).toEqual([
      expect.objectContaining({ account: "player01", role: "member", matchedBy: ["mobile"] }),
    ]);
    const empty = await jsonBody(await searchLoader(getAs("/ops/players?q=", cookie) as never));
    expect(empty.results).toEqual([]);
  });

  test("the player page reads the tab in the URL: profile, ledger, payments, sign-ins", async () => {
    const player = await findMemberByAccount(handle.db, "player01");
    const profile = await page(player!.id);
    expect(profile.player).toMatchObject({ account: "player01", role: "member" });
    expect(profile.panel.tab).toBe("profile");
    expect(profile.panel.accounts).toContainEqual(expect.objectContaining({ kind: "MAIN" }));
    const ledger = await page(player!.id, "?tab=ledger&from=2000-01-01&to=2100-01-01");
    expect(ledger.panel.tab).toBe("ledger");
    expect(ledger.panel.ledger.total).toBeGreaterThan(0);
    expect(ledger.panel.ledger.rows[0]).toEqual(
      expect.objectContaining({ entryId: expect.any(String), balanceAfter: expect.any(String) }),
    );
    // The demo member asked for a withdrawal at seeding: it is listed, its payee masked.
    const payments = await page(player!.id, "?tab=payments");
    expect(payments.panel.tab).toBe("payments");
    expect(payments.panel.payments.withdrawals.total).toBeGreaterThan(0);
    expect(payments.panel.payments.payees[0].maskedNumber).toMatch(/^•••• \d{4}$/);
    expect(JSON.stringify(payments)).not.toContain("00112233445566");
    const linked = await page(player!.id, "?tab=linked");
    expect(linked.panel.tab).toBe("linked");
    expect(Array.isArray(linked.panel.linked)).toBe(true);
    const signIns = await page(player!.id, "?tab=sign-ins");
    expect(signIns.panel.tab).toBe("sign-ins");
    // Nonsense is the profile, not an error.
    expect((await page(player!.id, "?tab=drop")).panel.tab).toBe("profile");
  });

  test("an unknown id and a staff account are not found", async () => {
    const ops01 = await findMemberByAccount(handle.db, "ops01");
    const cookie = await opsCookie(handle.db);
    for (const memberId of ["99999999", ops01!.id, "x"]) {
      const response = await thrownResponse(
        playerLoader({
          ...getAs(`/ops/players/${memberId}`, cookie),
          params: { memberId },
        } as never),
      );
      expect(response.status).toBe(404);
    }
  });

  test("the bets tab: the member's bets with their rounds, narrowed by vendor and game in the URL", async () => {
    const player = await findMemberByAccount(handle.db, "player01");
    const all = "?tab=bets&from=2000-01-01&to=2100-01-01";
    const bets = await page(player!.id, all);
    expect(bets.panel.tab).toBe("bets");
    expect(bets.panel.records.total).toBeGreaterThan(0);
    expect(bets.panel.records.rows[0]).toEqual(
      expect.objectContaining({ roundId: expect.any(String), gameRound: null }),
    );
    const [vendor] = bets.panel.vendors;
    expect(bets.panel.vendorNames[vendor]).toEqual(expect.any(String));
    const byVendor = await page(player!.id, `${all}&vendor=${vendor}`);
    expect(byVendor.panel.filter.vendor).toBe(vendor);
    expect(byVendor.panel.records.rows.map((row: { vassalage: string }) => row.vassalage)).toEqual(
      byVendor.panel.records.rows.map(() => vendor),
    );
    // With a vendor chosen, the game filter offers only its games.
    expect(
      byVendor.panel.games.every((game: { vassalage: string }) => game.vassalage === vendor),
    ).toBe(true);
    const game = byVendor.panel.games[0];
    const byGame = await page(player!.id, `${all}&vendor=${vendor}&game=${game.gameCode}`);
    expect(byGame.panel.records.total).toBeGreaterThan(0);
    expect(byGame.panel.records.total).toBeLessThanOrEqual(byVendor.panel.records.total);
    expect(
      new Set(byGame.panel.records.rows.map((row: { gameName: string }) => row.gameName)),
    ).toEqual(new Set([game.gameName]));
    // A filter that makes no sense is no filter.
    const nonsense = await page(player!.id, `${all}&vendor=%3Cx%3E&status=lost`);
    expect(nonsense.panel.records.total).toBe(bets.panel.records.total);
  });

  test("the bonuses tab: the bonus being wagered, the balance, and who decided an application", async () => {
    const wagering = await findMemberByAccount(handle.db, "promo03");
    const bonuses = (await page(wagering!.id, "?tab=bonuses")).panel;
    expect(bonuses.tab).toBe("bonuses");
    expect(bonuses.bonuses.grants.rows).toEqual([
      expect.objectContaining({ status: "wagering", required: expect.any(String) }),
    ]);
    expect(BigInt(bonuses.bonuses.bonusBalance)).toBeGreaterThan(0n);
    const rejected = await findMemberByAccount(handle.db, "promo05");
    const entries = (await page(rejected!.id, "?tab=bonuses")).panel.bonuses.entries.rows;
    expect(entries).toContainEqual(
      expect.objectContaining({
        state: "rejected",
        rejectReason: "No proof of the VIP level",
        decidedBy: expect.any(String),
      }),
    );
  });

  test("a tab needs the permission of the screen it reads: payments need withdrawals.view", async () => {
    const player = await findMemberByAccount(handle.db, "player01");
    const viewer = await staffCookieWith(handle.db, ["players.view"]);
    const at = (query: string) =>
      playerLoader({
        ...getAs(`/ops/players/${player!.id}${query}`, viewer),
        params: { memberId: player!.id },
      } as never);
    expect((await thrownResponse(at("?tab=payments"))).status).toBe(403);
    expect((await jsonBody(await at("?tab=ledger"))).panel.tab).toBe("ledger");
    // Bonuses are the promotions screens' to read; bets are the player page's own.
    expect((await thrownResponse(at("?tab=bonuses"))).status).toBe(403);
    expect((await jsonBody(await at("?tab=bets"))).panel.tab).toBe("bets");
  });

  test("the protection, messages and agency tabs read the account's own rows", async () => {
    const player = await findMemberByAccount(handle.db, "player01");
    const protection = (await page(player!.id, "?tab=protection")).panel;
    expect(protection.tab).toBe("protection");
    expect(protection.protection).toEqual(
      expect.objectContaining({
        limits: expect.any(Array),
        breaks: expect.any(Array),
        reality: expect.objectContaining({ intervalMinutes: expect.any(Number) }),
        age: expect.objectContaining({ status: expect.any(String) }),
      }),
    );
    const messages = (await page(player!.id, "?tab=messages")).panel;
    expect(messages.tab).toBe("messages");
    expect(messages.inbox.total).toBeGreaterThanOrEqual(messages.inbox.rows.length);
    expect(Array.isArray(messages.support)).toBe(true);
    // The admin reads feedback too.
    expect(messages.feedback).toEqual(expect.objectContaining({ total: expect.any(Number) }));

    const crew02 = await findMemberByAccount(handle.db, "crew02");
    const agency = (await page(crew02!.id, "?tab=agency")).panel;
    expect(agency.tab).toBe("agency");
    expect(agency.upline.map((agent: { account: string }) => agent.account)).toEqual([
      "agent02",
      "agent01",
    ]);
    const top = await findMemberByAccount(handle.db, "agent01");
    const team = (await page(top!.id, "?tab=agency")).panel;
    expect(team.upline).toEqual([]);
    expect(team.downline.rows.map((row: { account: string }) => row.account)).toContain("agent02");
    expect(team.downline.total).toBe(team.downline.rows.length);
  });

  test("protection needs protection.view, messages support.view, agency agents.view; feedback only with feedback.view", async () => {
    const player = await findMemberByAccount(handle.db, "player01");
    const as = async (permissions: StaffPermission[], query: string) => {
      const cookie = await staffCookieWith(handle.db, ["players.view", ...permissions]);
      return playerLoader({
        ...getAs(`/ops/players/${player!.id}${query}`, cookie),
        params: { memberId: player!.id },
      } as never);
    };
    for (const tab of ["protection", "messages", "agency"])
      expect((await thrownResponse(as([], `?tab=${tab}`))).status).toBe(403);
    expect((await jsonBody(await as(["protection.view"], "?tab=protection"))).panel.tab).toBe(
      "protection",
    );
    expect((await jsonBody(await as(["agents.view"], "?tab=agency"))).panel.tab).toBe("agency");
    const support = (await jsonBody(await as(["support.view"], "?tab=messages"))).panel;
    expect(support.tab).toBe("messages");
    expect(support.feedback).toBeNull();
    const both = (await jsonBody(await as(["support.view", "feedback.view"], "?tab=messages")))
      .panel;
    expect(both.feedback).toEqual(expect.objectContaining({ rows: expect.any(Array) }));
  });
});
