import { sql, type Kysely } from "kysely";

/**
 * Staff can close a member's or agent's account for good, with a reason from
 * a fixed list. A closed account keeps its money: the member signs in to the
 * cash-out page alone and withdraws it, unless compliance holds the funds
 * (`funds_held_at`), when even that page pays nothing out. A closed row must
 * carry its reason, as a suspended one does. The permission goes to the admin
 * role; a new brand's compliance role has it from the catalogue.
 */
const NEW_PERMISSIONS = ["players.close"];

export async function up(db: Kysely<unknown>) {
  await sql`alter table members
    drop constraint members_status_check,
    add constraint members_status_check
      check (status in ('active', 'disabled', 'suspended', 'closed')),
    drop constraint members_suspension_reason,
    add constraint members_suspension_reason
      check (status not in ('suspended', 'closed') or status_reason is not null),
    add column funds_held_at timestamptz,
    add constraint members_funds_held_closed
      check (funds_held_at is null or status = 'closed')`.execute(db);
  await sql`update staff_roles
    set permissions = array(select distinct unnest(permissions || ${sql.val(NEW_PERMISSIONS)}::text[]) order by 1),
        updated_at = now()
    where name = 'admin'`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`update staff_roles
    set permissions = array(select unnest(permissions) except select unnest(${sql.val(NEW_PERMISSIONS)}::text[]) order by 1)
    where name = 'admin'`.execute(db);
  await sql`update members set status = 'disabled', status_reason = null where status = 'closed'`.execute(
    db,
  );
  await sql`alter table members
    drop constraint members_funds_held_closed,
    drop column funds_held_at,
    drop constraint members_suspension_reason,
    add constraint members_suspension_reason
      check (status <> 'suspended' or status_reason is not null),
    drop constraint members_status_check,
    add constraint members_status_check check (status in ('active', 'disabled', 'suspended'))`.execute(
    db,
  );
}
