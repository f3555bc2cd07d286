import type { Database } from "../db/open.server";

/** A posted transfer as its success note tells it. */
export interface TransferReceipt {
  id: string;
  kind: "transfer" | "transfer_upline";
  /** Minor units moved (bigint decimal string). */
  amount: string;
  /** Wallet names from the entry's memo: `MAIN`, a vassalage, or `ALL` for "all back to main"; null for upline transfers. */
  from: string | null;
  to: string | null;
}

/**
 * The member's own transfer entry behind a `?done=<id>` note. Another
 * member's entry, another kind of entry or a malformed id is null: the page
 * then shows no note rather than anyone else's money.
 */
export async function findMemberTransfer(
  db: Database,
  memberId: string,
  entryId: string,
  kind: TransferReceipt["kind"],
): Promise<TransferReceipt | null> {
  if (!/^\d{1,18}$/.test(entryId)) return null;
  const entry = await db
    .selectFrom("entries")
    .select(["id", "kind", "memo"])
    .where("id", "=", entryId)
    .where("member_id", "=", memberId)
    .where("kind", "=", kind)
    .executeTakeFirst();
  if (!entry) return null;
  // Every entry sums to zero, so what moved is the sum of its credits.
  const { moved } = await db
    .selectFrom("postings")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>("amount"), eb.val("0")).as("moved"))
    .where("entry_id", "=", entry.id)
    .where("amount", ">", "0")
    .executeTakeFirstOrThrow();
  const memo = entry.memo as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  return { id: entry.id, kind, amount: String(moved), from: text(memo.from), to: text(memo.to) };
}
