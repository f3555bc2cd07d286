import type { Selectable, Transaction, Updateable } from "kysely";
import { HOUSE, MAIN, memberKey, postEntry } from "./ledger.server";
import { postMessage } from "../content/messages.server";
import type { Database } from "../db/open.server";
import type { DB, DepositsTable } from "../db/schema";
import { inTransaction } from "../db/transaction.server";
import { PlatformError } from "../errors";
import type { WalletPolicy } from "./policy";
import { publishDeposit } from "../events/producers.server";
import { assertAgeAllowsDeposit, type AgeVerificationRule } from "../protection/age.server";
import { assertNoRunningBreak } from "../protection/breaks.server";
import { checkDepositLimit, depositLimitPassed } from "../protection/limits-usage.server";
import { earnDepositPoints } from "../rewards/points/earning.server";
import { qualifyDeposit } from "../rewards/qualify.server";
import { upgradeOnDeposit } from "../rewards/vip.server";

export type Deposit = Selectable<DepositsTable>;

/** The failure reason of a confirmation refused by a deposit limit: the gateway returns the money. */
export const DEPOSIT_LIMIT_REFUND = "deposit_limit";

export function depositChannel(policy: WalletPolicy, code: string) {
  const channel = policy.depositChannels.find((candidate) => candidate.code === code);
  if (!channel) throw new PlatformError("unknown_channel");
  return channel;
}

/**
 * Opens a pending deposit on a channel. Idempotent on the form's key: the
 * same key returns the same deposit; with another amount or channel it is
 * `idempotency_key_reused`.
 */
export async function createDeposit(
  db: Database,
  input: {
    memberId: string;
    channel: string;
    amount: bigint;
    key: string;
    /** The brand's age rule; the member pages always pass it (seeds and older tests need not). */
    ageVerification?: AgeVerificationRule;
  },
  policy: WalletPolicy,
  now = new Date(),
): Promise<Deposit & { replayed: boolean }> {
  const channel = depositChannel(policy, input.channel);
  if (input.amount < BigInt(channel.min) || input.amount > BigInt(channel.max)) {
    throw new PlatformError("amount_out_of_range", { min: channel.min, max: channel.max });
  }
  await assertNoRunningBreak(db, input.memberId, now);
  await assertAgeAllowsDeposit(db, input.memberId, input.ageVerification);
  // Before the payment step; confirmDeposit checks again under the limit's lock (ADR 20).
  await checkDepositLimit(db, input.memberId, input.amount, now);
  const key = memberKey(input.memberId, "deposit", input.key);
  const created = await db
    .insertInto("deposits")
    .values({
      member_id: input.memberId,
      channel: channel.code,
      amount: input.amount.toString(),
      idempotency_key: key,
      created_at: now,
    })
    .onConflict((oc) => oc.column("idempotency_key").doNothing())
    .returningAll()
    .executeTakeFirst();
  if (created) return { ...created, replayed: false };
  const first = await db
    .selectFrom("deposits")
    .selectAll()
    .where("idempotency_key", "=", key)
    .executeTakeFirstOrThrow();
  if (first.channel !== channel.code || first.amount !== input.amount.toString())
    throw new PlatformError("idempotency_key_reused");
  return { ...first, replayed: true };
}

/** Records the gateway's order for a pending deposit (its reference and the page to pay on). */
export async function attachGatewayOrder(
  db: Database,
  depositId: string,
  order: { gatewayRef: string; payUrl: string },
) {
  await db
    .updateTable("deposits")
    .set({ gateway_ref: order.gatewayRef, pay_url: order.payUrl })
    .where("id", "=", depositId)
    .where("status", "=", "pending")
    .execute();
}

export async function findDeposit(db: Database, depositId: string) {
  return db.selectFrom("deposits").selectAll().where("id", "=", depositId).executeTakeFirst();
}

/** A member's own deposit, or nothing (another member's id reads as missing). */
export async function findMemberDeposit(db: Database, memberId: string, depositId: string) {
  if (!/^\d{1,18}$/.test(depositId)) return undefined;
  return db
    .selectFrom("deposits")
    .selectAll()
    .where("id", "=", depositId)
    .where("member_id", "=", memberId)
    .executeTakeFirst();
}

export async function findDepositByGatewayRef(db: Database, channel: string, gatewayRef: string) {
  return db
    .selectFrom("deposits")
    .selectAll()
    .where("channel", "=", channel)
    .where("gateway_ref", "=", gatewayRef)
    .executeTakeFirst();
}

