import { sql, type Kysely } from "kysely";

/**
 * An announcement saved with a later start goes live when that time comes,
 * and open pages and every process's caches must hear of it then (issue 16's
 * `announcement` event), once. `announced_at` says when its going live was
 * announced: the operator's change announces an announcement already started;
 * the scheduler announces the others when their start has passed. The trigger
 * keeps it, so no writer can forget: a change of start or of enabled that
 * leaves the announcement live now counts as announced by that change, any
 * other resets it for the scheduler.
 */
const statements = [
  `alter table announcements add column announced_at timestamptz`,
  `update announcements set announced_at = now() where enabled and published_at <= now()`,
  `create function announcements_keep_announced_at() returns trigger
   language plpgsql as $$
   begin
     if tg_op = 'INSERT'
        or new.published_at is distinct from old.published_at
        or new.enabled is distinct from old.enabled then
       new.announced_at := case when new.enabled and new.published_at <= now() then now() end;
     end if;
     return new;
   end $$`,
  `create trigger announcements_keep_announced_at
   before insert or update on announcements
   for each row execute function announcements_keep_announced_at()`,
  `create index announcements_not_announced on announcements (published_at)
   where announced_at is null and enabled`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql.raw(`drop trigger announcements_keep_announced_at on announcements`).execute(db);
  await sql.raw(`drop function announcements_keep_announced_at()`).execute(db);
  await sql.raw(`alter table announcements drop column announced_at`).execute(db);
}
