import { sql, type Kysely } from "kysely";

/**
 * Age verification (issue 17): a member's requests to have a birthday
 * verified with a photo of an ID document. The partial unique index is the
 * rule "one open request at a time, and none once verified": a second
 * request while one is pending, or after a verification, cannot be stored
 * whatever the caller does. A rejection closes a request, so the member may
 * ask again.
 */
const statements = [
  `create table age_checks (
     id bigserial primary key,
     member_id bigint not null references members (id),
     birthday text not null check (birthday ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
     content_type text not null check (content_type in ('image/png', 'image/jpeg')),
     size integer not null check (size > 0 and size <= 5242880),
     bytes bytea not null,
     status text not null default 'pending' check (status in ('pending', 'verified', 'rejected')),
     reason text,
     decided_by bigint references members (id),
     created_at timestamptz not null,
     decided_at timestamptz,
     constraint age_checks_decision check ((status = 'pending') = (decided_at is null)),
     constraint age_checks_reason check (status <> 'rejected' or length(reason) > 0)
   )`,
  `create unique index age_checks_open on age_checks (member_id) where status in ('pending', 'verified')`,
  `create index age_checks_pending on age_checks (created_at, id) where status = 'pending'`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql.raw(`drop table age_checks`).execute(db);
}
