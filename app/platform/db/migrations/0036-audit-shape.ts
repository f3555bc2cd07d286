import { sql, type Kysely } from "kysely";
import { createChainFunctions } from "./0035-audit-chain";

/**
 * One shape for every audit entry: besides what it had (when, event, member,
 * account, IP, user agent, detail), who did it as staff (`staff_id`, and the
 * role it held then, by name), what it acted on (`target_type`, `target_id`),
 * the state before and after for an edit, and the request that did it
 * (`request_id`, as the server's log lines carry it).
 *
 * The chain's hash takes the new columns in: after the old fields, when any of
 * them is set, U+001F and the seven joined by U+001F (each empty when null).
 * A row that sets none of them hashes as it did under migration 0035, so the
 * rows sealed before this one stay valid, and a new column set later on such a
 * row changes its hash. The guard and the seal learn the new columns too.
 *
 * New back-office permissions (staff and roles, the audit trail) go to the
 * admin role; other roles of an existing brand get them from an admin.
 */
const NEW_PERMISSIONS = ["staff.view", "staff.manage", "audit.view", "audit.export"];

export async function up(db: Kysely<unknown>) {
  await sql`alter table audit_log
    add column staff_id bigint,
    add column staff_role text,
    add column target_type text,
    add column target_id text,
    add column before jsonb,
    add column after jsonb,
    add column request_id text`.execute(db);
  await sql`create index audit_log_at on audit_log (at desc, id desc)`.execute(db);
  await sql`create index audit_log_staff on audit_log (staff_id, at desc) where staff_id is not null`.execute(
    db,
  );
  await sql`create index audit_log_event on audit_log (event, at desc)`.execute(db);
  await sql`create function audit_log_entry_hash(prev text, seq bigint, entry audit_log)
    returns text language sql immutable as $$
      select encode(sha256(convert_to(
        concat_ws(chr(31),
          coalesce(prev, ''), seq::text,
          ((extract(epoch from entry.at) * 1000000)::numeric(20, 0))::text,
          entry.event, coalesce(entry.member_id::text, ''), coalesce(entry.account, ''),
          coalesce(entry.ip, ''), coalesce(entry.user_agent, ''), entry.detail::text)
        || case when num_nonnulls(entry.staff_id, entry.staff_role, entry.target_type,
                                  entry.target_id, entry.before, entry.after, entry.request_id) = 0
             then ''
             else chr(31) || concat_ws(chr(31),
               coalesce(entry.staff_id::text, ''), coalesce(entry.staff_role, ''),
               coalesce(entry.target_type, ''), coalesce(entry.target_id, ''),
               coalesce(entry.before::text, ''), coalesce(entry.after::text, ''),
               coalesce(entry.request_id, ''))
           end, 'UTF8')), 'hex')
    $$`.execute(db);
  await sql`create or replace function seal_audit_log() returns bigint language plpgsql as $$
    declare
      entry audit_log;
      last_seq bigint;
      last_hash text;
      sealed bigint := 0;
    begin
      -- One sealer at a time; the lock ends with its transaction.
      perform pg_advisory_xact_lock(hashtext('audit_log_chain'));
      select chain_seq, hash into last_seq, last_hash
        from audit_log where chain_seq is not null order by chain_seq desc limit 1;
      last_seq := coalesce(last_seq, 0);
      last_hash := coalesce(last_hash, '');
      for entry in select * from audit_log where chain_seq is null order by id loop
        last_seq := last_seq + 1;
        update audit_log set chain_seq = last_seq, prev_hash = last_hash,
          hash = audit_log_entry_hash(last_hash, last_seq, entry)
          where id = entry.id
          returning hash into last_hash;
        sealed := sealed + 1;
      end loop;
      return sealed;
    end $$`.execute(db);
  await sql`create or replace function audit_log_guard() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        -- A row is sealed by seal_audit_log() alone: nobody writes its own place or hash.
        new.chain_seq := null;
        new.prev_hash := null;
        new.hash := null;
        return new;
      end if;
      if tg_op = 'UPDATE' and old.chain_seq is null and new.chain_seq is not null
         and (new.id, new.at, new.event, new.member_id, new.account, new.ip, new.user_agent,
              new.detail, new.staff_id, new.staff_role, new.target_type, new.target_id,
              new.before, new.after, new.request_id)
             is not distinct from
             (old.id, old.at, old.event, old.member_id, old.account, old.ip, old.user_agent,
              old.detail, old.staff_id, old.staff_role, old.target_type, old.target_id,
              old.before, old.after, old.request_id) then
        return new;
      end if;
      raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'P0001';
    end $$`.execute(db);
  await sql`drop function audit_log_row_hash(text, bigint, timestamptz, text, bigint, text, text, text, jsonb)`.execute(
    db,
  );
  await sql`update staff_roles
    set permissions = array(select distinct unnest(permissions || ${sql.val(NEW_PERMISSIONS)}::text[]) order by 1),
        updated_at = now()
    where name = 'admin'`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`update staff_roles
    set permissions = array(select unnest(permissions) except select unnest(${sql.val(NEW_PERMISSIONS)}::text[]) order by 1)
    where name = 'admin'`.execute(db);
  await createChainFunctions(db);
  await sql`drop function audit_log_entry_hash(text, bigint, audit_log)`.execute(db);
  await sql`drop index audit_log_event`.execute(db);
  await sql`drop index audit_log_staff`.execute(db);
  await sql`drop index audit_log_at`.execute(db);
  await sql`alter table audit_log
    drop column request_id, drop column after, drop column before, drop column target_id,
    drop column target_type, drop column staff_role, drop column staff_id`.execute(db);
}
