import { sql, type Kysely } from "kysely";

/**
 * The built-in support chat (issue 16): one conversation per member, kept
 * for good and reopened by the member's next message, and its messages.
 * Unread counts live on the conversation (member side and operators' side)
 * so the header badge and the ops queue read one row, not a count.
 */
const statements = [
  `create table support_conversations (
     id bigint generated always as identity primary key,
     member_id bigint not null unique references members (id),
     status text not null default 'open' check (status in ('open', 'closed')),
     member_unread integer not null default 0 check (member_unread >= 0),
     ops_unread integer not null default 0 check (ops_unread >= 0),
     last_member_message_at timestamptz,
     last_message_at timestamptz not null,
     closed_at timestamptz,
     closed_by bigint references members (id),
     constraint support_conversations_closed check ((status = 'closed') = (closed_at is not null))
   )`,
  `create index support_conversations_queue on support_conversations (status, last_message_at desc)`,
  `create table support_messages (
     id bigint generated always as identity primary key,
     conversation_id bigint not null references support_conversations (id),
     author text not null check (author in ('member', 'operator')),
     operator_id bigint references members (id),
     body text not null check (length(body) between 1 and 1000),
     created_at timestamptz not null,
     constraint support_messages_operator check ((author = 'operator') = (operator_id is not null))
   )`,
  `create index support_messages_conversation on support_messages (conversation_id, id)`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql.raw(`drop table support_messages`).execute(db);
  await sql.raw(`drop table support_conversations`).execute(db);
}
