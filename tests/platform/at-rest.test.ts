import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openBytes, openText, sealBytes, sealText } from "~/platform/db/at-rest.server";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { hashPassword } from "~/platform/identity/secrets.server";
import { findAgeCheckDocument } from "~/platform/protection/age-queue.server";
import { requestAgeCheck } from "~/platform/protection/age.server";
import { addPayeeAccount, listPayeeAccounts } from "~/platform/wallet/payees.server";
import { PNG_BYTES } from "../helpers/age";
import { createTestDatabase } from "../helpers/database";
import { insertMember, testWalletPolicy } from "../helpers/wallet";

/**
 * Payee account numbers and ID photos are sealed (AES-256-GCM under
 * DATA_KEY) before they reach the database: the stored value shows nothing
 * of them, the platform's readers get them back, a changed byte or another
 * key is refused.
 */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle?.close());

describe("sealing", () => {
  test("text and bytes come back as they went in; each seal is different", () => {
    const number = "PK36SCBL0000001123456702";
    expect(openText(sealText(number))).toBe(number);
    expect(sealText(number)).not.toBe(sealText(number));
    const photo = randomBytes(2_000);
    expect(openBytes(sealBytes(photo)).equals(photo)).toBe(true);
  });

  test("a changed byte or another key is refused, never opened into something else", () => {
    const sealed = sealBytes(Buffer.from("id photo"));
    sealed[sealed.length - 1]! ^= 1;
    expect(() => openBytes(sealed)).toThrow();
    const other = randomBytes(32);
    expect(() => openText(sealText("0123456789"), other)).toThrow();
  });

  test("a number stored before sealing began is read as it is", () => {
    expect(openText("0123456789")).toBe("0123456789");
  });
});

describe("in the database", () => {
  test("a payee's number is stored sealed; the member sees its last digits", async () => {
    const memberId = await insertMember(handle.db);
    await handle.db
      .updateTable("members")
      .set({ withdraw_password_hash: await hashPassword("246810") })
      .where("id", "=", memberId)
      .execute();
    const policy = testWalletPolicy();
    await addPayeeAccount(
      handle.db,
      {
        memberId,
        provider: policy.payeeProviders[0]!.code,
        holderName: "Ali Khan",
        accountNumber: "00119988776655",
        withdrawPassword: "246810",
      },
      policy,
    );
    const stored = await handle.db
      .selectFrom("payee_accounts")
      .select("account_number")
      .where("member_id", "=", memberId)
      .executeTakeFirstOrThrow();
    expect(stored.account_number).not.toContain("00119988776655");
    expect(stored.account_number).toMatch(/^v1\./);
    const [payee] = await listPayeeAccounts(handle.db, memberId);
    expect(payee!.maskedNumber).toBe("•••• 6655");
  });

  test("an ID photo is stored sealed; the operator's reader gets the photo", async () => {
    const memberId = await insertMember(handle.db);
    await requestAgeCheck(
      handle.db,
      { memberId, birthday: "1990-05-17", document: { bytes: PNG_BYTES } },
      "Asia/Karachi",
      { ip: null, userAgent: null },
    );
    const row = await handle.db
      .selectFrom("age_checks")
      .select(["id", "bytes"])
      .where("member_id", "=", memberId)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(row.bytes).includes(Buffer.from(PNG_BYTES))).toBe(false);
    const document = await findAgeCheckDocument(handle.db, row.id);
    expect(Buffer.from(document!.bytes).equals(Buffer.from(PNG_BYTES))).toBe(true);
  });
});
