import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { audit } from "~/platform/audit/audit.server";
import { blindIndex, sealText } from "~/platform/db/at-rest.server";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { playerLedger } from "~/platform/players/ledger.server";
import { linkedAccounts } from "~/platform/players/linked.server";
import { playerPayments } from "~/platform/players/payments.server";
import { loadPlayer, playerAccounts, playerSignIns } from "~/platform/players/player.server";
import { searchPlayers } from "~/platform/players/search.server";
import { confirmDeposit, createDeposit } from "~/platform/wallet/deposits.server";
import {
  approveWithdrawal,
  markWithdrawalPaid,
  requestWithdrawal,
} from "~/platform/wallet/withdrawals.server";
import { createTestDatabase } from "../helpers/database";
import { formKey, insertMember, insertPayee, testWalletPolicy } from "../helpers/wallet";

/**
 * The back office's player search and page, on a real database: each way to
 * find a player, staff never among the players, and the page's profile,
 * balances, ledger with running balance and sign-ins.
 */

let handle: DatabaseHandle;
let agent: string;
let player: string;
let other: string;
let staff: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  const db = handle.db;
  agent = await insertMember(db, { type: 1 });
  player = await insertMember(db, { parentId: agent });
  other = await insertMember(db);
  staff = await insertMember(db, { type: 9 });
  await db
    .updateTable("members")
    .set({
      account: "harbour77",
      nickname: "Lantern Keeper",
      dialing_code: "92",
      mobile: "3001234567",
      email: "Harbour@Example.com",
      register_ip: "203.0.113.77",
    })
    .where("id", "=", player)
    .execute();
  await db
    .updateTable("members")
    .set({ account: "harbourops", affiliate_code: "AGT77" })
    .where("id", "=", staff)
    .execute();
  await db
    .updateTable("members")
    .set({ affiliate_code: "HARB77" })
    .where("id", "=", agent)
    .execute();
  await db
    .updateTable("members")
    .set({ account: "harbour7x", register_ip: "198.51.100.5" })
    .where("id", "=", other)
    .execute();
  // Stored as the platform stores it: the number sealed, its blind index beside it.
  const payee = await insertPayee(db, other);
  await db
    .updateTable("payee_accounts")
    .set({
      account_number: sealText("PK36SCBL0000001123456702"),
      account_number_index: blindIndex("PK36SCBL0000001123456702"),
    })
    .where("id", "=", payee)
    .execute();
});
afterAll(() => handle?.close());

const found = async (text: string) =>
  (await searchPlayers(handle.db, text)).map((match) => [match.account, match.matchedBy]);

describe("finding a player", () => {
  test("by id, account start, nickname part, mobile with or without its code, e-mail, payee, IP, affiliate code", async () => {
    expect(await found(player)).toEqual([["harbour77", ["id"]]]);
    // Staff are never players, whatever matches.
    expect(await found("harbour")).toEqual([
      ["harbour77", ["account"]],
      ["harbour7x", ["account"]],
    ]);
    expect(await found("lantern")).toEqual([["harbour77", ["nickname"]]]);
    expect(await found("3001234567")).toEqual([["harbour77", ["mobile"]]]);
    expect(await found("+92 300 1234567")).toEqual([["harbour77", ["mobile"]]]);
    expect(await found("harbour@example.COM")).toEqual([["harbour77", ["email"]]]);
    expect(await found("PK36 SCBL 0000 0011 2345 6702")).toEqual([["harbour7x", ["payee"]]]);
    expect(await found("203.0.113.77")).toEqual([["harbour77", ["ip"]]]);
    expect(await found("harb77")).toEqual([[expect.any(String), ["affiliate"]]]);
    expect(await found("AGT77")).toEqual([]);
    // `%` and `_` are letters here, not wildcards; nothing is found by a lone letter.
    expect(await found("%")).toEqual([]);
    expect(await found("h_rbour")).toEqual([]);
    expect(await found("h")).toEqual([]);
  });
});

