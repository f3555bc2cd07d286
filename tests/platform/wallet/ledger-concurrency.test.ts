import { afterAll, beforeAll, expect, test } from "vitest";
import type { DatabaseHandle } from "~/platform/db/open.server";
import type { PlatformError } from "~/platform/errors";
import { walletBalances } from "~/platform/wallet/balance.server";
import { confirmDeposit, createDeposit } from "~/platform/wallet/deposits.server";
import { MAIN } from "~/platform/wallet/ledger.server";
import { transferBetweenWallets } from "~/platform/wallet/transfers.server";
import { requestWithdrawal } from "~/platform/wallet/withdrawals.server";
import { createTestDatabase } from "../../helpers/database";
import { formKey, insertMember, insertPayee, testWalletPolicy } from "../../helpers/wallet";

/**
 * Concurrency on the database the suite runs against: in-memory PGlite (one
 * connection, so calls interleave between statements) and, in CI, real
 * PostgreSQL with a pool of 20 connections, where the transactions truly
 * overlap and only row locks and the unique key keep the ledger right.
 */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase({ poolSize: 20 });
});
afterAll(() => handle?.close());

const policy = testWalletPolicy();

async function fundedMember(amount: bigint) {
  const member = await insertMember(handle.db);
  const deposit = await createDeposit(
    handle.db,
    { memberId: member, channel: "demo-pay", amount, key: formKey() },
    policy,
  );
  await confirmDeposit(handle.db, deposit.id);
  return member;
}

test("50 parallel withdrawals of 10 from a balance of 100: exactly 10 succeed", async () => {
  const member = await fundedMember(100n);
  const payee = await insertPayee(handle.db, member);
  const results = await Promise.allSettled(
    Array.from({ length: 50 }, () =>
      requestWithdrawal(
        handle.db,
        { memberId: member, payeeAccountId: payee, amount: 10n, key: formKey() },
        policy,
        "UTC",
      ),
    ),
  );
  const succeeded = results.filter((result) => result.status === "fulfilled");
  const refused = results.filter(
    (result): result is PromiseRejectedResult => result.status === "rejected",
  );
  expect(succeeded).toHaveLength(10);
  expect(refused.map((result) => (result.reason as PlatformError).code)).toEqual(
    Array(40).fill("insufficient_balance"),
  );
  expect((await walletBalances(handle.db, member, [])).main).toBe("0");
  const withdrawals = await handle.db
    .selectFrom("withdrawals")
    .select("amount")
    .where("member_id", "=", member)
    .execute();
  expect(withdrawals).toHaveLength(10);
});

test("100 parallel requests with one idempotency key: one entry, identical answers", async () => {
  const member = await fundedMember(1_000n);
  const key = formKey();
  const results = await Promise.all(
    Array.from({ length: 100 }, () =>
      transferBetweenWallets(
        handle.db,
        { memberId: member, from: MAIN, to: "V1", amount: 250n, key },
        policy,
      ),
    ),
  );
  const entries = await handle.db
    .selectFrom("entries")
    .select("id")
    .where("member_id", "=", member)
    .where("kind", "=", "transfer")
    .execute();
  expect(entries).toHaveLength(1);
  const answers = new Set(
    results.map(({ id, postings }) =>
      JSON.stringify({ id, postings }, (_, value) =>
        typeof value === "bigint" ? value.toString() : value,
      ),
    ),
  );
  expect(answers.size).toBe(1);
  expect(results.filter((result) => !result.replayed)).toHaveLength(1);
  expect(await walletBalances(handle.db, member, ["V1"])).toMatchObject({
    main: "750",
    vendors: [{ vassalage: "V1", balance: "250" }],
  });
});

test("100 parallel withdrawals with one idempotency key: one withdrawal, one hold", async () => {
  const member = await fundedMember(1_000n);
  const payee = await insertPayee(handle.db, member);
  const key = formKey();
  const results = await Promise.all(
    Array.from({ length: 100 }, () =>
      requestWithdrawal(
        handle.db,
        { memberId: member, payeeAccountId: payee, amount: 300n, key },
        policy,
        "UTC",
      ),
    ),
  );
  expect(new Set(results.map((result) => result.id)).size).toBe(1);
  expect((await walletBalances(handle.db, member, [])).main).toBe("700");
});

test("opposite transfers between the same two wallets in parallel never deadlock", async () => {
  const member = await fundedMember(10_000n);
  await transferBetweenWallets(
    handle.db,
    { memberId: member, from: MAIN, to: "V2", amount: 5_000n, key: formKey() },
    policy,
  );
  await Promise.all(
    Array.from({ length: 40 }, (_, index) =>
      transferBetweenWallets(
        handle.db,
        {
          memberId: member,
          from: index % 2 ? MAIN : "V2",
          to: index % 2 ? "V2" : MAIN,
          amount: 10n,
          key: formKey(),
        },
        policy,
      ),
    ),
  );
  expect(await walletBalances(handle.db, member, ["V2"])).toMatchObject({
    main: "5000",
    total: "10000",
  });
});
