import { sql, type Kysely } from "kysely";

/**
 * Time-outs and self-exclusions (issue 17). A break is one row, never
 * updated except to record the member's request to reopen after an
 * exclusion: nothing shortens or lifts it, so no code path can undo one
 * early. `(member_id, ends_at)` is the index the hot paths (login, deposit,
 * the seamless wallet's debit) use to ask "is this member on a break now?".
 */
const statements = [
  `create table protection_breaks (
     id bigserial primary key,
     member_id bigint not null references members (id),
     kind text not null check (kind in ('time_out', 'exclusion')),
     starts_at timestamptz not null,
     ends_at timestamptz not null,
     source text not null check (source in ('member', 'operator')),
     created_by bigint not null references members (id),
     reopen_requested_at timestamptz,
     constraint protection_breaks_span check (ends_at > starts_at),
     constraint protection_breaks_reopen check (kind = 'exclusion' or reopen_requested_at is null)
   )`,
  `create index protection_breaks_member on protection_breaks (member_id, ends_at)`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql.raw(`drop table protection_breaks`).execute(db);
}
