import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postMessage } from "~/platform/content/messages.server";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { login } from "~/platform/identity/login.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import { hashPassword } from "~/platform/identity/secrets.server";
import { createSession, readSession } from "~/platform/identity/sessions.server";
import type { SessionGame } from "~/platform/play/providers/ports";
import { credit, debit, type SeamlessPlayer } from "~/platform/play/seamless-wallet.server";
import {
  REOPEN_WAIT_MS,
  breaksOf,
  runningBreaks,
  takeBreak,
} from "~/platform/protection/breaks.server";
import { createDeposit } from "~/platform/wallet/deposits.server";
import { MAIN } from "~/platform/wallet/ledger.server";
import { createTestDatabase } from "../../helpers/database";
import { codeOf, fundMain, insertGame } from "../../helpers/play";
import { formKey, insertMember, testWalletPolicy } from "../../helpers/wallet";

/**
 * Time-outs and self-exclusions (issue 17) against a real database, with an
 * injected clock: they refuse login, deposits and the seamless debit at once,
 * end on time, can not be undone, and an ended exclusion reopens only on
 * request and after 24 hours.
 */
let handle: DatabaseHandle;
let game: SessionGame;
const db = () => handle.db;
const policy = identityPolicy();
const rules = { agentTypes: [1, 2, 41, 42], trialTypes: [4], passwordExpiry: false };
const context = { ip: "203.0.113.77", userAgent: "vitest" };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const start = new Date("2031-03-01T10:00:00Z");
const later = (ms: number) => new Date(start.getTime() + ms);

beforeAll(async () => {
  handle = await createTestDatabase();
  game = await insertGame(handle.db, { nodeId: 990_401 });
});
afterAll(() => handle?.close());

async function member() {
  const id = await insertMember(db());
  const hash = await hashPassword("Player123");
  const row = await db()
    .updateTable("members")
    .set({ password_hash: hash, first_time_login: false, password_changed_at: start })
    .where("id", "=", id)
    .returning("account")
    .executeTakeFirstOrThrow();
  await fundMain(db(), id, 100_000n);
  return { id, account: row.account };
}

const signIn = (account: string, now: Date, reopen = false) =>
  login(
    db(),
    { method: "password", account, password: "Player123", site: "member", remember: false, reopen },
    rules,
    context,
    policy,
    now,
  );

/** Where a sign-in lands: its session's site (a self-exclusion opens the cash-out page only, ADR 49), or its refusal. */
async function signedInTo(account: string, now: Date): Promise<string> {
  try {
    const outcome = await signIn(account, now);
    return outcome.kind === "session" ? outcome.session.site : outcome.kind;
  } catch (error) {
    return codeOf(Promise.reject(error));
  }
}

const deposit = (memberId: string, now: Date) =>
  createDeposit(
    db(),
    { memberId, channel: "demo-pay", amount: 10_000n, key: formKey() },
    testWalletPolicy(),
    now,
  );

const player = (memberId: string): SeamlessPlayer => ({ memberId, account: MAIN, game });
const bet = (memberId: string, at: Date) =>
  debit(db(), "demo", player(memberId), { txId: formKey(), roundId: formKey(), amount: 100n, at });

const timeOut = (memberId: string, days: number, now = start) =>
  takeBreak(
    db(),
    { memberId, kind: "time_out", length: days, source: "member", actorId: memberId },
    context,
    now,
  );

describe("a time-out", () => {
  it("signs the member out and refuses login, deposits and bets until it ends", async () => {
    const { id, account } = await member();
    const session = await createSession(
      db(),
      { memberId: id, site: "member", remember: false, ...context },
      policy,
      start,
    );
    const round = formKey();
    await debit(db(), "demo", player(id), {
      txId: formKey(),
      roundId: round,
      amount: 100n,
      at: start,
    });

    const row = await timeOut(id, 1);
    expect(new Date(row.ends_at).toISOString()).toBe(later(DAY).toISOString());
    expect(await readSession(db(), session.token, policy, start)).toBeNull();

    const during = later(DAY - 1);
    expect(await codeOf(signIn(account, during))).toBe("break_time_out");
    expect(await codeOf(deposit(id, during))).toBe("break_time_out");
    expect(await codeOf(bet(id, during))).toBe("member_on_break");
    // A round opened before the break still settles: the member's winnings are theirs.
    expect(
      await codeOf(
        credit(db(), "demo", player(id), {
          txId: formKey(),
          roundId: round,
          amount: 50n,
          at: during,
        }),
      ),
    ).toBe("ok");

    const after = later(DAY);
    expect((await signIn(account, after)).kind).toBe("session");
    expect(await codeOf(deposit(id, after))).toBe("ok");
    expect(await codeOf(bet(id, after))).toBe("ok");
  });

  it("tells login until when", async () => {
    const { id, account } = await member();
    await timeOut(id, 3);
    const refusal = await signIn(account, later(HOUR)).catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      code: "break_time_out",
      details: { until: later(3 * DAY).toISOString() },
    });
  });

  it("refuses lengths outside 24 hours to 6 weeks and changes nothing", async () => {
    const { id } = await member();
    for (const days of [0, 43, 1.5, -1])
      expect(await codeOf(timeOut(id, days))).toBe("break_length_out_of_range");
    expect(await breaksOf(db(), id)).toEqual([]);
    expect(await codeOf(timeOut(id, 42))).toBe("ok");
  });
});

