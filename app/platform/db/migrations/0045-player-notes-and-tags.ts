import { sql, type Kysely } from "kysely";

/**
 * Staff notes and tags on a member (the player page's notes tab).
 *
 * - A note is evidence of what staff knew and when: written once, never edited or removed.
 *   A trigger refuses UPDATE, DELETE and TRUNCATE, as the audit log's does, so no code path
 *   (nor a hand-typed statement short of dropping the trigger) can rewrite one. The writer's
 *   role is kept as it was then: roles change, the note should not.
 * - A tag is a short lower-case word, one of the brand's list or staff's own; a member holds
 *   each at most once. Tags come and go as staff's view of a member changes, so a tag row may be
 *   deleted; the audit trail keeps who added and removed it.
 * - `players.note` writes both; it goes to the admin role here. Other roles of an existing
 *   brand get it from an admin (a new brand's support and compliance roles have it from the
 *   catalogue).
 */
const NEW_PERMISSIONS = ["players.note"];

const statements = [
  `create table player_notes (
     id bigint generated always as identity primary key,
     member_id bigint not null references members (id),
     body text not null check (char_length(body) between 1 and 2000 and body = btrim(body)),
     staff_id bigint not null references members (id),
     staff_role text not null check (char_length(staff_role) between 1 and 64),
     created_at timestamptz not null default now()
   )`,
  `create index player_notes_member on player_notes (member_id, id desc)`,
  `create function player_notes_guard() returns trigger language plpgsql as $$
     begin
       raise exception 'player_notes is append-only: % refused', tg_op using errcode = 'P0001';
     end $$`,
  `create trigger player_notes_guard before update or delete on player_notes
     for each row execute function player_notes_guard()`,
  `create trigger player_notes_no_truncate before truncate on player_notes
     for each statement execute function player_notes_guard()`,
  `create table player_tags (
     member_id bigint not null references members (id),
     tag text not null check (
       char_length(tag) between 1 and 32 and tag = lower(tag) and tag !~ '[[:space:]]'
     ),
     added_by bigint not null references members (id),
     added_at timestamptz not null default now(),
     primary key (member_id, tag)
   )`,
  // The player search finds members by a tag.
  `create index player_tags_tag on player_tags (tag)`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db);
  await sql`update staff_roles
    set permissions = array(select distinct unnest(permissions || ${sql.val(NEW_PERMISSIONS)}::text[]) order by 1),
        updated_at = now()
    where name = 'admin'`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`update staff_roles
    set permissions = array(select unnest(permissions) except select unnest(${sql.val(NEW_PERMISSIONS)}::text[]) order by 1)
    where name = 'admin'`.execute(db);
  await sql.raw(`drop table player_tags`).execute(db);
  await sql.raw(`drop trigger player_notes_no_truncate on player_notes`).execute(db);
  await sql.raw(`drop trigger player_notes_guard on player_notes`).execute(db);
  await sql.raw(`drop table player_notes`).execute(db);
  await sql.raw(`drop function player_notes_guard()`).execute(db);
}
