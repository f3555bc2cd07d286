import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMessages } from "~/platform/content/messages.server";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { OPERATOR_TYPE } from "~/platform/identity/member-types";
import { readProfile } from "~/platform/identity/profile.server";
import {
  ageOn,
  birthdayProblem,
  latestAdultBirthday,
} from "~/platform/protection/age-birthday.server";
import { listPendingAgeChecks } from "~/platform/protection/age-queue.server";
import { ageCheckState, decideAgeCheck, requestAgeCheck } from "~/platform/protection/age.server";
import { confirmDeposit, createDeposit } from "~/platform/wallet/deposits.server";
import { PNG_BYTES } from "../../helpers/age";
import { createTestDatabase } from "../../helpers/database";
import { codeOf } from "../../helpers/play";
import { formKey, insertMember, testWalletPolicy } from "../../helpers/wallet";

/**
 * Age verification (issue 17) on a real database: request → verify or
 * reject → ask again; the first deposit refused until verified when the
 * brand requires it; the 18+ rule on its boundary day in the brand's zone.
 */
let handle: DatabaseHandle;
let operatorId: string;
const db = () => handle.db;
const context = { ip: "203.0.113.17", userAgent: "vitest" };
const ZONE = "Asia/Karachi";
const REQUIRED = { beforeFirstDeposit: true };
const policy = testWalletPolicy();

beforeAll(async () => {
  handle = await createTestDatabase();
  operatorId = await insertMember(handle.db, { type: OPERATOR_TYPE });
});
afterAll(() => handle?.close());

const ask = (memberId: string, birthday = "1990-05-17", bytes: Uint8Array | null = PNG_BYTES) =>
  requestAgeCheck(db(), { memberId, birthday, document: bytes && { bytes } }, ZONE, context);

const decide = (checkId: string, decision: { verify: true } | { reject: string }) =>
  decideAgeCheck(db(), { checkId, operatorId, decision }, context);

const pendingId = async (memberId: string) => {
  const row = await db()
    .selectFrom("age_checks")
    .select("id")
    .where("member_id", "=", memberId)
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return row.id;
};

const deposit = (memberId: string, ageVerification?: { beforeFirstDeposit: boolean }) =>
  createDeposit(
    db(),
    { memberId, channel: "demo-pay", amount: 10_000n, key: formKey(), ageVerification },
    policy,
  );

describe("the 18+ rule", () => {
  it("turns 18 on the birthday in the brand's time zone, not in UTC", () => {
    // 19:30 UTC on 16 May 2026 is already 17 May in Karachi (UTC+5).
    const evening = new Date("2026-05-16T19:30:00Z");
    expect(latestAdultBirthday(ZONE, evening)).toBe("2008-05-17");
    expect(birthdayProblem("2008-05-17", ZONE, evening)).toBeNull();
    expect(birthdayProblem("2008-05-18", ZONE, evening)).toBe("birthday_underage");
    expect(birthdayProblem("2008-05-17", "UTC", evening)).toBe("birthday_underage");
    expect(ageOn("2008-05-17", ZONE, evening)).toBe(18);
    expect(ageOn("2008-05-18", ZONE, evening)).toBe(17);
  });

  it("refuses what is not a real day from 1900 on", () => {
    for (const value of ["1899-12-31", "2001-02-29", "17/05/1990", "", "1990-5-17"])
      expect(birthdayProblem(value, ZONE)).toBe("birthday_invalid");
    expect(birthdayProblem("1900-01-01", ZONE)).toBeNull();
  });
});

