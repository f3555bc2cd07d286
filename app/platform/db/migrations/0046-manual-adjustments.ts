import { sql, type Kysely } from "kysely";

/**
 * Manual adjustments: staff credit or debit a member's main balance with a
 * reason code and a note. Above the brand's threshold an adjustment waits for
 * a second staff member, and the database holds the rule whatever code writes
 * the row: the approver is never the one who asked (`decided_by` differs from
 * `requested_by`), an adjustment that needed approval is applied only with an
 * approver, and an applied one names its ledger entry. A form's key is unique
 * per staff member, so a doubled submit finds the first request.
 */
const NEW_PERMISSIONS = ["adjustments.view", "adjustments.request", "adjustments.approve"];

export async function up(db: Kysely<unknown>) {
  await sql`create table manual_adjustments (
    id bigserial primary key,
    member_id bigint not null references members (id),
    direction text not null check (direction in ('credit', 'debit')),
    amount bigint not null check (amount > 0),
    reason text not null check (reason ~ '^[a-z_]{2,32}$'),
    note text not null check (char_length(note) between 1 and 500),
    request_key text not null unique,
    needs_approval boolean not null,
    status text not null default 'pending' check (status in ('pending', 'applied', 'rejected')),
    requested_by bigint not null references members (id),
    requested_at timestamptz not null default now(),
    decided_by bigint references members (id),
    decided_at timestamptz,
    decision_note text check (char_length(decision_note) <= 500),
    entry_id bigint references entries (id),
    constraint manual_adjustments_four_eyes
      check (decided_by is null or decided_by <> requested_by),
    constraint manual_adjustments_approved
      check (status <> 'applied' or not needs_approval or decided_by is not null),
    constraint manual_adjustments_rejected_by_someone
      check (status <> 'rejected' or decided_by is not null),
    constraint manual_adjustments_entry
      check ((status = 'applied') = (entry_id is not null)),
    constraint manual_adjustments_decided
      check ((status = 'pending') = (decided_at is null))
  )`.execute(db);
  await sql`create index manual_adjustments_member on manual_adjustments (member_id, requested_at desc)`.execute(
    db,
  );
  await sql`create index manual_adjustments_pending on manual_adjustments (requested_at)
    where status = 'pending'`.execute(db);
  await sql`update staff_roles
    set permissions = array(select distinct unnest(permissions || ${sql.val(NEW_PERMISSIONS)}::text[]) order by 1),
        updated_at = now()
    where name = 'admin'`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`update staff_roles
    set permissions = array(select unnest(permissions) except select unnest(${sql.val(NEW_PERMISSIONS)}::text[]) order by 1)
    where name = 'admin'`.execute(db);
  await sql`drop table manual_adjustments`.execute(db);
}
