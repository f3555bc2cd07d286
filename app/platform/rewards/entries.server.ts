import type { Selectable, Transaction, Updateable } from "kysely";
import type { DB, PromotionEntriesTable } from "../db/schema";
import { PlatformError } from "../errors";
import type { Promotion } from "./promotion-rows.server";
import { transition, type PromotionAction, type Transition } from "./promotion-states";
import type { StoredState } from "./promotion-types";

/**
 * A member's entry in a promotion for one period: every change locks its row
 * (`for update`) and goes through the state machine, so two clicks, two
 * processes or a replayed form make one move and the second finds it made.
 */
type Trx = Transaction<DB>;
export type EntryRow = Selectable<PromotionEntriesTable>;

export function lockEntry(trx: Trx, promotionId: string, memberId: string, periodKey: string) {
  return trx
    .selectFrom("promotion_entries")
    .selectAll()
    .where("promotion_id", "=", promotionId)
    .where("member_id", "=", memberId)
    .where("period_key", "=", periodKey)
    .forUpdate()
    .executeTakeFirst();
}

export function lockEntryById(trx: Trx, entryId: string) {
  if (!/^\d{1,18}$/.test(entryId)) return Promise.resolve(undefined);
  return trx
    .selectFrom("promotion_entries")
    .selectAll()
    .where("id", "=", entryId)
    .forUpdate()
    .executeTakeFirst();
}

/** Makes `action`'s move on an existing entry, writing `changes` with the new state when it moved. */
export async function moveEntry(
  trx: Trx,
  entry: EntryRow,
  action: PromotionAction,
  now: Date,
  options: { locked?: boolean; changes?: Updateable<PromotionEntriesTable> } = {},
): Promise<Transition> {
  const move = transition(entry.state as StoredState, action, options.locked);
  if (move.changed) {
    await trx
      .updateTable("promotion_entries")
      .set({ ...options.changes, state: move.state, updated_at: now })
      .where("id", "=", entry.id)
      .execute();
  }
  return move;
}

/** The same, by the entry's id (the bonus engine knows a grant's entry, not its period). */
export async function setEntryState(trx: Trx, entryId: string, action: PromotionAction, now: Date) {
  const entry = await lockEntryById(trx, entryId);
  if (!entry) throw new PlatformError("promotion_not_found");
  return moveEntry(trx, entry, action, now);
}

/**
 * Creates the entry in the state `action` leads to from none. Returns null
 * when the member already has an entry for this period (the caller treats
 * that as a replay), without writing anything.
 */
export async function createEntry(
  trx: Trx,
  values: {
    promotion: Promotion;
    memberId: string;
    periodKey: string;
    action: PromotionAction;
    locked?: boolean;
    amount?: bigint;
    depositId?: string;
    comment?: string;
  },
  now: Date,
): Promise<{ entry: EntryRow; state: StoredState } | null> {
  const { state } = transition("none", values.action, values.locked);
  const entry = await trx
    .insertInto("promotion_entries")
    .values({
      promotion_id: values.promotion.id,
      member_id: values.memberId,
      period_key: values.periodKey,
      state,
      amount: values.amount?.toString() ?? null,
      deposit_id: values.depositId ?? null,
      comment: values.comment ?? null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(["promotion_id", "member_id", "period_key"]).doNothing())
    .returningAll()
    .executeTakeFirst();
  return entry ? { entry, state } : null;
}
