import { sql, type Kysely } from "kysely";
import type { Database } from "../db/open.server";
import type { DB } from "../db/schema";
import { publishEvent } from "../events/outbox.server";

/**
 * Platform messages to one member (deposit arrived, withdrawal approved,
 * withdrawal rejected, deposit failed). Stored as a kind plus parameters and
 * translated when shown, so a member reads them in their current language.
 */
export type MessageKind =
  | "deposit_arrived"
  | "deposit_failed"
  | "withdrawal_approved"
  | "withdrawal_rejected"
  | "withdrawal_paid"
  // VIP levels (ADR 16): reached a level, with or without an upgrade bonus.
  | "vip_upgraded"
  | "vip_upgraded_bonus"
  // Rewards (app/platform/rewards): params promotion (id), amount, and reason where one is given.
  | "promotion_claimable"
  | "promotion_issued"
  | "promotion_released"
  | "promotion_forfeited"
  | "application_approved"
  | "application_rejected"
  | "cashback_issued"
  | "red_envelope"
  // Referral (app/platform/rewards/referral): params promotion, amount, friend (masked account).
  | "referral_reward"
  // The points mall: params item (goods name), quantity, points, and reason on a rejection.
  | "redemption_approved"
  | "redemption_rejected"
  | "redemption_complete"
  // Age verification (issue 17): reason on a rejection.
  | "age_verified"
  | "age_rejected"
  // Player protection (issue 17): an operator set or lowered a limit; params kind, period, amount.
  | "protection_limit_set_by_operator"
  // Feedback (issue 16): params thread (id) and answer (the operator's text).
  | "feedback_answered"
  // ADR 37: a sign-in from a new IP passed its step-up; params ip and at (ISO time).
  | "new_sign_in";

type Executor = Kysely<DB>;

export async function postMessage(
  db: Executor,
  memberId: string,
  kind: MessageKind,
  params: Record<string, string>,
  at = new Date(),
) {
  const stored = PROMOTIONAL.has(kind)
    ? // Issue 17: no promotion reaches a member on a time-out or self-exclusion. Folded into the
      // insert, so a message costs no extra round trip; account messages always go.
      await db
        .insertInto("member_messages")
        .columns(["member_id", "kind", "params", "created_at"])
        .expression(
          sql`select ${memberId}::bigint, ${kind}, ${JSON.stringify(params)}::jsonb, ${at}::timestamptz
            where not exists (select 1 from protection_breaks b where b.member_id = ${memberId}::bigint
              and b.starts_at <= ${at}::timestamptz and b.ends_at > ${at}::timestamptz)`,
        )
        .executeTakeFirst()
    : await db
        .insertInto("member_messages")
        .values({ member_id: memberId, kind, params: JSON.stringify(params), created_at: at })
        .executeTakeFirst();
  if (Number(stored.numInsertedOrUpdatedRows ?? 1n) === 0) return;
  const unread = await unreadMessageCount(db, memberId);
  await publishEvent(db, { audience: { memberId }, type: "message", data: { kind, unread } });
}

/** Messages that promote play, stopped during a break; the rest are about the member's money. */
const PROMOTIONAL: ReadonlySet<MessageKind> = new Set<MessageKind>([
  "promotion_claimable",
  "promotion_issued",
  "cashback_issued",
  "red_envelope",
  "referral_reward",
  "vip_upgraded",
  "vip_upgraded_bonus",
]);

export async function unreadMessageCount(db: Executor, memberId: string): Promise<number> {
  const row = await db
    .selectFrom("member_messages")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("member_id", "=", memberId)
    .where("read_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface MemberMessage {
  id: string;
  kind: MessageKind;
  params: Record<string, string>;
  createdAt: string;
  read: boolean;
}

export async function listMessages(
  db: Database,
  memberId: string,
  { page, pageSize }: { page: number; pageSize: number },
) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom("member_messages")
      .select(["id", "kind", "params", "created_at", "read_at"])
      .where("member_id", "=", memberId)
      .orderBy("id", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom("member_messages")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("member_id", "=", memberId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    messages: rows.map((row): MemberMessage => ({
      id: row.id,
      kind: row.kind as MessageKind,
      params: row.params,
      createdAt: new Date(row.created_at).toISOString(),
      read: row.read_at !== null,
    })),
    total: Number(total.count),
  };
}

/** Marks the member's messages read (all, or the given ids); another member's ids are ignored. */
export async function markMessagesRead(db: Database, memberId: string, ids?: string[]) {
  let query = db
    .updateTable("member_messages")
    .set({ read_at: new Date() })
    .where("member_id", "=", memberId)
    .where("read_at", "is", null);
  if (ids) {
    if (ids.length === 0) return;
    query = query.where("id", "in", ids);
  }
  await query.execute();
}
