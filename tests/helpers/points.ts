import type { Database } from "~/platform/db/open.server";
import { hashPassword } from "~/platform/identity/secrets.server";
import { awardPoints } from "~/platform/rewards/points-ledger.server";
import { formKey, insertMember } from "./wallet";

/** The withdraw password every points test member confirms with. */
export const WITHDRAW_PASSWORD = "Draw1234";
let hashed: Promise<string> | undefined;

/** A member with the withdraw password set and `points` on their POINTS account. */
export async function pointsMember(db: Database, points = 0n) {
  const id = await insertMember(db);
  await db
    .updateTable("members")
    .set({ withdraw_password_hash: await (hashed ??= hashPassword(WITHDRAW_PASSWORD)) })
    .where("id", "=", id)
    .execute();
  if (points > 0n)
    await awardPoints(db, { key: `t:${formKey()}`, memberId: id, points, source: "deposit" });
  return id;
}
