import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { Database } from "../db/open.server";

/**
 * Seals the rows committed since the last seal into the chain, in id order (the scheduler runs
 * it; migration 0035 says how). Returns how many it sealed.
 */
export async function sealAuditLog(db: Database): Promise<number> {
  const { rows } = await sql<{ sealed: string }>`select seal_audit_log() as sealed`.execute(db);
  return Number(rows[0]?.sealed ?? 0);
}

/** What a walk of the audit chain found. */
export type AuditChainReport =
  | { ok: true; rows: number; lastSeq: string | null; lastHash: string | null; unsealed: number }
  | {
      ok: false;
      rows: number;
      /** The first place where the chain does not hold. */
      seq: string;
      problem: "hash" | "link" | "gap";
    };

interface ChainRow {
  chain_seq: string;
  prev_hash: string;
  hash: string;
  at_micros: string;
  event: string;
  member_id: string | null;
  account: string | null;
  ip: string | null;
  user_agent: string | null;
  detail_text: string;
  staff_id: string | null;
  staff_role: string | null;
  target_type: string | null;
  target_id: string | null;
  before_text: string | null;
  after_text: string | null;
  request_id: string | null;
}

/**
 * The hash of one row, rebuilt here rather than by the database's own function (which a
 * person able to edit rows could also replace): the fields migration 0035 names, joined by
 * U+001F, then, when any of the columns migration 0036 added is set, those seven as well;
 * hashed with SHA-256.
 */
function rowHash(row: ChainRow): string {
  const fields = [
    row.prev_hash,
    row.chain_seq,
    row.at_micros,
    row.event,
    row.member_id ?? "",
    row.account ?? "",
    row.ip ?? "",
    row.user_agent ?? "",
    row.detail_text,
  ];
  const shape = [
    row.staff_id,
    row.staff_role,
    row.target_type,
    row.target_id,
    row.before_text,
    row.after_text,
    row.request_id,
  ];
  if (shape.some((value) => value !== null)) fields.push(...shape.map((value) => value ?? ""));
  return createHash("sha256").update(fields.join("\u001f"), "utf8").digest("hex");
}

/**
 * Walks the whole chain in order, a page at a time: each row's hash must be its content's,
 * its `prev_hash` the hash of the row before, and the places must follow one another (a
 * removed row leaves a gap). Reports the first place that fails, and how many rows wait for
 * their seal.
 */
export async function verifyAuditChain(db: Database, pageSize = 5_000): Promise<AuditChainReport> {
  let previous = null as { seq: bigint; hash: string } | null;
  let rows = 0;
  for (;;) {
    const after: bigint = previous?.seq ?? 0n;
    // Ordered by the column itself: the select's text alias of the same name would sort '10' before '2'.
    const { rows: page } = await sql<ChainRow>`
      select chain_seq::text, prev_hash, hash,
        ((extract(epoch from at) * 1000000)::numeric(20, 0))::text as at_micros,
        event, member_id::text, account, ip, user_agent, detail::text as detail_text,
        staff_id::text, staff_role, target_type, target_id, before::text as before_text,
        after::text as after_text, request_id
      from audit_log where chain_seq > ${String(after)} order by audit_log.chain_seq limit ${pageSize}`.execute(
      db,
    );
    for (const row of page) {
      rows += 1;
      const seq: bigint = BigInt(row.chain_seq);
      if (seq !== (previous?.seq ?? 0n) + 1n)
        return { ok: false, rows, seq: row.chain_seq, problem: "gap" };
      if (row.prev_hash !== (previous?.hash ?? ""))
        return { ok: false, rows, seq: row.chain_seq, problem: "link" };
      if (row.hash !== rowHash(row))
        return { ok: false, rows, seq: row.chain_seq, problem: "hash" };
      previous = { seq, hash: row.hash };
    }
    if (page.length < pageSize) break;
  }
  const { rows: waiting } = await sql<{ n: string }>`
    select count(*) as n from audit_log where chain_seq is null`.execute(db);
  return {
    ok: true,
    rows,
    lastSeq: previous ? String(previous.seq) : null,
    lastHash: previous?.hash ?? null,
    unsealed: Number(waiting[0]?.n ?? 0),
  };
}
