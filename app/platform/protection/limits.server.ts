import type { Selectable, Transaction } from "kysely";
import { COOLING_OFF_MS, MAX_LIMIT_MINOR, type LimitKind, type LimitPeriod } from "./limits-rules";
import { audit, type AuditContext } from "../audit/audit.server";
import type { Database } from "../db/open.server";
import type { DB, ProtectionLimitsTable } from "../db/schema";
import { inTransaction, type Executor } from "../db/transaction.server";
import { PlatformError } from "../errors";

/**
 * A member's deposit, loss and wager limits (issue 17, ADR 20). Lowering a
 * limit, or setting a first one, takes effect at once; raising or removing
 * one waits 24 hours and then for the member to confirm it, so a moment's
 * impulse cannot undo a decision taken calmly. While one change waits, a
 * second raise of the same limit is refused (`limit_change_pending`).
 */

export type ProtectionLimit = Selectable<ProtectionLimitsTable>;
export type LimitEffect = "now" | "pending" | "unchanged";

export function listLimits(db: Executor, memberId: string) {
  return db
    .selectFrom("protection_limits")
    .selectAll()
    .where("member_id", "=", memberId)
    .where((eb) => eb.or([eb("amount", "is not", null), eb("pending_since", "is not", null)]))
    .execute();
}

/** When a pending change may be confirmed. */
export const confirmableFrom = (limit: Pick<ProtectionLimit, "pending_since">) =>
  limit.pending_since ? new Date(limit.pending_since.getTime() + COOLING_OFF_MS) : null;

async function lockLimit(
  trx: Transaction<DB>,
  memberId: string,
  kind: LimitKind,
  period: LimitPeriod,
) {
  return trx
    .selectFrom("protection_limits")
    .selectAll()
    .where("member_id", "=", memberId)
    .where("kind", "=", kind)
    .where("period", "=", period)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Sets (`amount`) or removes (`null`) one limit; says whether it took effect now or waits.
 * `tightenOnly` (an operator, limits-ops.server) refuses what would wait: a raise or removal.
 */
export async function setLimit(
  db: Database,
  input: {
    memberId: string;
    kind: LimitKind;
    period: LimitPeriod;
    amount: bigint | null;
    tightenOnly?: boolean;
    actorId?: string;
  },
  context: AuditContext,
  now = new Date(),
): Promise<LimitEffect> {
  const { memberId, kind, period, amount } = input;
  if (amount !== null && (amount <= 0n || amount > MAX_LIMIT_MINOR))
    throw new PlatformError("limit_out_of_range", { max: MAX_LIMIT_MINOR.toString() });
  const effect = await inTransaction(db, async (trx): Promise<LimitEffect> => {
    const row = await lockLimit(trx, memberId, kind, period);
    const current = row?.amount == null ? null : BigInt(row.amount);
    if (current === null) {
      if (amount === null) throw new PlatformError("no_limit");
      await trx
        .insertInto("protection_limits")
        .values({ member_id: memberId, kind, period, amount, updated_at: now })
        .onConflict((oc) =>
          oc.columns(["member_id", "kind", "period"]).doUpdateSet({
            amount,
            pending_amount: null,
            pending_since: null,
            updated_at: now,
          }),
        )
        .execute();
      return "now";
    }
    if (amount !== null && amount < current) {
      // A decrease wins at once and drops any raise that was waiting.
      await write(trx, input, {
        amount,
        pending_amount: null,
        pending_since: null,
        updated_at: now,
      });
      return "now";
    }
    if (amount === current) return "unchanged";
    if (input.tightenOnly) throw new PlatformError("limit_not_lower");
    if (row!.pending_since) throw new PlatformError("limit_change_pending");
    await write(trx, input, { pending_amount: amount, pending_since: now, updated_at: now });
    return "pending";
  });
  if (effect !== "unchanged")
    await audit(db, "protection_limit_set", context, {
      memberId,
      detail: {
        kind,
        period,
        amount: amount?.toString() ?? null,
        effect,
        ...(input.actorId ? { by: input.actorId } : {}),
      },
    });
  return effect;
}

/** The member's second confirmation of a waiting raise or removal, allowed once the cooling-off is over. */
export async function confirmLimitChange(
  db: Database,
  input: { memberId: string; kind: LimitKind; period: LimitPeriod },
  context: AuditContext,
  now = new Date(),
) {
  const applied = await inTransaction(db, async (trx) => {
    const row = await lockLimit(trx, input.memberId, input.kind, input.period);
    if (!row?.pending_since) throw new PlatformError("nothing_pending");
    const from = confirmableFrom(row)!;
    if (now < from) throw new PlatformError("cooling_off", { from: from.toISOString() });
    await write(trx, input, {
      amount: row.pending_amount,
      pending_amount: null,
      pending_since: null,
      updated_at: now,
    });
    return row.pending_amount;
  });
  await audit(db, "protection_limit_confirmed", context, {
    memberId: input.memberId,
    detail: { kind: input.kind, period: input.period, amount: applied },
  });
}

function write(
  trx: Transaction<DB>,
  key: { memberId: string; kind: LimitKind; period: LimitPeriod },
  changes: Partial<
    Omit<ProtectionLimit, "member_id" | "kind" | "period" | "amount" | "pending_amount">
  > & {
    amount?: bigint | string | null;
    pending_amount?: bigint | string | null;
  },
) {
  return trx
    .updateTable("protection_limits")
    .set(changes)
    .where("member_id", "=", key.memberId)
    .where("kind", "=", key.kind)
    .where("period", "=", key.period)
    .execute();
}