describe("a self-exclusion", () => {
  const exclude = (memberId: string, months: number, now = start) =>
    takeBreak(
      db(),
      { memberId, kind: "exclusion", length: months, source: "member", actorId: memberId },
      context,
      now,
    );

  it("refuses lengths outside 6 months to 5 years", async () => {
    const { id } = await member();
    for (const months of [5, 61, 0])
      expect(await codeOf(exclude(id, months))).toBe("break_length_out_of_range");
    expect(await breaksOf(db(), id)).toEqual([]);
  });

  it("can not be shortened by a later, shorter time-out", async () => {
    const { id, account } = await member();
    await exclude(id, 6);
    await timeOut(id, 1, later(HOUR));
    expect(await signedInTo(account, later(3 * DAY))).toBe("cash_out");
    expect(await codeOf(bet(id, later(3 * DAY)))).toBe("member_on_break");
    expect((await runningBreaks(db(), [id], later(3 * DAY))).get(id)?.kind).toBe("exclusion");
  });

  it("reopens only on request and 24 hours after it", async () => {
    const { id, account } = await member();
    const row = await exclude(id, 6);
    const ended = new Date(row.ends_at);
    expect(ended.toISOString()).toBe("2031-09-01T10:00:00.000Z");
    expect(await signedInTo(account, new Date(ended.getTime() - 1))).toBe("cash_out");

    const afterEnd = new Date(ended.getTime() + DAY * 10);
    expect(await codeOf(signIn(account, afterEnd))).toBe("break_reopen_required");
    // The end alone does not reopen it, however long ago it was.
    expect(await codeOf(signIn(account, new Date(afterEnd.getTime() + DAY)))).toBe(
      "break_reopen_required",
    );
    const asked = new Date(afterEnd.getTime() + 2 * DAY);
    const refusal = await signIn(account, asked, true).catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      code: "break_reopen_pending",
      details: { until: new Date(asked.getTime() + REOPEN_WAIT_MS).toISOString() },
    });
    // Asking again does not restart (or shorten) the wait.
    expect(await codeOf(signIn(account, new Date(asked.getTime() + HOUR), true))).toBe(
      "break_reopen_pending",
    );
    expect(await codeOf(signIn(account, new Date(asked.getTime() + REOPEN_WAIT_MS - 1)))).toBe(
      "break_reopen_pending",
    );
    expect((await signIn(account, new Date(asked.getTime() + REOPEN_WAIT_MS))).kind).toBe(
      "session",
    );
    const trail = await db()
      .selectFrom("audit_log")
      .select("event")
      .where("member_id", "=", id)
      .where("event", "like", "protection_%")
      .orderBy("id")
      .execute();
    expect(trail.map((row) => row.event).sort()).toEqual([
      "protection_break_taken",
      "protection_reopen_requested",
    ]);
  });

  it("is never revealed without the password", async () => {
    const { id, account } = await member();
    await exclude(id, 12);
    const wrong = login(
      db(),
      { method: "password", account, password: "wrong-one", site: "member", remember: false },
      rules,
      context,
      policy,
      later(HOUR),
    );
    expect(await codeOf(wrong)).toBe("login_failed");
  });
});

describe("marketing during a break", () => {
  it("drops promotional messages while the break runs and keeps account messages", async () => {
    const { id } = await member();
    await timeOut(id, 2);
    const during = later(DAY);
    await postMessage(db(), id, "red_envelope", { amount: "100" }, during);
    await postMessage(db(), id, "withdrawal_paid", { amount: "100" }, during);
    await postMessage(db(), id, "red_envelope", { amount: "200" }, later(3 * DAY));
    const kinds = await db()
      .selectFrom("member_messages")
      .select(["kind", "params"])
      .where("member_id", "=", id)
      .orderBy("id")
      .execute();
    expect(kinds).toEqual([
      { kind: "withdrawal_paid", params: { amount: "100" } },
      { kind: "red_envelope", params: { amount: "200" } },
    ]);
  });
});
