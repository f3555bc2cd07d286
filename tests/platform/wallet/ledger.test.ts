import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { PlatformError } from "~/platform/errors";
import { hashPassword } from "~/platform/identity/secrets.server";
import { awardPoints, pointsBalance, spendPoints } from "~/platform/rewards/points-ledger.server";
import { sniffProofType } from "~/platform/uploads/proof-images";
import { walletBalances } from "~/platform/wallet/balance.server";
import { confirmDeposit, createDeposit, failDeposit } from "~/platform/wallet/deposits.server";
import { HOUSE, MAIN, POINTS, postEntry } from "~/platform/wallet/ledger.server";
import { transactionHistory } from "~/platform/wallet/records.server";
import {
  transferAllToMain,
  transferBetweenWallets,
  transferToUpline,
} from "~/platform/wallet/transfers.server";
import {
  approveWithdrawal,
  autoReceiveDue,
  confirmWithdrawalReceipt,
  markWithdrawalPaid,
  rejectWithdrawal,
  requestWithdrawal,
  resolveDispute,
} from "~/platform/wallet/withdrawals.server";
import { createTestDatabase } from "../../helpers/database";
import { formKey, insertMember, insertPayee, testWalletPolicy } from "../../helpers/wallet";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle?.close());

const policy = testWalletPolicy();
const sets = { agentTypes: [1, 2, 41, 42], trialTypes: [4] };

async function fund(memberId: string, amount: bigint) {
  const deposit = await createDeposit(
    handle.db,
    { memberId, channel: "demo-pay", amount, key: formKey() },
    policy,
  );
  await confirmDeposit(handle.db, deposit.id);
}

async function main(memberId: string) {
  return BigInt((await walletBalances(handle.db, memberId, policy.vendorWallets)).main);
}

async function errorCode(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PlatformError) return error.code;
    throw error;
  }
  return "no error";
}

