import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/platform/db/open.server";
import {
  credit,
  debit,
  rollback,
  seamlessBalance,
  type SeamlessPlayer,
} from "~/platform/play/seamless-wallet.server";
import { MAIN } from "~/platform/wallet/ledger.server";
import { createTestDatabase } from "../../helpers/database";
import { codeOf, fundMain, insertGame } from "../../helpers/play";
import { insertMember } from "../../helpers/wallet";

let handle: DatabaseHandle;
let player: SeamlessPlayer;
const P = "test-provider";

beforeAll(async () => {
  handle = await createTestDatabase({ poolSize: 8 });
  const game = await insertGame(handle.db, { nodeId: 9_000_001 });
  const memberId = await insertMember(handle.db);
  await fundMain(handle.db, memberId, 10_000n);
  player = { memberId, account: MAIN, game };
});
afterAll(() => handle?.close());

const bet = (roundId: string) =>
  handle.db.selectFrom("bets").selectAll().where("round_id", "=", roundId).executeTakeFirst();
const balance = () => seamlessBalance(handle.db, player);

describe("seamless wallet contract", () => {
  test("bet then win: stake out, payout in, one settled bet with both", async () => {
    const before = await balance();
    const debited = await debit(handle.db, P, player, { txId: "b1", roundId: "r1", amount: 300n });
    expect(debited).toMatchObject({ balance: before - 300n, replayed: false });
    expect(await bet("r1")).toMatchObject({ status: "open", stake: "300", payout: "0" });
    const credited = await credit(handle.db, P, player, {
      txId: "w1",
      roundId: "r1",
      amount: 750n,
    });
    expect(credited.balance).toBe(before + 450n);
    expect(await bet("r1")).toMatchObject({
      status: "settled",
      stake: "300",
      valid_bet: "300",
      payout: "750",
    });
  });

  test("a lost round closes with a credit of 0, moving nothing", async () => {
    const before = await balance();
    await debit(handle.db, P, player, { txId: "b2", roundId: "r2", amount: 100n });
    const closed = await credit(handle.db, P, player, { txId: "w2", roundId: "r2", amount: 0n });
    expect(closed.balance).toBe(before - 100n);
    expect(await bet("r2")).toMatchObject({ status: "settled", payout: "0", valid_bet: "100" });
  });

  test("a duplicate bet id is the first bet again; other parameters under it are refused", async () => {
    const before = await balance();
    const first = await debit(handle.db, P, player, { txId: "b3", roundId: "r3", amount: 200n });
    const again = await debit(handle.db, P, player, { txId: "b3", roundId: "r3", amount: 200n });
    expect(again).toMatchObject({ txId: "b3", replayed: true, balance: first.balance });
    expect(await balance()).toBe(before - 200n);
    expect(
      await codeOf(debit(handle.db, P, player, { txId: "b3", roundId: "r3", amount: 999n })),
    ).toBe("duplicate_transaction");
    expect((await bet("r3"))!.stake).toBe("200");
  });

  test("parallel copies of one bet move money once", async () => {
    const before = await balance();
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        debit(handle.db, P, player, { txId: "b4", roundId: "r4", amount: 50n }),
      ),
    );
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(await balance()).toBe(before - 50n);
  });

  test("rollback of an unknown bet is accepted, moves nothing, and refuses that bet when it arrives late", async () => {
    const before = await balance();
    const undone = await rollback(handle.db, P, player, {
      txId: "x5",
      refTxId: "b5",
      roundId: "r5",
    });
    expect(undone.balance).toBe(before);
    expect(
      await codeOf(debit(handle.db, P, player, { txId: "b5", roundId: "r5", amount: 100n })),
    ).toBe("transaction_rolled_back");
    expect(await balance()).toBe(before);
    expect(await bet("r5")).toBeUndefined();
  });

  test("rollback of a known bet returns the stake once and voids the round", async () => {
    const before = await balance();
    await debit(handle.db, P, player, { txId: "b6", roundId: "r6", amount: 400n });
    await rollback(handle.db, P, player, { txId: "x6", refTxId: "b6", roundId: "r6" });
    const again = await rollback(handle.db, P, player, {
      txId: "x6",
      refTxId: "b6",
      roundId: "r6",
    });
    expect(again.replayed).toBe(true);
    expect(await balance()).toBe(before);
    expect(await bet("r6")).toMatchObject({ status: "void", stake: "0" });
    expect(
      await codeOf(credit(handle.db, P, player, { txId: "w6", roundId: "r6", amount: 10n })),
    ).toBe("round_closed");
  });

  test("a win without a bet is refused and pays nothing", async () => {
    const before = await balance();
    expect(
      await codeOf(credit(handle.db, P, player, { txId: "w7", roundId: "r7", amount: 500n })),
    ).toBe("bet_not_found");
    expect(await balance()).toBe(before);
    // The refused call left no trace, so the provider may retry it once the bet exists.
    await debit(handle.db, P, player, { txId: "b7", roundId: "r7", amount: 10n });
    expect(
      (await credit(handle.db, P, player, { txId: "w7", roundId: "r7", amount: 500n })).replayed,
    ).toBe(false);
  });

  test("a bet above the balance is refused and leaves no bet", async () => {
    const before = await balance();
    expect(
      await codeOf(debit(handle.db, P, player, { txId: "b8", roundId: "r8", amount: before + 1n })),
    ).toBe("insufficient_balance");
    expect(await bet("r8")).toBeUndefined();
    // and the id is not burnt
    expect(
      (await debit(handle.db, P, player, { txId: "b8", roundId: "r8", amount: 1n })).replayed,
    ).toBe(false);
  });

  test("no stake joins a settled round", async () => {
    await debit(handle.db, P, player, { txId: "b9", roundId: "r9", amount: 10n });
    await credit(handle.db, P, player, { txId: "w9", roundId: "r9", amount: 0n });
    expect(
      await codeOf(debit(handle.db, P, player, { txId: "b9b", roundId: "r9", amount: 10n })),
    ).toBe("round_closed");
  });
});
