import type { Database } from "../db/open.server";

/** A stored proof image with the member whose withdrawal it belongs to (who may see it). */
export async function findWithdrawalProof(db: Database, proofId: string) {
  if (!/^\d{1,18}$/.test(proofId)) return undefined;
  return db
    .selectFrom("withdrawal_proofs")
    .innerJoin("withdrawals", "withdrawals.id", "withdrawal_proofs.withdrawal_id")
    .select([
      "withdrawal_proofs.id",
      "withdrawal_proofs.content_type",
      "withdrawal_proofs.bytes",
      "withdrawals.member_id",
    ])
    .where("withdrawal_proofs.id", "=", proofId)
    .executeTakeFirst();
}

/** The proof ids of some withdrawals (the caller has scoped the ids), by withdrawal id, oldest first. */
export async function proofIdsByWithdrawal(
  db: Database,
  withdrawalIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byWithdrawal = new Map<string, string[]>();
  if (withdrawalIds.length === 0) return byWithdrawal;
  const rows = await db
    .selectFrom("withdrawal_proofs")
    .select(["id", "withdrawal_id"])
    .where("withdrawal_id", "in", [...withdrawalIds])
    .orderBy("id")
    .execute();
  for (const row of rows)
    byWithdrawal.set(row.withdrawal_id, [...(byWithdrawal.get(row.withdrawal_id) ?? []), row.id]);
  return byWithdrawal;
}
