import { sql, type Kysely } from "kysely";

/**
 * Staff can suspend a member or agent and reactivate it. The row says why
 * (`status_reason`, one code of a fixed list the member is shown at sign-in),
 * staff's own words (`status_note`, never shown to the member), and since
 * when. A suspended row must carry its reason. The suspend and sign-out
 * permissions go to the admin role; other roles of an existing brand get
 * them from an admin (a new brand's compliance role has them from the catalogue).
 */
const NEW_PERMISSIONS = ["players.suspend", "players.sign_out"];

export async function up(db: Kysely<unknown>) {
  await sql`alter table members
    drop constraint members_status_check,
    add constraint members_status_check check (status in ('active', 'disabled', 'suspended')),
    add column status_reason text,
    add column status_note text,
    add column status_changed_at timestamptz,
    add constraint members_suspension_reason
      check (status <> 'suspended' or status_reason is not null)`.execute(db);
  await sql`update staff_roles
    set permissions = array(select distinct unnest(permissions || ${sql.val(NEW_PERMISSIONS)}::text[]) order by 1),
        updated_at = now()
    where name = 'admin'`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`update staff_roles
    set permissions = array(select unnest(permissions) except select unnest(${sql.val(NEW_PERMISSIONS)}::text[]) order by 1)
    where name = 'admin'`.execute(db);
  await sql`update members set status = 'disabled' where status = 'suspended'`.execute(db);
  await sql`alter table members
    drop constraint members_suspension_reason,
    drop column status_changed_at,
    drop column status_note,
    drop column status_reason,
    drop constraint members_status_check,
    add constraint members_status_check check (status in ('active', 'disabled'))`.execute(db);
}
