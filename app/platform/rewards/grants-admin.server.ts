import { forfeitGrant, lockWageringGrants } from "./bonus-grants.server";
import type { GrantStatus } from "./promotion-types";
import { type OperatorAct, audit } from "../audit/audit.server";
import type { Database } from "../db/open.server";
import { inTransaction } from "../db/transaction.server";
import { PlatformError } from "../errors";
import { pageOf, type Paging } from "../wallet/records.server";

/** The operator's list of issued bonuses with their turnover progress, newest first. */
export interface GrantRow {
  id: string;
  promotionId: string;
  promotionCode: string;
  memberId: string;
  account: string;
  amount: string;
  required: string;
  done: string;
  status: string;
  issuedAt: string;
  expiresAt: string | null;
  settledAt: string | null;
}

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

export async function listGrants(
  db: Database,
  filter: Paging & { status?: GrantStatus; promotionId?: string; memberId?: string },
) {
  let base = db.selectFrom("bonus_grants as g");
  if (filter.status) base = base.where("g.status", "=", filter.status);
  // Through the member's entries (every grant has one): they are indexed by member, grants are not.
  const { memberId } = filter;
  if (memberId)
    base = base.where("g.entry_id", "in", (eb) =>
      eb.selectFrom("promotion_entries").select("id").where("member_id", "=", memberId),
    );
  if (filter.promotionId && /^\d{1,18}$/.test(filter.promotionId))
    base = base.where("g.promotion_id", "=", filter.promotionId);
  const total = await base
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirstOrThrow();
  const { page, pageCount, offset } = pageOf(filter, Number(total.count));
  const rows = await base
    .innerJoin("promotions as p", "p.id", "g.promotion_id")
    .innerJoin("members as m", "m.id", "g.member_id")
    .select([
      "g.id",
      "g.promotion_id",
      "p.code",
      "g.member_id",
      "m.account",
      "g.amount",
      "g.turnover_required",
      "g.turnover_done",
      "g.status",
      "g.issued_at",
      "g.expires_at",
      "g.settled_at",
    ])
    .orderBy("g.id", "desc")
    .limit(filter.pageSize)
    .offset(offset)
    .execute();
  const grants = rows.map((row): GrantRow => ({
    id: row.id,
    promotionId: row.promotion_id,
    promotionCode: row.code,
    memberId: row.member_id,
    account: row.account,
    amount: row.amount,
    required: row.turnover_required,
    done: row.turnover_done,
    status: row.status,
    issuedAt: new Date(row.issued_at).toISOString(),
    expiresAt: iso(row.expires_at),
    settledAt: iso(row.settled_at),
  }));
  return { grants, page, pageCount, total: Number(total.count) };
}

/** The operator takes back a bonus being wagered (`grant_not_found` when it is not wagering). */
export async function forfeitGrantByOperator(
  db: Database,
  grantId: string,
  act: OperatorAct,
  now = new Date(),
) {
  if (!/^\d{1,18}$/.test(grantId)) throw new PlatformError("grant_not_found");
  await inTransaction(db, async (trx) => {
    const owner = await trx
      .selectFrom("bonus_grants")
      .select("member_id")
      .where("id", "=", grantId)
      .executeTakeFirst();
    const grant = owner
      ? (await lockWageringGrants(trx, owner.member_id)).find((g) => g.id === grantId)
      : undefined;
    if (!grant) throw new PlatformError("grant_not_found");
    await forfeitGrant(trx, grant, "operator", now);
    await audit(trx, "bonus_forfeited_by_operator", act.context, {
      memberId: grant.member_id,
      target: { type: "bonus", id: grantId },
      detail: { amount: String(grant.amount) },
    });
  });
}
