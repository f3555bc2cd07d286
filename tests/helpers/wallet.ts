import { randomBytes } from "node:crypto";
import type { Database } from "~/platform/db/open.server";
import { OPERATOR_TYPE } from "~/platform/identity/member-types";
import { assignStaffRole } from "~/platform/identity/staff.server";
import type { WalletPolicy } from "~/platform/wallet/policy";

/** A wallet policy with wide limits, so a test exercises the ledger rather than the brand's limits. */
export const testWalletPolicy = (overrides: Partial<WalletPolicy> = {}): WalletPolicy => ({
  isSingle: false,
  vendorWallets: ["V1", "V2"],
  depositChannels: [{ code: "demo-pay", kind: "embedded", min: 1, max: 1_000_000_000 }],
  withdraw: { min: 1, max: 1_000_000_000, dailyCount: 1_000_000 },
  autoReceiveMinutes: 60,
  payeeProviders: [{ code: "HBL", kind: "bank", name: "Habib Bank" }],
  ...overrides,
});

/** A plain member row (no password use), with an optional upline. */
export async function insertMember(
  db: Database,
  values: { type?: number; parentId?: string } = {},
) {
  const row = await db
    .insertInto("members")
    .values({
      account: `w${randomBytes(6).toString("hex")}`,
      type: values.type ?? 0,
      parent_id: values.parentId ?? null,
      password_hash: "!test",
      profile: "{}",
      created_at: new Date(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // An operator account is staff with a role, as the first-operator setup makes it: the admin's.
  if (values.type === OPERATOR_TYPE) await assignStaffRole(db, row.id, "admin");
  return row.id;
}

export async function insertPayee(db: Database, memberId: string) {
  const row = await db
    .insertInto("payee_accounts")
    .values({
      member_id: memberId,
      kind: "bank",
      provider: "HBL",
      holder_name: "Test Holder",
      account_number: "0123456789",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export const formKey = () => randomBytes(12).toString("base64url");

/** A member account's balance straight from the ledger's table (0 before the account exists). */
export async function accountBalance(db: Database, memberId: string, kind: string) {
  const row = await db
    .selectFrom("accounts")
    .select("balance")
    .where("member_id", "=", memberId)
    .where("kind", "=", kind)
    .executeTakeFirst();
  return BigInt(row?.balance ?? 0);
}
