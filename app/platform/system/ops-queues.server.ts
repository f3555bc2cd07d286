import { sql, type RawBuilder, type SqlBool } from "kysely";
import type { Database } from "../db/open.server";

/**
 * The back office's queues of work waiting for staff, each in the states its
 * own screen shows as to do: withdrawals waiting for a decision, approved ones
 * waiting to be paid, promotion applications, points redemptions not yet
 * completed, age checks, support conversations whose last word is the
 * member's, feedback nobody has answered yet, and manual adjustments waiting
 * for a second staff member.
 */
export const OPS_QUEUES = [
  "withdrawals_pending",
  "withdrawals_approved",
  "promotion_applications",
  "points_redemptions",
  "age_checks",
  "support",
  "feedback",
  "adjustments",
] as const;

export type OpsQueue = (typeof OPS_QUEUES)[number];

export interface OpsQueueCount {
  queue: OpsQueue;
  count: number;
  /** Since when the longest-waiting item has waited; null when the queue is empty. */
  oldestAt: Date | null;
}

type Counted = { count: string | number | bigint; oldest: Date | string | null };

/**
 * The queues read from one table by their status: the states that wait, and since when an
 * item has waited (its creation, unless told).
 */
const BY_STATUS: Record<
  Exclude<OpsQueue, "support">,
  { table: string; column: string; states: readonly string[]; since?: RawBuilder<unknown> }
> = {
  withdrawals_pending: { table: "withdrawals", column: "status", states: ["pending"] },
  // Waiting for payment since the approval.
  withdrawals_approved: {
    table: "withdrawals",
    column: "status",
    states: ["approved"],
    since: sql`coalesce(decided_at, created_at)`,
  },
  promotion_applications: { table: "promotion_entries", column: "state", states: ["applying"] },
  // Both still need an operator: a decision, then the delivery that completes it.
  points_redemptions: { table: "redemptions", column: "status", states: ["process", "approved"] },
  age_checks: { table: "age_checks", column: "status", states: ["pending"] },
  feedback: { table: "feedback_threads", column: "status", states: ["open"] },
  adjustments: {
    table: "manual_adjustments",
    column: "status",
    states: ["pending"],
    since: sql.ref("requested_at"),
  },
};

/** One queue's waiting items and the moment the longest-waiting one started to wait. */
async function countQueue(db: Database, queue: OpsQueue): Promise<Counted> {
  if (queue === "support") return countSupport(db);
  const { table, column, states, since = sql.ref("created_at") } = BY_STATUS[queue];
  const { rows } = await sql<Counted>`select count(*) as count, min(${since}) as oldest
    from ${sql.table(table)} where ${sql.ref(column)} in (${sql.join(states)})`.execute(db);
  return rows[0]!;
}

/**
 * An open support conversation (aliased `c`) waits for staff while the member wrote last. The
 * support queue's "waiting" filter reads the same condition, so the home's count and the list
 * it links to always agree.
 */
export const SUPPORT_WAITS = sql<SqlBool>`c.status = 'open'
  and c.last_member_message_at is not null
  and c.last_member_message_at >= c.last_message_at`;

/** It has waited since the member's first message after the operators' last answer. */
function countSupport(db: Database): Promise<Counted> {
  return db
    .selectFrom("support_conversations as c")
    .select((eb) => [
      eb.fn.countAll<string>().as("count"),
      eb.fn
        .min(
          sql<Date>`(select min(m.created_at) from support_messages m
            where m.conversation_id = c.id and m.author = 'member'
              and m.created_at > coalesce((select max(o.created_at) from support_messages o
                where o.conversation_id = c.id and o.author = 'operator'), '-infinity'))`,
        )
        .as("oldest"),
    ])
    .where(SUPPORT_WAITS)
    .executeTakeFirstOrThrow();
}

/**
 * How many items wait in each of `queues` and since when the oldest has: only
 * the queues asked for are read, so a caller asks for those its viewer may see.
 * Handled items (decided, paid, answered, closed) are not counted.
 */
export async function opsQueueCounts(
  db: Database,
  queues: readonly OpsQueue[],
): Promise<OpsQueueCount[]> {
  const asked = OPS_QUEUES.filter((queue) => queues.includes(queue));
  const counted = await Promise.all(asked.map((queue) => countQueue(db, queue)));
  return asked.map((queue, index) => {
    const { count, oldest } = counted[index]!;
    return { queue, count: Number(count), oldestAt: oldest === null ? null : new Date(oldest) };
  });
}
