import { sql } from "kysely";
import type { Database } from "../db/open.server";

/**
 * "Net deposits" on the protection page (issue 17): deposits confirmed in the
 * window minus withdrawals requested in it that were not given back (pending,
 * approved, paid, received, disputed: the money has left the member's
 * wallet). A member sees at a glance how much of their own money went in.
 */
export async function netDeposits(
  db: Database,
  memberId: string,
  window: { from: Date; to: Date },
) {
  const [deposited, withdrawn] = await Promise.all([
    db
      .selectFrom("deposits")
      .select(sql<string>`coalesce(sum(amount), 0)`.as("total"))
      .where("member_id", "=", memberId)
      .where("status", "=", "confirmed")
      .where("settled_at", ">=", window.from)
      .where("settled_at", "<", window.to)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("withdrawals")
      .select(sql<string>`coalesce(sum(amount), 0)`.as("total"))
      .where("member_id", "=", memberId)
      .where("status", "in", ["pending", "approved", "paid", "received", "disputed"])
      .where("created_at", ">=", window.from)
      .where("created_at", "<", window.to)
      .executeTakeFirstOrThrow(),
  ]);
  const deposits = BigInt(deposited.total);
  const withdrawals = BigInt(withdrawn.total);
  return { deposits, withdrawals, net: deposits - withdrawals };
}