describe("requests and decisions", () => {
  it("request → reject with a reason → ask again → verify; the profile gets the verified birthday", async () => {
    const memberId = await insertMember(db());
    expect((await ageCheckState(db(), memberId)).status).toBe("none");
    await ask(memberId);
    expect(await ageCheckState(db(), memberId)).toMatchObject({ status: "pending" });
    expect(await codeOf(ask(memberId))).toBe("age_check_open");
    expect(await codeOf(decide(await pendingId(memberId), { reject: "  " }))).toBe(
      "age_reason_required",
    );

    const first = await pendingId(memberId);
    await decide(first, { reject: "The photo is blurred" });
    expect(await ageCheckState(db(), memberId)).toEqual({
      status: "rejected",
      birthday: "1990-05-17",
      reason: "The photo is blurred",
    });
    expect(await codeOf(decide(first, { verify: true }))).toBe("age_check_closed");

    await ask(memberId, "1990-05-18");
    await decide(await pendingId(memberId), { verify: true });
    expect((await ageCheckState(db(), memberId)).status).toBe("verified");
    expect((await readProfile(db(), memberId)).fields.birthday).toBe("1990-05-18");
    expect(await codeOf(ask(memberId))).toBe("age_check_open");

    const { messages } = await listMessages(db(), memberId, { page: 1, pageSize: 10 });
    const queue = await listPendingAgeChecks(db());
    expect(queue.some((row) => row.account === undefined)).toBe(false);
    expect(messages.map((message) => message.kind).sort()).toEqual([
      "age_rejected",
      "age_verified",
    ]);
    const audits = await db()
      .selectFrom("audit_log")
      .select("event")
      .where("event", "in", ["age_check_requested", "age_check_decided"])
      .where((eb) => eb.or([eb("member_id", "=", memberId), eb("member_id", "=", operatorId)]))
      .orderBy("id")
      .execute();
    expect(audits).toHaveLength(4);
  });

  it("stores nothing for an under-18 birthday, a missing, non-image or too-large document", async () => {
    const memberId = await insertMember(db());
    expect(await codeOf(ask(memberId, latestAdultBirthday(ZONE).replace(/^\d{4}/, "2020")))).toBe(
      "birthday_underage",
    );
    expect(await codeOf(ask(memberId, "1899-12-31"))).toBe("birthday_invalid");
    expect(await codeOf(ask(memberId, "1990-01-01", null))).toBe("age_document_missing");
    expect(await codeOf(ask(memberId, "1990-01-01", new TextEncoder().encode("GIF89a")))).toBe(
      "proof_type",
    );
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG_BYTES);
    expect(await codeOf(ask(memberId, "1990-01-01", big))).toBe("proof_size");
    expect((await ageCheckState(db(), memberId)).status).toBe("none");
  });

  it("two requests racing each other store one", async () => {
    const memberId = await insertMember(db());
    const results = await Promise.allSettled([ask(memberId), ask(memberId), ask(memberId)]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results)
      if (result.status === "rejected")
        expect(await codeOf(Promise.reject(result.reason))).toBe("age_check_open");
    const mine = await db()
      .selectFrom("age_checks")
      .select("id")
      .where("member_id", "=", memberId)
      .execute();
    expect(mine).toHaveLength(1);
  });
});

describe("the first deposit", () => {
  it("is refused unverified when the brand requires it, and allowed once verified", async () => {
    const memberId = await insertMember(db());
    expect(await codeOf(deposit(memberId, REQUIRED))).toBe("age_unverified");
    await ask(memberId);
    expect(await codeOf(deposit(memberId, REQUIRED))).toBe("age_unverified");
    await decide(await pendingId(memberId), { verify: true });
    expect((await deposit(memberId, REQUIRED)).status).toBe("pending");
  });

  it("is allowed when the brand does not require it", async () => {
    const memberId = await insertMember(db());
    expect((await deposit(memberId, { beforeFirstDeposit: false })).status).toBe("pending");
  });

  it("is past the rule after a confirmed deposit", async () => {
    const memberId = await insertMember(db());
    const first = await deposit(memberId, { beforeFirstDeposit: false });
    expect(await codeOf(deposit(memberId, REQUIRED))).toBe("age_unverified");
    await confirmDeposit(db(), first.id);
    expect((await deposit(memberId, REQUIRED)).status).toBe("pending");
  });
});
