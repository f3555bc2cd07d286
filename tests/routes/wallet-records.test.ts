import { beforeAll, describe, expect, test } from "vitest";
import { unreadMessageCount } from "~/platform/content/messages.server";
import { confirmDeposit, createDeposit } from "~/platform/wallet/deposits.server";
import { HOUSE, MAIN, postEntry } from "~/platform/wallet/ledger.server";
import { transferBetweenWallets } from "~/platform/wallet/transfers.server";
import { useSeededDatabase } from "../helpers/database";
import { formPost, jsonBody, routeArgs, signInMember, thrownResponse } from "../helpers/routes";
import { formKey, insertMember, testWalletPolicy } from "../helpers/wallet";

// The routes' database is this test database.
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const policy = testWalletPolicy();
let member: { id: string; cookie: string };
let stranger: { id: string; cookie: string };

async function signedInMember() {
  const id = await insertMember(handle.db);
  return { id, cookie: (await signInMember(handle.db, id)).cookie };
}

async function deposit(memberId: string, amount: bigint) {
  const created = await createDeposit(
    handle.db,
    { memberId, channel: "demo-pay", amount, key: formKey() },
    policy,
  );
  await confirmDeposit(handle.db, created.id);
}

async function grantBonus(memberId: string, amount: bigint, title: string) {
  await postEntry(handle.db, {
    key: formKey(),
    kind: "bonus",
    memberId,
    memo: { title },
    movements: [{ from: { house: HOUSE.bonuses }, to: { memberId, kind: MAIN }, amount }],
  });
}

async function bet(
  memberId: string,
  values: {
    vassalage: string;
    category: string;
    stake: number;
    payout: number;
    status: "open" | "settled";
  },
) {
  await handle.db
    .insertInto("bets")
    .values({
      member_id: memberId,
      round_id: formKey(),
      game_code: `${values.vassalage}-0001`,
      game_name: "Test table",
      valid_bet: values.stake,
      placed_at: new Date(),
      ...values,
    })
    .execute();
}

beforeAll(async () => {
  member = await signedInMember();
  stranger = await signedInMember();
  // Everything now: inside the default window (the last 7 days in the brand's time zone).
  await deposit(member.id, 50_000n);
  await transferBetweenWallets(
    handle.db,
    { memberId: member.id, from: MAIN, to: "V1", amount: 12_000n, key: formKey() },
    policy,
  );
  await grantBonus(member.id, 2_500n, "Welcome bonus");
  await bet(member.id, {
    vassalage: "V1",
    category: "LIVE",
    stake: 1_000,
    payout: 3_000,
    status: "settled",
  });
  await bet(member.id, { vassalage: "V2", category: "RNG", stake: 400, payout: 0, status: "open" });

  await deposit(stranger.id, 987_654n);
  await grantBonus(stranger.id, 3_333n, "Stranger bonus");
  await bet(stranger.id, {
    vassalage: "V7",
    category: "LIVE",
    stake: 55_555,
    payout: 0,
    status: "settled",
  });
});

const as = (who: { cookie: string }, url: string) =>
  routeArgs(url, { headers: { Cookie: who.cookie } });

