import { sql, type Kysely } from "kysely";
import { blindIndex, openText } from "../at-rest.server";

/**
 * The back office's player search and page read with `players.view`: the
 * admin role gets it; other roles of an existing brand get it from an admin
 * (a new brand's built-in roles have it from the catalogue).
 */
const NEW_PERMISSIONS = ["players.view"];

export async function up(db: Kysely<unknown>) {
  await sql`update staff_roles
    set permissions = array(select distinct unnest(permissions || ${sql.val(NEW_PERMISSIONS)}::text[]) order by 1),
        updated_at = now()
    where name = 'admin'`.execute(db);
  await sql`create index members_email_lower on members (lower(email)) where email is not null`.execute(
    db,
  );
  await sql`create index members_register_ip on members (register_ip) where register_ip is not null`.execute(
    db,
  );
  // Payee numbers are sealed with a random IV: a blind index finds one by its exact number.
  await sql`alter table payee_accounts add column account_number_index text`.execute(db);
  const { rows } = await sql<{ id: string; account_number: string }>`
    select id, account_number from payee_accounts`.execute(db);
  for (const row of rows)
    await sql`update payee_accounts set account_number_index = ${blindIndex(openText(row.account_number))}
      where id = ${row.id}`.execute(db);
  await sql`create index payee_accounts_number_index on payee_accounts (account_number_index)`.execute(
    db,
  );
  await sql`create index sessions_ip on sessions (ip) where ip is not null`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop index sessions_ip`.execute(db);
  await sql`drop index payee_accounts_number_index`.execute(db);
  await sql`alter table payee_accounts drop column account_number_index`.execute(db);
  await sql`drop index members_register_ip`.execute(db);
  await sql`drop index members_email_lower`.execute(db);
  await sql`update staff_roles
    set permissions = array(select unnest(permissions) except select unnest(${sql.val(NEW_PERMISSIONS)}::text[]) order by 1)
    where name = 'admin'`.execute(db);
}
