import { sql, type Kysely } from "kysely";

/**
 * One-time setup links for every staff account, not only the first operator:
 * the table of migration 0029 becomes `staff_setup_tokens`, and a link names
 * the account it sets a password for (`member_id`), or none for the first
 * operator of an empty brand. Still only the token's SHA-256 is kept; a newer
 * link for the same account voids its older unused ones.
 */
export async function up(db: Kysely<unknown>) {
  await sql`alter table operator_setup_tokens rename to staff_setup_tokens`.execute(db);
  await sql`alter table staff_setup_tokens
    add column member_id bigint references members (id) on delete cascade`.execute(db);
  await sql`create index staff_setup_tokens_member on staff_setup_tokens (member_id)
    where used_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`delete from staff_setup_tokens where member_id is not null`.execute(db);
  await sql`drop index staff_setup_tokens_member`.execute(db);
  await sql`alter table staff_setup_tokens drop column member_id`.execute(db);
  await sql`alter table staff_setup_tokens rename to operator_setup_tokens`.execute(db);
}
