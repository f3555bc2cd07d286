import type { Kysely } from "kysely";
import { publishEvent, publishEvents } from "./outbox.server";
import type { LiveEventData, OpsQueueName } from "./types";
import type { DB } from "../db/schema";

/**
 * The producers' one-line hooks (ADR 22): each is called inside the
 * transaction of the change it announces, from the platform function that
 * makes the change.
 */
type Executor = Kysely<DB>;

/** One `balance` event per member a ledger entry touched, with MAIN's new balance when it moved. */
export function publishBalances(
  db: Executor,
  postings: readonly { o_member_id: string | null; o_kind: string; o_balance: string }[],
) {
  const members = new Map<string, string | null>();
  for (const posting of postings) {
    if (posting.o_member_id === null) continue;
    const main = posting.o_kind === "MAIN" ? posting.o_balance : null;
    members.set(posting.o_member_id, main ?? members.get(posting.o_member_id) ?? null);
  }
  return publishEvents(
    db,
    [...members].map(([memberId, main]) => ({
      audience: { memberId },
      type: "balance" as const,
      data: { main },
    })),
  );
}

export function publishDeposit(
  db: Executor,
  deposit: { member_id: string; status: string; amount: string },
) {
  if (deposit.status !== "confirmed" && deposit.status !== "failed") return;
  return publishEvent(db, {
    audience: { memberId: deposit.member_id },
    type: "deposit",
    data: {
      status: deposit.status === "confirmed" ? "credited" : "failed",
      amount: deposit.amount,
    },
  });
}

export function publishWithdrawal(
  db: Executor,
  withdrawal: { member_id: string; status: string; amount: string },
) {
  const status = withdrawal.status;
  if (status !== "approved" && status !== "rejected" && status !== "paid") return;
  // The member hears of the decision; the staff home's withdrawal counts moved with it.
  return publishEvents(db, [
    {
      audience: { memberId: withdrawal.member_id },
      type: "withdrawal",
      data: { status, amount: withdrawal.amount },
    },
    { audience: { topic: "ops:queues" }, type: "ops_queue", data: { queue: "withdrawals" } },
  ]);
}

/** The staff home's counts moved: an item joined or left `queue`. */
export function publishOpsQueue(db: Executor, queue: OpsQueueName) {
  return publishEvent(db, {
    audience: { topic: "ops:queues" },
    type: "ops_queue",
    data: { queue },
  });
}

export function publishLotteryDraw(db: Executor, game: string, draw: string, numbers: number[]) {
  return publishEvent(db, {
    audience: { topic: "lottery" },
    type: "lottery_draw",
    data: { game, draw, numbers },
  });
}

export function publishSignedOut(
  db: Executor,
  memberId: string,
  reason: LiveEventData["signed_out"]["reason"],
) {
  return publishEvent(db, { audience: { memberId }, type: "signed_out", data: { reason } });
}
