import { sql, type Kysely } from "kysely";

/**
 * A self-excluded member signs in to the cash-out page alone: its session's
 * site is `cash_out`, which only that page's reader accepts.
 */
export async function up(db: Kysely<unknown>) {
  await sql`alter table sessions drop constraint sessions_site_check,
    add constraint sessions_site_check check (site in ('member', 'agent', 'ops', 'cash_out'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>) {
  await sql`delete from sessions where site = 'cash_out'`.execute(db);
  await sql`alter table sessions drop constraint sessions_site_check,
    add constraint sessions_site_check check (site in ('member', 'agent', 'ops'))`.execute(db);
}