describe("ledger", () => {
  test("an entry's postings sum to zero and balances follow them", async () => {
    const member = await insertMember(handle.db);
    await fund(member, 12_345n);
    expect(await main(member)).toBe(12_345n);
    const entry = await transferBetweenWallets(
      handle.db,
      { memberId: member, from: MAIN, to: "V1", amount: 345n, key: formKey() },
      policy,
    );
    expect(entry.postings.reduce((sum, p) => sum + p.amount, 0n)).toBe(0n);
    const balances = await walletBalances(handle.db, member, policy.vendorWallets);
    expect(balances).toEqual({
      main: "12000",
      vendors: [
        { vassalage: "V1", balance: "345" },
        { vassalage: "V2", balance: "0" },
      ],
      total: "12345",
    });
  });

  test("a member account never goes below zero, and a refused movement leaves nothing behind", async () => {
    const member = await insertMember(handle.db);
    await fund(member, 100n);
    const key = formKey();
    expect(
      await errorCode(
        transferBetweenWallets(
          handle.db,
          { memberId: member, from: MAIN, to: "V2", amount: 101n, key },
          policy,
        ),
      ),
    ).toBe("insufficient_balance");
    expect(await main(member)).toBe(100n);
    const entries = await handle.db
      .selectFrom("entries")
      .select("id")
      .where("idempotency_key", "like", `%${key}`)
      .execute();
    expect(entries).toHaveLength(0);
    // The same key is free again: nothing was recorded under it.
    await transferBetweenWallets(
      handle.db,
      { memberId: member, from: MAIN, to: "V2", amount: 100n, key },
      policy,
    );
    expect(await main(member)).toBe(0n);
  });

  test("the database refuses a negative member balance even if code tried to write one", async () => {
    const member = await insertMember(handle.db);
    await fund(member, 5n);
    await expect(
      sql`update accounts set balance = -1 where member_id = ${member} and kind = 'MAIN'`.execute(
        handle.db,
      ),
    ).rejects.toThrow(/accounts_never_negative/);
  });

  test("the database refuses an entry whose postings do not sum to zero, and postings written around the ledger", async () => {
    const member = await insertMember(handle.db);
    await fund(member, 50n);
    const account = await handle.db
      .selectFrom("accounts")
      .select("id")
      .where("member_id", "=", member)
      .executeTakeFirstOrThrow();
    const post = (deltas: string) =>
      sql`select * from ledger_post_entry(${formKey()}, 'x', 'bonus', ${member}::bigint, null, '{}'::jsonb, null,
            ${`{${account.id},${account.id}}`}::bigint[], ${deltas}::bigint[])`.execute(handle.db);
    await expect(post("{7,-6}")).rejects.toThrow(/do not sum to zero/);
    await expect(post("{0,0}")).rejects.toThrow(/do not sum to zero/);
    await expect(
      handle.db.transaction().execute(async (trx) => {
        const entry = await trx
          .insertInto("entries")
          .values({
            idempotency_key: formKey(),
            request_hash: "x",
            kind: "bonus",
            member_id: member,
            memo: "{}",
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await trx
          .insertInto("postings")
          .values({ entry_id: entry.id, account_id: account.id, amount: 7, balance_after: 57 })
          .execute();
      }),
    ).rejects.toThrow(/written only by ledger_post_entry/);
    expect(await main(member)).toBe(50n);
  });

  test("the same key returns the first result; the same key with other parameters is refused", async () => {
    const member = await insertMember(handle.db);
    await fund(member, 1_000n);
    const key = formKey();
    const first = await transferBetweenWallets(
      handle.db,
      { memberId: member, from: MAIN, to: "V1", amount: 300n, key },
      policy,
    );
    const again = await transferBetweenWallets(
      handle.db,
      { memberId: member, from: MAIN, to: "V1", amount: 300n, key },
      policy,
    );
    expect(again.replayed).toBe(true);
    expect(again.id).toBe(first.id);
    expect(again.postings.map((p) => p.balanceAfter)).toEqual(
      first.postings.map((p) => p.balanceAfter),
    );
    expect(await main(member)).toBe(700n);
    expect(
      await errorCode(
        transferBetweenWallets(
          handle.db,
          { memberId: member, from: MAIN, to: "V1", amount: 301n, key },
          policy,
        ),
      ),
    ).toBe("idempotency_key_reused");
    // Another member's equal form key is another operation.
    const other = await insertMember(handle.db);
    await fund(other, 300n);
    const theirs = await transferBetweenWallets(
      handle.db,
      { memberId: other, from: MAIN, to: "V1", amount: 300n, key },
      policy,
    );
    expect(theirs.replayed).toBe(false);
  });

  test("invalid movements are refused before anything is written", async () => {
    const member = await insertMember(handle.db);
    expect(
      await errorCode(
        transferBetweenWallets(
          handle.db,
          { memberId: member, from: MAIN, to: "V1", amount: 0n, key: formKey() },
          policy,
        ),
      ),
    ).toBe("invalid_amount");
    expect(
      await errorCode(
        transferBetweenWallets(
          handle.db,
          { memberId: member, from: MAIN, to: MAIN, amount: 1n, key: formKey() },
          policy,
        ),
      ),
    ).toBe("same_account");
    expect(
      await errorCode(
        transferBetweenWallets(
          handle.db,
          { memberId: member, from: MAIN, to: "NOPE", amount: 1n, key: formKey() },
          policy,
        ),
      ),
    ).toBe("unknown_wallet");
    expect(
      await errorCode(
        transferBetweenWallets(
          handle.db,
          { memberId: member, from: "V1", to: "V2", amount: 1n, key: formKey() },
          policy,
        ),
      ),
    ).toBe("unknown_wallet");
    const single = testWalletPolicy({ isSingle: true });
    expect(
      await errorCode(
        transferBetweenWallets(
          handle.db,
          { memberId: member, from: MAIN, to: "V1", amount: 1n, key: formKey() },
          single,
        ),
      ),
    ).toBe("single_wallet");
    expect(
      await errorCode(
        postEntry(handle.db, { key: formKey(), kind: "bonus", memberId: member, movements: [] }),
      ),
    ).toBe("invalid_amount");
  });

  test("points are a unit of their own: never moved against money, never below zero, apart from money records", async () => {
    const member = await insertMember(handle.db);
    const points = { memberId: member, kind: POINTS } as const;
    expect(
      await errorCode(
        postEntry(handle.db, {
          key: formKey(),
          kind: "points_converted",
          memberId: member,
          movements: [{ from: points, to: { memberId: member, kind: MAIN }, amount: 1n }],
        }),
      ),
    ).toBe("mixed_units");
    const award = { key: formKey(), memberId: member, points: 120n, source: "deposit" };
    await awardPoints(handle.db, award);
    expect((await awardPoints(handle.db, award)).replayed).toBe(true);
    expect(await pointsBalance(handle.db, member)).toBe(120n);
    expect(
      await errorCode(
        spendPoints(handle.db, {
          key: formKey(),
          memberId: member,
          points: 121n,
          source: "redeem",
        }),
      ),
    ).toBe("insufficient_balance");
    expect(await pointsBalance(handle.db, member)).toBe(120n);
    const window = { from: new Date(Date.now() - 60_000), to: new Date(Date.now() + 60_000) };
    const history = await transactionHistory(handle.db, member, { window, page: 1, pageSize: 10 });
    expect(history.total).toBe(0);
  });

  test("all back to main moves every vendor balance in one entry; a doubled submit replays it", async () => {
    const member = await insertMember(handle.db);
    await fund(member, 900n);
    await transferBetweenWallets(
      handle.db,
      { memberId: member, from: MAIN, to: "V1", amount: 200n, key: formKey() },
      policy,
    );
    await transferBetweenWallets(
      handle.db,
      { memberId: member, from: MAIN, to: "V2", amount: 300n, key: formKey() },
      policy,
    );
    const key = formKey();
    const [a, b] = await Promise.all([
      transferAllToMain(handle.db, { memberId: member, key }, policy),
      transferAllToMain(handle.db, { memberId: member, key }, policy),
    ]);
    expect(a.id).toBe(b.id);
    expect(await walletBalances(handle.db, member, policy.vendorWallets)).toMatchObject({
      main: "900",
      total: "900",
    });
    expect(
      await errorCode(transferAllToMain(handle.db, { memberId: member, key: formKey() }, policy)),
    ).toBe("nothing_to_transfer");
  });

  test("transfer to upline goes to the agent's MAIN; without an agent upline it is refused", async () => {
    const agent = await insertMember(handle.db, { type: 1 });
    const member = await insertMember(handle.db, { parentId: agent });
    await fund(member, 500n);
    await handle.db
      .updateTable("members")
      .set({ withdraw_password_hash: await hashPassword("246810") })
      .where("id", "=", member)
      .execute();
    // Money out asks for the withdraw password: a wrong one moves nothing.
    expect(
      await errorCode(
        transferToUpline(
          handle.db,
          { memberId: member, amount: 120n, key: formKey(), withdrawPassword: "135791" },
          sets,
        ),
      ),
    ).toBe("withdraw_password_wrong");
    expect(await main(member)).toBe(500n);
    const entry = await transferToUpline(
      handle.db,
      { memberId: member, amount: 120n, key: formKey(), withdrawPassword: "246810" },
      sets,
    );
    expect(entry.uplineId).toBe(agent);
    expect(await main(member)).toBe(380n);
    expect(await main(agent)).toBe(120n);
    const orphan = await insertMember(handle.db);
    expect(
      await errorCode(
        transferToUpline(
          handle.db,
          { memberId: orphan, amount: 1n, key: formKey(), withdrawPassword: "246810" },
          sets,
        ),
      ),
    ).toBe("no_upline");
  });
});

describe("deposits", () => {
  test("confirming credits once, however often the confirmation arrives", async () => {
    const member = await insertMember(handle.db);
    const deposit = await createDeposit(
      handle.db,
      { memberId: member, channel: "demo-pay", amount: 777n, key: formKey() },
      policy,
    );
    const results = await Promise.all([
      confirmDeposit(handle.db, deposit.id),
      confirmDeposit(handle.db, deposit.id),
      confirmDeposit(handle.db, deposit.id),
    ]);
    expect(results.filter((result) => result.changed)).toHaveLength(1);
    expect(await main(member)).toBe(777n);
    const messages = await handle.db
      .selectFrom("member_messages")
      .select("kind")
      .where("member_id", "=", member)
      .execute();
    expect(messages).toEqual([{ kind: "deposit_arrived" }]);
  });

  test("a failed deposit credits nothing, tells the member, and cannot be confirmed later", async () => {
    const member = await insertMember(handle.db);
    const deposit = await createDeposit(
      handle.db,
      { memberId: member, channel: "demo-pay", amount: 50n, key: formKey() },
      policy,
    );
    await failDeposit(handle.db, deposit.id, "declined");
    expect((await failDeposit(handle.db, deposit.id, "declined")).changed).toBe(false);
    expect(await errorCode(confirmDeposit(handle.db, deposit.id))).toBe("deposit_closed");
    expect(await main(member)).toBe(0n);
    const messages = await handle.db
      .selectFrom("member_messages")
      .select("kind")
      .where("member_id", "=", member)
      .execute();
    expect(messages).toEqual([{ kind: "deposit_failed" }]);
  });

  test("a deposit form's key opens one deposit; amounts outside the channel's range are refused", async () => {
    const member = await insertMember(handle.db);
    const key = formKey();
    const first = await createDeposit(
      handle.db,
      { memberId: member, channel: "demo-pay", amount: 10n, key },
      policy,
    );
    const second = await createDeposit(
      handle.db,
      { memberId: member, channel: "demo-pay", amount: 10n, key },
      policy,
    );
    expect(second).toMatchObject({ id: first.id, replayed: true });
    expect(
      await errorCode(
        createDeposit(
          handle.db,
          { memberId: member, channel: "demo-pay", amount: 11n, key },
          policy,
        ),
      ),
    ).toBe("idempotency_key_reused");
    const narrow = testWalletPolicy({
      depositChannels: [{ code: "demo-pay", kind: "embedded", min: 100, max: 200 }],
    });
    expect(
      await errorCode(
        createDeposit(
          handle.db,
          { memberId: member, channel: "demo-pay", amount: 99n, key: formKey() },
          narrow,
        ),
      ),
    ).toBe("amount_out_of_range");
    expect(
      await errorCode(
        createDeposit(
          handle.db,
          { memberId: member, channel: "other", amount: 150n, key: formKey() },
          narrow,
        ),
      ),
    ).toBe("unknown_channel");
  });
});

describe("withdrawals", () => {
  /** An operator's act, as the console hands it to the platform. */
  const operator = async () => ({
    operatorId: await insertMember(handle.db, { type: 9 }),
    context: { ip: "198.51.100.1", userAgent: "vitest" },
  });

  test("request holds the funds; reject returns them; the member cannot get them back otherwise", async () => {
    const member = await insertMember(handle.db);
    const payee = await insertPayee(handle.db, member);
    await fund(member, 1_000n);
    const withdrawal = await requestWithdrawal(
      handle.db,
      { memberId: member, payeeAccountId: payee, amount: 400n, key: formKey() },
      policy,
      "UTC",
    );
    expect(await main(member)).toBe(600n);
    const ops = await operator();
    await rejectWithdrawal(handle.db, withdrawal.id, ops, "Name does not match");
    await rejectWithdrawal(handle.db, withdrawal.id, ops, "Name does not match");
    expect(await main(member)).toBe(1_000n);
    expect(await errorCode(markWithdrawalPaid(handle.db, withdrawal.id, ops, policy))).toBe(
      "withdrawal_state",
    );
    const kinds = await handle.db
      .selectFrom("member_messages")
      .select("kind")
      .where("member_id", "=", member)
      .orderBy("id")
      .execute();
    expect(kinds.map((row) => row.kind)).toEqual(["deposit_arrived", "withdrawal_rejected"]);
    // The decision is in the audit trail once (the double click changed nothing): who, before, after.
    const trail = await handle.db
      .selectFrom("audit_log")
      .select(["member_id", "ip", "target_type", "target_id", "before", "after", "detail"])
      .where("event", "=", "withdrawal_decided")
      .where("member_id", "=", member)
      .orderBy("id")
      .execute();
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      ip: "198.51.100.1",
      target_type: "withdrawal",
      target_id: withdrawal.id,
      before: { status: "pending" },
      after: { status: "rejected" },
      detail: { reason: "Name does not match" },
    });
  });

  test("approve, pay, and the member confirms receipt with a proof image", async () => {
    const member = await insertMember(handle.db);
    const payee = await insertPayee(handle.db, member);
    await fund(member, 1_000n);
    const withdrawal = await requestWithdrawal(
      handle.db,
      { memberId: member, payeeAccountId: payee, amount: 1_000n, key: formKey() },
      policy,
      "UTC",
    );
    const ops = await operator();
    expect(await errorCode(markWithdrawalPaid(handle.db, withdrawal.id, ops, policy))).toBe(
      "withdrawal_state",
    );
    await approveWithdrawal(handle.db, withdrawal.id, ops);
    // Four eyes: who approved it cannot pay it, and the database refuses a row that says so.
    expect(await errorCode(markWithdrawalPaid(handle.db, withdrawal.id, ops, policy))).toBe(
      "withdrawal_four_eyes",
    );
    await expect(
      handle.db
        .updateTable("withdrawals")
        .set({ paid_by: ops.operatorId })
        .where("id", "=", withdrawal.id)
        .execute(),
    ).rejects.toThrow(/withdrawals_four_eyes/);
    const checker = await operator();
    const paid = await markWithdrawalPaid(handle.db, withdrawal.id, checker, policy);
    expect(paid.status).toBe("paid");
    expect([paid.decided_by, paid.paid_by]).toEqual([ops.operatorId, checker.operatorId]);
    const trail = await handle.db
      .selectFrom("audit_log")
      .select(["staff_id", "after", "detail"])
      .where("event", "=", "withdrawal_decided")
      .where("target_id", "=", withdrawal.id)
      .orderBy("id")
      .execute();
    expect(trail.at(-1)).toMatchObject({
      after: { status: "paid" },
      detail: { approvedBy: ops.operatorId },
    });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const stranger = await insertMember(handle.db);
    expect(
      await errorCode(
        confirmWithdrawalReceipt(handle.db, {
          memberId: stranger,
          withdrawalId: withdrawal.id,
          receivedAmount: 1_000n,
          proofs: [],
        }),
      ),
    ).toBe("not_found");
    const received = await confirmWithdrawalReceipt(handle.db, {
      memberId: member,
      withdrawalId: withdrawal.id,
      receivedAmount: 1_000n,
      proofs: [{ bytes: png }],
    });
    expect(received).toMatchObject({ status: "received", receipt: "member" });
    const proofs = await handle.db
      .selectFrom("withdrawal_proofs")
      .select(["content_type", "size"])
      .where("withdrawal_id", "=", withdrawal.id)
      .execute();
    expect(proofs).toEqual([{ content_type: "image/png", size: 11 }]);
  });

  test("proofs are checked by content, size and count", async () => {
    expect(sniffProofType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffProofType(new TextEncoder().encode("GIF89a"))).toBeNull();
    expect(sniffProofType(new TextEncoder().encode("<svg>"))).toBeNull();
    const base = { memberId: "1", withdrawalId: "1", receivedAmount: 0n };
    expect(
      await errorCode(
        confirmWithdrawalReceipt(handle.db, {
          ...base,
          proofs: [{ bytes: new TextEncoder().encode("%PDF-1.7") }],
        }),
      ),
    ).toBe("proof_type");
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff]);
    expect(
      await errorCode(confirmWithdrawalReceipt(handle.db, { ...base, proofs: [{ bytes: big }] })),
    ).toBe("proof_size");
    const jpeg = { bytes: new Uint8Array([0xff, 0xd8, 0xff, 0]) };
    expect(
      await errorCode(
        confirmWithdrawalReceipt(handle.db, { ...base, proofs: [jpeg, jpeg, jpeg, jpeg] }),
      ),
    ).toBe("proof_count");
  });

  test("not received opens a dispute: a refund returns the remaining amount, once", async () => {
    const member = await insertMember(handle.db);
    const payee = await insertPayee(handle.db, member);
    await fund(member, 1_000n);
    const withdrawal = await requestWithdrawal(
      handle.db,
      { memberId: member, payeeAccountId: payee, amount: 800n, key: formKey() },
      policy,
      "UTC",
    );
    const ops = await operator();
    await approveWithdrawal(handle.db, withdrawal.id, ops);
    await markWithdrawalPaid(handle.db, withdrawal.id, await operator(), policy);
    const disputed = await confirmWithdrawalReceipt(handle.db, {
      memberId: member,
      withdrawalId: withdrawal.id,
      receivedAmount: 300n,
      proofs: [],
    });
    expect(disputed.status).toBe("disputed");
    await Promise.all([
      resolveDispute(handle.db, withdrawal.id, ops, "refund"),
      resolveDispute(handle.db, withdrawal.id, ops, "refund"),
    ]);
    expect(await main(member)).toBe(200n + 500n);
  });

  test("a paid withdrawal not confirmed in time counts as received", async () => {
    const member = await insertMember(handle.db);
    const payee = await insertPayee(handle.db, member);
    await fund(member, 100n);
    const withdrawal = await requestWithdrawal(
      handle.db,
      { memberId: member, payeeAccountId: payee, amount: 100n, key: formKey() },
      policy,
      "UTC",
    );
    const ops = await operator();
    await approveWithdrawal(handle.db, withdrawal.id, ops);
    const paidAt = new Date("2026-01-01T00:00:00Z");
    await markWithdrawalPaid(handle.db, withdrawal.id, await operator(), policy, paidAt);
    await autoReceiveDue(handle.db, new Date(paidAt.getTime() + 59 * 60_000));
    expect(
      (
        await handle.db
          .selectFrom("withdrawals")
          .select("status")
          .where("id", "=", withdrawal.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe("paid");
    await autoReceiveDue(handle.db, new Date(paidAt.getTime() + 60 * 60_000));
    expect(
      await handle.db
        .selectFrom("withdrawals")
        .select(["status", "receipt", "received_amount"])
        .where("id", "=", withdrawal.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      status: "received",
      receipt: "auto",
      received_amount: "100",
    });
  });

  test("limits: range, payee ownership, requests per day", async () => {
    const member = await insertMember(handle.db);
    const payee = await insertPayee(handle.db, member);
    await fund(member, 1_000n);
    const strict = testWalletPolicy({ withdraw: { min: 10, max: 500, dailyCount: 2 } });
    const request = (amount: bigint, payeeAccountId = payee) =>
      requestWithdrawal(
        handle.db,
        { memberId: member, payeeAccountId, amount, key: formKey() },
        strict,
        "Asia/Karachi",
      );
    expect(await errorCode(request(9n))).toBe("amount_out_of_range");
    expect(await errorCode(request(501n))).toBe("amount_out_of_range");
    const strangersPayee = await insertPayee(handle.db, await insertMember(handle.db));
    expect(await errorCode(request(10n, strangersPayee))).toBe("unknown_payee");
    await request(10n);
    await request(10n);
    expect(await errorCode(request(10n))).toBe("daily_limit");
    expect(await main(member)).toBe(980n);
  });
});

describe("house accounts", () => {
  test("money in equals money held plus money out; points held equal points given", async () => {
    const rows = await handle.db
      .selectFrom("accounts")
      .select(["kind", "balance", "member_id"])
      .execute();
    const sum = (filter: (row: (typeof rows)[number]) => boolean) =>
      rows.filter(filter).reduce((total, row) => total + BigInt(row.balance), 0n);
    const moneyIn = -sum((row) => row.kind === HOUSE.payments);
    const held =
      sum((row) => row.member_id !== null && row.kind !== POINTS) +
      sum((row) => row.kind === HOUSE.withdrawalHold);
    const out = sum((row) => row.kind === HOUSE.payouts);
    expect(moneyIn).toBeGreaterThan(0n);
    expect(moneyIn).toBe(held + out);
    const pointsHeld = sum((row) => row.kind === POINTS);
    expect(pointsHeld).toBeGreaterThan(0n);
    expect(-sum((row) => row.kind === HOUSE.points)).toBe(pointsHeld);
  });
});