describe("the player page", () => {
  test("the profile: upline, downlines, contact and verification; staff have no player page", async () => {
    const profile = await loadPlayer(handle.db, player);
    expect(profile).toMatchObject({
      account: "harbour77",
      nickname: "Lantern Keeper",
      dialingCode: "92",
      mobile: "3001234567",
      registerIp: "203.0.113.77",
      upline: { id: agent },
      downlines: 0,
      authenticator: false,
      ageCheck: { status: "none" },
      runningBreak: null,
    });
    expect((await loadPlayer(handle.db, agent))?.downlines).toBe(1);
    expect(await loadPlayer(handle.db, staff)).toBeNull();
    expect(await loadPlayer(handle.db, "99999999")).toBeNull();
    expect(await loadPlayer(handle.db, "1; drop")).toBeNull();
  });

  test("balances and the ledger with the balance after each movement and the entry's reference", async () => {
    const db = handle.db;
    for (const amount of [150_00n, 25_00n]) {
      const deposit = await createDeposit(
        db,
        { memberId: player, channel: "demo-pay", amount, key: formKey() },
        testWalletPolicy(),
      );
      await confirmDeposit(db, deposit.id);
    }
    expect(await playerAccounts(db, player)).toContainEqual({ kind: "MAIN", balance: "17500" });
    const window = { from: new Date(Date.now() - 60_000), to: new Date(Date.now() + 60_000) };
    const ledger = await playerLedger(db, player, { window, page: 1, pageSize: 10 });
    expect(ledger.total).toBe(2);
    expect(ledger.totals).toMatchObject({ in: "17500", out: "0", net: "17500" });
    expect(ledger.rows.map((row) => [row.amount, row.balanceAfter])).toEqual([
      ["2500", "17500"],
      ["15000", "15000"],
    ]);
    expect(ledger.rows[0]!.entryId).toMatch(/^\d+$/);
    expect(ledger.rows[0]!.reference).not.toBeNull();
  });

  test("sign-ins: the member's sign-in events only, newest first, paged", async () => {
    const db = handle.db;
    const context = { ip: "203.0.113.77", userAgent: "Phone browser" };
    await audit(db, "login_failed", context, { memberId: player, detail: { site: "member" } });
    await audit(db, "login_ok", context, { memberId: player, detail: { site: "member" } });
    await audit(db, "profile_updated", context, { memberId: player });
    await audit(db, "login_ok", context, { memberId: other, detail: { site: "member" } });
    const first = await playerSignIns(db, player, { offset: 0, limit: 1 });
    expect(first.total).toBe(2);
    expect(first.rows).toEqual([
      {
        at: expect.any(String),
        event: "login_ok",
        ip: "203.0.113.77",
        userAgent: "Phone browser",
        site: "member",
      },
    ]);
    expect((await playerSignIns(db, player, { offset: 1, limit: 1 })).rows[0]!.event).toBe(
      "login_failed",
    );
  });

  test("payments: deposits and withdrawals with who approved and who paid, payees masked", async () => {
    const db = handle.db;
    const policy = testWalletPolicy();
    const payee = await insertPayee(db, player);
    const withdrawal = await requestWithdrawal(
      db,
      { memberId: player, payeeAccountId: payee, amount: 20_00n, key: formKey() },
      policy,
      "UTC",
    );
    const approver = await insertMember(db, { type: 9 });
    const payer = await insertMember(db, { type: 9 });
    const act = (operatorId: string) => ({ operatorId, context: { ip: null, userAgent: null } });
    await approveWithdrawal(db, withdrawal.id, act(approver));
    await markWithdrawalPaid(db, withdrawal.id, act(payer), policy);
    const accounts = await db
      .selectFrom("members")
      .select(["id", "account"])
      .where("id", "in", [approver, payer])
      .execute();
    const accountOf = (id: string) => accounts.find((row) => row.id === id)!.account;

    const payments = await playerPayments(db, player);
    expect(payments.deposits.total).toBe(2);
    expect(payments.deposits.rows[0]).toMatchObject({ amount: "2500", status: "confirmed" });
    expect(payments.withdrawals).toMatchObject({
      total: 1,
      rows: [
        {
          id: withdrawal.id,
          amount: "2000",
          status: "paid",
          decidedBy: accountOf(approver),
          paidBy: accountOf(payer),
          payee: { maskedNumber: "•••• 6789" },
        },
      ],
    });
    expect(payments.payees).toEqual([
      expect.objectContaining({ id: payee, maskedNumber: "•••• 6789", removedAt: null }),
    ]);
    expect(await playerPayments(db, other)).toMatchObject({
      deposits: { total: 0 },
      withdrawals: { total: 0 },
    });
  });

  test("linked accounts: a shared device, sign-in IP, registration IP, payee or e-mail, each with why", async () => {
    const db = handle.db;
    const twin = await insertMember(db);
    const stranger = await insertMember(db);
    await db
      .updateTable("members")
      .set({ register_ip: "203.0.113.77", email: "harbour@example.com" })
      .where("id", "=", twin)
      .execute();
    const seen = (memberId: string, kind: "ip" | "device", value: string) =>
      db
        .insertInto("known_sign_ins")
        .values({ member_id: memberId, kind, value_hash: `hash-${kind}-${value}` })
        .execute();
    await seen(player, "device", "phone-1");
    await seen(twin, "device", "phone-1");
    await seen(stranger, "ip", "198.51.100.9");
    await seen(other, "ip", "198.51.100.9");
    // A payee number both hold: the index matches, the sealed text never does.
    for (const memberId of [player, stranger])
      await db
        .insertInto("payee_accounts")
        .values({
          member_id: memberId,
          kind: "bank",
          provider: "HBL",
          holder_name: "Same Number",
          account_number: sealText("5556667778"),
          account_number_index: blindIndex("5556667778"),
        })
        .execute();
    const links = await linkedAccounts(db, player);
    const twinAccount = (await loadPlayer(db, twin))!.account;
    const strangerAccount = (await loadPlayer(db, stranger))!.account;
    expect(links.map((link) => [link.account, link.reasons])).toEqual([
      [twinAccount, ["device", "register_ip", "email"]],
      [strangerAccount, ["payee"]],
    ]);
    expect((await linkedAccounts(db, other)).map((link) => link.reasons)).toEqual([["ip"]]);
  });
});
