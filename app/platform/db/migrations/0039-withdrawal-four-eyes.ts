import { sql, type Kysely } from "kysely";

/**
 * Four eyes on every withdrawal payment: the staff member who approved a
 * withdrawal (`decided_by`) cannot be the one who pays it (`paid_by`), and
 * the database refuses a row that says otherwise. A dispute's outcome is
 * recorded apart (`resolved_by`, `resolved_at`), so no later act overwrites
 * who approved and who paid. Rows paid before this migration keep what they
 * had: the payer's id in `decided_by`, `paid_by` empty.
 */
export async function up(db: Kysely<unknown>) {
  await sql`alter table withdrawals
    add column paid_by bigint references members (id),
    add column resolved_by bigint references members (id),
    add column resolved_at timestamptz,
    add constraint withdrawals_four_eyes
      check (paid_by is null or decided_by is null or paid_by <> decided_by)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`alter table withdrawals
    drop constraint withdrawals_four_eyes,
    drop column resolved_at,
    drop column resolved_by,
    drop column paid_by`.execute(db);
}
