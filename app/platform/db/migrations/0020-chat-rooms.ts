import { sql, type Kysely } from "kysely";

/**
 * Chat rooms (issue 16): the messages of the lobby and of each live table and
 * PVP room (`table-<node id>`), and members muted until a time. The length
 * rule and the room's shape live here too, so no caller can store an empty,
 * oversized or room-less message; a deletion keeps the row and says who.
 */
const statements = [
  `create table chat_messages (
     id bigint generated always as identity primary key,
     room text not null check (room ~ '^(lobby|table-[0-9]{1,9})$'),
     member_id bigint not null references members (id),
     body text not null check (length(body) between 1 and 200),
     created_at timestamptz not null,
     deleted_at timestamptz,
     deleted_by bigint references members (id),
     constraint chat_messages_deleted check ((deleted_at is null) = (deleted_by is null))
   )`,
  `create index chat_messages_room on chat_messages (room, id desc)`,
  `create index chat_messages_member on chat_messages (member_id, created_at desc)`,
  `create table chat_mutes (
     member_id bigint primary key references members (id),
     until timestamptz not null,
     muted_by bigint not null references members (id),
     created_at timestamptz not null
   )`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql.raw(`drop table chat_mutes`).execute(db);
  await sql.raw(`drop table chat_messages`).execute(db);
}