describe("record pages", () => {
  test("a visitor is sent to log in from every record page", async () => {
    for (const [path, route] of [
      ["/member/transactions", await import("~/routes/_portal+/member+/transactions")],
      ["/member/profit-loss", await import("~/routes/_portal+/member+/profit-loss")],
      ["/member/bonus", await import("~/routes/_portal+/member+/bonus")],
      ["/member/betting-record", await import("~/routes/_portal+/member+/betting-record")],
      ["/member/messages", await import("~/routes/_portal+/member+/messages")],
    ] as const) {
      const response = await thrownResponse(route.loader(routeArgs(`${path}?type=deposit`)));
      expect(response.headers.get("Location")).toBe(
        `/login?redirectTo=${encodeURIComponent(`${path}?type=deposit`)}`,
      );
    }
  });

  test("transactions: the member's postings in the default window, with totals", async () => {
    const { loader } = await import("~/routes/_portal+/member+/transactions");
    const data = await jsonBody(loader(as(member, "/member/transactions")));
    expect(data.type).toBe("");
    expect(data.range.to).toBe(data.range.today);
    const rows: { kind: string; amount: string }[] = data.records.rows;
    // Newest first; the two postings of one transfer come in the ledger's order, either way round.
    expect(rows.map((row) => row.kind)).toEqual(["bonus", "transfer", "transfer", "deposit"]);
    expect(rows.map((row) => row.amount)).toEqual([
      "2500",
      expect.stringMatching(/^-?12000$/),
      expect.stringMatching(/^-?12000$/),
      "50000",
    ]);
    expect(rows[1]!.amount).not.toBe(rows[2]!.amount);
    expect(data.records.totals).toEqual({ in: "64500", out: "12000", net: "52500" });
    expect(data.currency).toMatchObject({ symbol: "Rs" });
  });

  test("transactions: the filters come from the URL; nonsense filters are dropped, not errors", async () => {
    const { loader } = await import("~/routes/_portal+/member+/transactions");
    const bonus = await jsonBody(loader(as(member, "/member/transactions?type=bonus")));
    expect(bonus.type).toBe("bonus");
    expect(bonus.records.rows.map((row: { amount: string }) => row.amount)).toEqual(["2500"]);
    expect(bonus.records.totals.net).toBe("2500");
    const past = await jsonBody(
      loader(as(member, "/member/transactions?from=2020-01-01&to=2020-01-07")),
    );
    expect(past.range).toMatchObject({ from: "2020-01-01", to: "2020-01-07" });
    expect(past.records).toMatchObject({ rows: [], total: 0, totals: { net: "0" } });
    const nonsense = await jsonBody(
      loader(as(member, "/member/transactions?type=everything&from=soon&to=later&page=-4")),
    );
    expect(nonsense.type).toBe("");
    expect(nonsense.records).toMatchObject({ total: 4, page: 1 });
  });

  test("profit/loss: today's figures in the brand's time zone", async () => {
    const { loader } = await import("~/routes/_portal+/member+/profit-loss");
    const data = await jsonBody(loader(as(member, "/member/profit-loss")));
    expect(data.records.rows).toEqual([
      {
        day: data.range.today,
        deposits: "50000",
        withdrawals: "0",
        stakes: "1400",
        validBets: "1400",
        payouts: "3000",
        bonuses: "2500",
        profitLoss: "4100",
      },
    ]);
    expect(data.records.totals.profitLoss).toBe("4100");
  });

  test("bonus: the member's bonuses with their titles", async () => {
    const { loader } = await import("~/routes/_portal+/member+/bonus");
    const data = await jsonBody(loader(as(member, "/member/bonus")));
    expect(
      data.records.rows.map((row: { title: string; amount: string }) => [row.title, row.amount]),
    ).toEqual([["Welcome bonus", "2500"]]);
    expect(data.records.totals).toEqual({ amount: "2500" });
  });

  test("betting record: category, vendor and status filters from the URL; the vendor list is the member's own", async () => {
    const { loader } = await import("~/routes/_portal+/member+/betting-record");
    const all = await jsonBody(loader(as(member, "/member/betting-record")));
    expect(all.vendors).toEqual(["V1", "V2"]);
    expect(all.records.totals).toEqual({
      stake: "1400",
      validBet: "1400",
      payout: "3000",
      winLoss: "2000",
    });
    const live = await jsonBody(
      loader(as(member, "/member/betting-record?category=LIVE&vendor=V1&status=settled")),
    );
    expect(live.filter).toEqual({ category: "LIVE", vendor: "V1", status: "settled" });
    expect(live.records.rows.map((row: { vassalage: string }) => row.vassalage)).toEqual(["V1"]);
    const open = await jsonBody(loader(as(member, "/member/betting-record?status=open")));
    expect(open.records.rows.map((row: { stake: string }) => row.stake)).toEqual(["400"]);
    // Another member's vendor names nothing of this member's.
    const foreign = await jsonBody(loader(as(member, "/member/betting-record?vendor=V7")));
    expect(foreign.records.total).toBe(0);
    const bad = await jsonBody(
      loader(as(member, "/member/betting-record?category=CASINO&vendor=%27%3Bdrop&status=won")),
    );
    expect(bad.filter).toEqual({ category: "", vendor: "", status: "" });
    expect(bad.records.total).toBe(2);
  });

  test("a foreign member's data never appears on any record page", async () => {
    const pages = ["transactions", "profit-loss", "bonus", "betting-record", "messages"] as const;
    for (const page of pages) {
      const { loader } = await import(`~/routes/_portal+/member+/${page}.tsx`);
      const text = JSON.stringify(await jsonBody(loader(as(member, `/member/${page}`))));
      for (const foreign of ["987654", "3333", "Stranger bonus", "55555", "V7"])
        expect(text, `${page} shows ${foreign}`).not.toContain(foreign);
    }
    // The stranger sees their own.
    const { loader } = await import("~/routes/_portal+/member+/transactions");
    const theirs = await jsonBody(loader(as(stranger, "/member/transactions")));
    expect(theirs.records.totals.in).toBe("990987");
  });
});

describe("/member/messages", () => {
  test("lists the member's messages; opening the page marks nothing read", async () => {
    const { loader } = await import("~/routes/_portal+/member+/messages");
    const data = await jsonBody(loader(as(member, "/member/messages")));
    expect(data.messages).toEqual([
      expect.objectContaining({
        kind: "deposit_arrived",
        params: expect.objectContaining({ amount: "50000" }),
        read: false,
      }),
    ]);
    expect(data.unread).toBe(1);
    expect(data.marked).toBe(false);
    expect(await unreadMessageCount(handle.db, member.id)).toBe(1);
  });

  test("mark-read: another site's post is a 403, an unknown intent a 400, a visitor goes to log in", async () => {
    const { action } = await import("~/routes/_portal+/member+/messages");
    const cross = await thrownResponse(
      action(
        formPost(
          "/member/messages",
          { intent: "mark-read" },
          { Cookie: member.cookie, Origin: "https://evil.example" },
        ),
      ),
    );
    expect(cross.status).toBe(403);
    const unknown = await thrownResponse(
      action(formPost("/member/messages", { intent: "delete-all" }, { Cookie: member.cookie })),
    );
    expect(unknown.status).toBe(400);
    const visitor = await thrownResponse(
      action(formPost("/member/messages", { intent: "mark-read" })),
    );
    expect(visitor.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    expect(await unreadMessageCount(handle.db, member.id)).toBe(1);
  });

  test("mark-read marks the member's messages only, then redirects back with a note", async () => {
    const { action, loader } = await import("~/routes/_portal+/member+/messages");
    const response = (await action(
      formPost("/member/messages", { intent: "mark-read" }, { Cookie: member.cookie }),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/member/messages?marked=1");
    expect(await unreadMessageCount(handle.db, member.id)).toBe(0);
    expect(await unreadMessageCount(handle.db, stranger.id)).toBe(1);
    const after = await jsonBody(loader(as(member, "/member/messages?marked=1")));
    expect(after).toMatchObject({
      unread: 0,
      marked: true,
      messages: [expect.objectContaining({ read: true })],
    });
  });
});