/**
 * Closes a pending deposit as `status` in one transaction: locks it, returns
 * it unchanged when it is already `status` (a repeat changes nothing),
 * refuses any other closed one (`deposit_closed`), then does `settle`'s work
 * in the transaction, writes what it returns with the status, and tells the
 * member.
 */
async function closeDeposit(
  db: Database,
  depositId: string,
  status: "confirmed" | "failed",
  now: Date,
  settle: (trx: Transaction<DB>, deposit: Deposit) => Promise<Updateable<DepositsTable>>,
): Promise<{ deposit: Deposit; changed: boolean }> {
  return inTransaction(db, async (trx) => {
    const deposit = await trx
      .selectFrom("deposits")
      .selectAll()
      .where("id", "=", depositId)
      .forUpdate()
      .executeTakeFirst();
    if (!deposit) throw new PlatformError("not_found");
    if (deposit.status === status) return { deposit, changed: false };
    if (deposit.status !== "pending") throw new PlatformError("deposit_closed");
    const changes = await settle(trx, deposit);
    const updated = await trx
      .updateTable("deposits")
      .set({ status, ...changes, settled_at: now })
      .where("id", "=", deposit.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await publishDeposit(trx, updated);
    await postMessage(
      trx,
      deposit.member_id,
      updated.status === "confirmed" ? "deposit_arrived" : "deposit_failed",
      { amount: deposit.amount, deposit: deposit.id },
      now,
    );
    return { deposit: updated, changed: true };
  });
}

/**
 * Credits a pending deposit to MAIN (one ledger entry keyed by the deposit,
 * so a replayed confirmation or callback credits nothing twice) and tells
 * the member (a deposit-arrived message). In the same transaction it qualifies the
 * member's deposit promotions (rewards/qualify.server). Confirming a
 * confirmed deposit returns it unchanged; a failed or cancelled one is
 * `deposit_closed`. A deposit that would now pass one of the member's
 * deposit limits (lowered since, or parallel deposits) is not credited: it
 * fails with reason `deposit_limit` and the gateway refunds it (ADR 20).
 */
export function confirmDeposit(
  db: Database,
  depositId: string,
  now = new Date(),
): Promise<{ deposit: Deposit; changed: boolean }> {
  return closeDeposit(db, depositId, "confirmed", now, async (trx, deposit) => {
    if (await depositLimitPassed(trx, deposit.member_id, BigInt(deposit.amount), now, true))
      return { status: "failed", failure_reason: DEPOSIT_LIMIT_REFUND };
    const entry = await postEntry(trx, {
      key: `deposit:${deposit.id}`,
      kind: "deposit",
      memberId: deposit.member_id,
      ref: `deposit:${deposit.id}`,
      memo: { channel: deposit.channel },
      at: now,
      movements: [
        {
          from: { house: HOUSE.payments },
          to: { memberId: deposit.member_id, kind: MAIN },
          amount: BigInt(deposit.amount),
        },
      ],
    });
    await qualifyDeposit(trx, deposit, now);
    // VIP levels rise on a deposit, in its transaction (ADR 16).
    await upgradeOnDeposit(trx, deposit.member_id, BigInt(deposit.amount), now);
    // Points at the brand's deposit ratio, exactly once per deposit (ADR 17).
    await earnDepositPoints(trx, deposit, now);
    return { entry_id: entry.id };
  });
}

/** The gateway says the payment failed; the member is told. Nothing was credited; a repeat changes nothing. */
export function failDeposit(
  db: Database,
  depositId: string,
  reason: string,
  now = new Date(),
): Promise<{ deposit: Deposit; changed: boolean }> {
  return closeDeposit(db, depositId, "failed", now, async () => ({
    failure_reason: reason.slice(0, 200),
  }));
}

/** The member abandons a pending deposit on the pay step. */
export async function cancelDeposit(
  db: Database,
  memberId: string,
  depositId: string,
  now = new Date(),
) {
  const result = await db
    .updateTable("deposits")
    .set({ status: "cancelled", settled_at: now })
    .where("id", "=", depositId)
    .where("member_id", "=", memberId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function listDeposits(
  db: Database,
  memberId: string,
  { page, pageSize }: { page: number; pageSize: number },
) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom("deposits")
      .select(["id", "channel", "amount", "status", "created_at", "settled_at", "failure_reason"])
      .where("member_id", "=", memberId)
      .orderBy("id", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom("deposits")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("member_id", "=", memberId)
      .executeTakeFirstOrThrow(),
  ]);
  return { deposits: rows, total: Number(total.count) };
}
