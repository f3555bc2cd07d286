import type { PointsLine } from "./points-line";
import type { Database } from "../../db/open.server";
import { POINTS } from "../../wallet/ledger.server";
import { pageOf, type Paging, type RecordWindow } from "../../wallet/records.server";

/** The points details: the postings of the member's POINTS account, newest first. */
export async function pointsHistory(
  db: Database,
  memberId: string,
  filter: { window: RecordWindow } & Paging,
) {
  const base = db
    .selectFrom("postings")
    .innerJoin("accounts", "accounts.id", "postings.account_id")
    .innerJoin("entries", "entries.id", "postings.entry_id")
    .where("accounts.member_id", "=", memberId)
    .where("accounts.kind", "=", POINTS)
    .where("entries.created_at", ">=", filter.window.from)
    .where("entries.created_at", "<", filter.window.to);
  const { count } = await base
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirstOrThrow();
  const total = Number(count);
  const { page, pageCount, offset } = pageOf(filter, total);
  const rows =
    total === 0
      ? []
      : await base
          .select([
            "postings.id",
            "entries.created_at",
            "entries.kind",
            "entries.memo",
            "postings.amount",
            "postings.balance_after",
          ])
          .orderBy("entries.created_at", "desc")
          .orderBy("postings.id", "desc")
          .limit(filter.pageSize)
          .offset(offset)
          .execute();
  return {
    total,
    page,
    pageCount,
    rows: rows.map((row): PointsLine => {
      const memo = row.memo as Record<string, string>;
      return {
        id: row.id,
        createdAt: new Date(row.created_at).toISOString(),
        kind: row.kind,
        source: memo.source ?? row.kind,
        points: row.amount,
        balanceAfter: row.balance_after,
        remark: { item: memo.item, quantity: memo.quantity, bets: memo.bets, cash: memo.cash },
      };
    }),
  };
}
