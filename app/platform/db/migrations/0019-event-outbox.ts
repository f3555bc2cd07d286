import { sql, type Kysely } from "kysely";

/**
 * The event channel's outbox (issue 16, ADR 22): every live event is a row,
 * written in the transaction of the change it announces, and its id is the
 * server-sent event id. NOTIFY carries only the id; listeners read the row.
 * Rows live minutes (the scheduler prunes them): long enough to replay what a
 * reconnecting stream missed, no longer. An event goes to one member or to a
 * topic (a lottery, announcements, later a chat room), never both.
 */
const statements = [
  `create table event_outbox (
     id bigserial primary key,
     member_id bigint,
     topic text,
     type text not null,
     data jsonb not null,
     created_at timestamptz not null default now(),
     constraint event_outbox_one_audience check ((member_id is null) <> (topic is null))
   )`,
  `create index event_outbox_created on event_outbox (created_at)`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql.raw(`drop table event_outbox`).execute(db);
}
