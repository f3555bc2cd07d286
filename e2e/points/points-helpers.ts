import pg from "pg";
import { hashPassword } from "../../app/platform/identity/secrets.server";
import { e2eDatabaseUrl } from "../fixtures";

/** A member's withdraw password, set as the security centre stores it (tests with createMember have a database). */
export async function setWithdrawPassword(account: string, password: string) {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl });
  await client.connect();
  try {
    await client.query(
      "update members set withdraw_password_hash = $2 where lower(account) = lower($1)",
      [account, await hashPassword(password)],
    );
  } finally {
    await client.end();
  }
}
