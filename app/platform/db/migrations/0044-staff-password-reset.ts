import { sql, type Kysely } from "kysely";

/**
 * Staff can require a member or agent to choose a new password at its next sign-in (a
 * leaked password, a shared account). `password_reset_required_at` says since when; the
 * sign-in asks for the change while the password is older than that, so setting a new
 * password answers it without clearing anything. The permission goes to the admin role;
 * a new brand's compliance role has it from the catalogue.
 */
const NEW_PERMISSIONS = ["players.reset_password"];

export async function up(db: Kysely<unknown>) {
  await sql`alter table members add column password_reset_required_at timestamptz`.execute(db);
  await sql`update staff_roles
    set permissions = array(select distinct unnest(permissions || ${sql.val(NEW_PERMISSIONS)}::text[]) order by 1),
        updated_at = now()
    where name = 'admin'`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`update staff_roles
    set permissions = array(select unnest(permissions) except select unnest(${sql.val(NEW_PERMISSIONS)}::text[]) order by 1)
    where name = 'admin'`.execute(db);
  await sql`alter table members drop column password_reset_required_at`.execute(db);
}
