import { sql, type Kysely } from "kysely";

/**
 * Feedback (issue 16): a member's thread (question type, content, up
 * to 3 png/jpg images of 5 MB), the operators' answers, and its status
 * open → answered → closed. The limits live here too, so no caller can store
 * a fourth image, an unknown type or a status the screens do not know.
 */
const statements = [
  `create table feedback_threads (
     id bigint generated always as identity primary key,
     member_id bigint not null references members (id),
     question_type text not null check (question_type in
       ('deposit', 'withdrawal', 'game', 'service', 'application', 'other')),
     content text not null check (length(content) between 1 and 10000),
     status text not null default 'open' check (status in ('open', 'answered', 'closed')),
     created_at timestamptz not null,
     answered_at timestamptz,
     closed_at timestamptz,
     closed_by bigint references members (id),
     constraint feedback_threads_closed check ((status = 'closed') = (closed_at is not null))
   )`,
  `create index feedback_threads_member on feedback_threads (member_id, id desc)`,
  `create index feedback_threads_status on feedback_threads (status, id desc)`,
  `create table feedback_answers (
     id bigint generated always as identity primary key,
     thread_id bigint not null references feedback_threads (id),
     operator_id bigint not null references members (id),
     body text not null check (length(body) between 1 and 2000),
     created_at timestamptz not null
   )`,
  `create index feedback_answers_thread on feedback_answers (thread_id, id)`,
  `create table feedback_images (
     id bigint generated always as identity primary key,
     thread_id bigint not null references feedback_threads (id),
     content_type text not null check (content_type in ('image/png', 'image/jpeg')),
     size integer not null check (size > 0 and size <= 5242880),
     bytes bytea not null
   )`,
  `create index feedback_images_thread on feedback_images (thread_id)`,
  `create function feedback_images_limit() returns trigger language plpgsql as $$
   begin
     if (select count(*) from feedback_images where thread_id = new.thread_id) > 3 then
       raise exception 'at most 3 images per feedback' using errcode = '23514';
     end if;
     return null;
   end $$`,
  `create trigger feedback_images_at_most_three after insert on feedback_images
     for each row execute function feedback_images_limit()`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql.raw(`drop table feedback_images`).execute(db);
  await sql.raw(`drop function feedback_images_limit`).execute(db);
  await sql.raw(`drop table feedback_answers`).execute(db);
  await sql.raw(`drop table feedback_threads`).execute(db);
}
