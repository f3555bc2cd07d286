import { sql, type Kysely } from "kysely";

/**
 * Player protection limits (issue 17): one row per member, kind and period.
 * `amount` is the limit in force (null: none); a raise or a removal waits in
 * `pending_*` for 24 hours and the member's confirmation (ADR 20). The row is
 * also the lock that serialises a member's deposits and bets against it.
 */
const statements = [
  `create table protection_limits (
     member_id bigint not null references members (id),
     kind text not null check (kind in ('deposit', 'loss', 'wager')),
     period text not null check (period in ('day', 'week', 'month')),
     amount bigint check (amount > 0),
     pending_amount bigint check (pending_amount > 0),
     pending_since timestamptz,
     updated_at timestamptz not null,
     primary key (member_id, kind, period),
     constraint protection_limits_pending check (pending_since is not null or pending_amount is null)
   )`,
  `create index deposits_member_settled on deposits (member_id, settled_at) where status = 'confirmed'`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql.raw(`drop index deposits_member_settled`).execute(db);
  await sql.raw(`drop table protection_limits`).execute(db);
}
