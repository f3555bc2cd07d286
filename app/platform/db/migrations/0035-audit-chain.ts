import { sql, type Kysely } from "kysely";

/**
 * The audit log as evidence: append-only in the database, and each row sealed
 * into a chain, a SHA-256 over its own content and the previous row's hash, so
 * an edited, removed or inserted row breaks the chain where it is
 * (`npm run audit:verify` walks it; app/platform/audit/audit-chain.server.ts).
 *
 * - Rows are written unsealed, and `seal_audit_log()` (the scheduler, and the
 *   verifier before it walks) seals the ones committed since the last seal, in
 *   id order: roughly the order written, never before commit. A chain built as each
 *   row is inserted would make every audited transaction wait for the one
 *   before it to commit, and could deadlock two of them.
 * - The hashed text is the fields joined by U+001F: the previous hash, the
 *   row's place in the chain, the time in microseconds since 1970, the event,
 *   the member id, the account, the IP, the user agent and the detail as
 *   PostgreSQL prints jsonb (keys sorted), each empty when null. The verifier
 *   rebuilds the same text in Node.
 * - Triggers refuse DELETE, TRUNCATE and any UPDATE but the one sealing a
 *   row (its three chain columns, once, nothing else): only a superuser who
 *   drops or disables them can change a row, and the chain then shows it.
 */
export async function up(db: Kysely<unknown>) {
  await sql`alter table audit_log
    add column chain_seq bigint unique,
    add column prev_hash text,
    add column hash text`.execute(db);
  await sql`create index audit_log_unsealed on audit_log (id) where chain_seq is null`.execute(db);
  await createChainFunctions(db);
  await sql`create trigger audit_log_guard before insert or update or delete on audit_log
    for each row execute function audit_log_guard()`.execute(db);
  await sql`create trigger audit_log_no_truncate before truncate on audit_log
    for each statement execute function audit_log_guard()`.execute(db);
  // The rows written before this migration, in the order they were written.
  await sql`select seal_audit_log()`.execute(db);
}

/** The hash, the seal and the guard as this migration made them (migration 0036's down puts them back). */
export async function createChainFunctions(db: Kysely<unknown>) {
  await sql`create or replace function audit_log_row_hash(
      prev text, seq bigint, at timestamptz, event text, member_id bigint, account text,
      ip text, user_agent text, detail jsonb
    ) returns text language sql immutable as $$
      select encode(sha256(convert_to(concat_ws(chr(31),
        coalesce(prev, ''), seq::text,
        ((extract(epoch from at) * 1000000)::numeric(20, 0))::text,
        event, coalesce(member_id::text, ''), coalesce(account, ''), coalesce(ip, ''),
        coalesce(user_agent, ''), detail::text), 'UTF8')), 'hex')
    $$`.execute(db);
  await sql`create or replace function seal_audit_log() returns bigint language plpgsql as $$
    declare
      entry record;
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
          hash = audit_log_row_hash(last_hash, last_seq, entry.at, entry.event, entry.member_id,
                                    entry.account, entry.ip, entry.user_agent, entry.detail)
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
         and (new.id, new.at, new.event, new.member_id, new.account, new.ip, new.user_agent, new.detail)
             is not distinct from
             (old.id, old.at, old.event, old.member_id, old.account, old.ip, old.user_agent, old.detail) then
        return new;
      end if;
      raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'P0001';
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop trigger audit_log_no_truncate on audit_log`.execute(db);
  await sql`drop trigger audit_log_guard on audit_log`.execute(db);
  await sql`drop function audit_log_guard()`.execute(db);
  await sql`drop function seal_audit_log()`.execute(db);
  await sql`drop function audit_log_row_hash(text, bigint, timestamptz, text, bigint, text, text, text, jsonb)`.execute(
    db,
  );
  await sql`drop index audit_log_unsealed`.execute(db);
  await sql`alter table audit_log drop column hash, drop column prev_hash, drop column chain_seq`.execute(
    db,
  );
}
