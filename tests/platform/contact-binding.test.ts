import { describe, expect, test } from "vitest";
import { requestCode } from "~/platform/identity/codes.server";
import {
  bindEmail,
  bindMobile,
  boundContacts,
  maskMobile,
  sendBindingCode,
} from "~/platform/identity/contact-binding.server";
import { findMemberByAccount } from "~/platform/identity/members.server";
import {
  latestOutboxMessage,
  outboxMailSender,
  outboxSmsSender,
} from "~/platform/identity/outbox.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import { readProfile, updateProfile } from "~/platform/identity/profile.server";
import { hashPassword } from "~/platform/identity/secrets.server";
import { createSession, readSession } from "~/platform/identity/sessions.server";
import { auditEntries } from "../helpers/audit";
import { authenticatorCodeNow, enrolTestAuthenticator } from "../helpers/authenticator";
import { useSeededDatabase } from "../helpers/database";
import { insertMember } from "../helpers/wallet";

const seeded = useSeededDatabase();
const policy = identityPolicy();
const senders = () => ({ sms: outboxSmsSender(seeded.db), mail: outboxMailSender(seeded.db) });
let ipCounter = 0;
const context = () => ({ ip: `198.51.100.${++ipCounter}`, userAgent: "vitest" });

/** Expects a PlatformError with this code. */
const refused = (promise: Promise<unknown>, code: string) =>
  expect(promise).rejects.toMatchObject({ name: "PlatformError", code });

/** The 6-digit code in the newest outbox message to a recipient. */
async function codeSentTo(recipient: string) {
  const message = await latestOutboxMessage(seeded.db, recipient);
  return /\b(\d{6})\b/.exec(message?.body ?? "")?.[1] ?? "";
}

const PASSWORD = "Binding123";
let passwordHash: string | undefined;
/** A member whose login password is PASSWORD, the proof a binding asks for. */
async function newMember() {
  const memberId = await insertMember(seeded.db);
  passwordHash ??= await hashPassword(PASSWORD);
  await seeded.db
    .updateTable("members")
    .set({ password_hash: passwordHash })
    .where("id", "=", memberId)
    .execute();
  return memberId;
}
const NOTICE = {
  sms: "Your mobile number was changed. If this was not you, contact us.",
  mailSubject: "Your e-mail address was changed",
  mailText: "Your e-mail address was changed. If this was not you, contact us.",
};
/** What every binding carries beside its target: the session that stays, the proof, the notice. */
const proven = (memberId: string, password = PASSWORD, sessionId = "0") => ({
  memberId,
  sessionId,
  proof: { kind: "password" as const, password },
  notice: NOTICE,
});

const member = (id: string) =>
  seeded.db.selectFrom("members").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const auditEvents = (memberId: string, event: string) => auditEntries(seeded.db, memberId, event);

describe("binding a mobile number", () => {
  test("a code to the new number, then the number is the member's; audited without the code", async () => {
    const memberId = await newMember();
    const target = { channel: "sms" as const, dialingCode: "92", mobile: "3009990101" };
    const sent = await sendBindingCode(
      seeded.db,
      senders(),
      { memberId, target },
      context(),
      policy,
    );
    expect(sent.status).toBe("sent");
    const code = await codeSentTo("+923009990101");
    expect(code).toMatch(/^\d{6}$/);

    await bindMobile(
      seeded.db,
      senders(),
      { ...proven(memberId), memberId, dialingCode: "92", mobile: "3009990101", code },
      context(),
      policy,
    );
    expect(await member(memberId)).toMatchObject({ dialing_code: "92", mobile: "3009990101" });
    expect(await boundContacts(seeded.db, memberId)).toEqual({
      mobile: "+92 30******01",
      email: null,
    });
    const [event] = await auditEvents(memberId, "phone_bound");
    expect(JSON.stringify(event?.detail)).not.toContain(code);
    expect(JSON.stringify(event?.detail)).not.toContain("3009990101");
    // The code is used up.
    await refused(
      bindMobile(
        seeded.db,
        senders(),
        { ...proven(memberId), memberId, dialingCode: "92", mobile: "3009990101", code },
        context(),
        policy,
      ),
      "code-expired",
    );
  });

  test("a wrong code is refused and nothing changes", async () => {
    const memberId = await newMember();
    const target = { channel: "sms" as const, dialingCode: "92", mobile: "3009990102" };
    await sendBindingCode(seeded.db, senders(), { memberId, target }, context(), policy);
    const code = await codeSentTo("+923009990102");
    const wrong = code === "000000" ? "111111" : "000000";
    await refused(
      bindMobile(
        seeded.db,
        senders(),
        { ...proven(memberId), memberId, dialingCode: "92", mobile: "3009990102", code: wrong },
        context(),
        policy,
      ),
      "invalid-verification-code",
    );
    expect((await member(memberId)).mobile).toBeNull();
    expect(await auditEvents(memberId, "phone_bound")).toEqual([]);
  });

  test("another member's number: no code is sent, and a code from elsewhere cannot bind it", async () => {
    const memberId = await newMember();
    const player = (await findMemberByAccount(seeded.db, "player01"))!;
    const target = {
      channel: "sms" as const,
      dialingCode: player.dialing_code!,
      mobile: player.mobile!,
    };
    const before = await latestOutboxMessage(seeded.db, `+${player.dialing_code}${player.mobile}`);
    await refused(
      sendBindingCode(seeded.db, senders(), { memberId, target }, context(), policy),
      "mobile_taken",
    );
    expect(
      (await latestOutboxMessage(seeded.db, `+${player.dialing_code}${player.mobile}`))?.id,
    ).toBe(before?.id);

    // Even with a valid bind code for that number (say the owner asked for one), it stays the owner's.
    await requestCode(seeded.db, senders(), { purpose: "bind", target }, context(), policy);
    const code = await codeSentTo(`+${player.dialing_code}${player.mobile}`);
    await refused(
      bindMobile(
        seeded.db,
        senders(),
        {
          ...proven(memberId),
          memberId,
          dialingCode: target.dialingCode,
          mobile: target.mobile,
          code,
        },
        context(),
        policy,
      ),
      "mobile_taken",
    );
    expect((await member(memberId)).mobile).toBeNull();
  });

  test("a code for another purpose does not bind", async () => {
    const memberId = await newMember();
    const target = { channel: "sms" as const, dialingCode: "92", mobile: "3009990103" };
    await requestCode(seeded.db, senders(), { purpose: "register", target }, context(), policy);
    const code = await codeSentTo("+923009990103");
    await refused(
      bindMobile(
        seeded.db,
        senders(),
        { ...proven(memberId), memberId, dialingCode: "92", mobile: "3009990103", code },
        context(),
        policy,
      ),
      "code-expired",
    );
  });
});

describe("binding an e-mail address", () => {
  test("the code arrives by mail; the address is stored in lower case", async () => {
    const memberId = await newMember();
    const target = { channel: "email" as const, email: "New.Mail@Example.com" };
    await sendBindingCode(seeded.db, senders(), { memberId, target }, context(), policy);
    const message = await latestOutboxMessage(seeded.db, "new.mail@example.com");
    expect(message?.channel).toBe("email");
    const code = await codeSentTo("new.mail@example.com");
    await bindEmail(
      seeded.db,
      senders(),
      { ...proven(memberId), memberId, email: "New.Mail@Example.com", code },
      context(),
      policy,
    );
    expect((await member(memberId)).email).toBe("new.mail@example.com");
    expect((await boundContacts(seeded.db, memberId)).email).toBe("n***@example.com");
    expect(await auditEvents(memberId, "email_bound")).toHaveLength(1);
  });

  test("an address another member uses is refused, whatever its case", async () => {
    const memberId = await newMember();
    const target = { channel: "email" as const, email: "Player01@Example.com" };
    await refused(
      sendBindingCode(seeded.db, senders(), { memberId, target }, context(), policy),
      "email_taken",
    );
    await refused(
      bindEmail(
        seeded.db,
        senders(),
        { ...proven(memberId), memberId, email: "player01@example.com", code: "123456" },
        context(),
        policy,
      ),
      "email_taken",
    );
  });

  test("rebinding the member's own address is not 'taken'", async () => {
    const player = (await findMemberByAccount(seeded.db, "player01"))!;
    const sent = await sendBindingCode(
      seeded.db,
      senders(),
      { memberId: player.id, target: { channel: "email", email: "player01@example.com" } },
      context(),
      policy,
    );
    expect(sent.status).toBe("sent");
  });
});

test("masked numbers keep only the ends", () => {
  expect(maskMobile("92", "3001234567")).toBe("+92 30******67");
  expect(maskMobile("65", "812345")).toBe("+65 8****5");
});

describe("profile", () => {
  test("saves the nickname and the further profile fields, keeps registration's keys, removes emptied fields, audits field names only", async () => {
    const memberId = await insertMember(seeded.db);
    await seeded.db
      .updateTable("members")
      .set({ profile: JSON.stringify({ payeeName: "Ali Khan", whatsapp: "923001112222" }) })
      .where("id", "=", memberId)
      .execute();

    const first = await updateProfile(
      seeded.db,
      {
        memberId,
        nickname: "Ace",
        fields: { realName: "Ali Khan", birthday: "1990-05-17", sourceOfIncome: "salary" },
      },
      context(),
    );
    expect(first.changed).toEqual(["nickname", "realName", "birthday", "sourceOfIncome"]);
    expect(await readProfile(seeded.db, memberId)).toEqual({
      nickname: "Ace",
      fields: { realName: "Ali Khan", birthday: "1990-05-17", sourceOfIncome: "salary" },
    });

    const second = await updateProfile(
      seeded.db,
      { memberId, nickname: "Ace", fields: { realName: "Ali Khan", birthday: undefined } },
      context(),
    );
    expect(second.changed).toEqual(["birthday", "sourceOfIncome"]);
    const stored = await member(memberId);
    expect(stored.profile).toEqual({
      payeeName: "Ali Khan",
      whatsapp: "923001112222",
      realName: "Ali Khan",
    });

    const events = await auditEvents(memberId, "profile_updated");
    expect(events).toHaveLength(2);
    expect(JSON.stringify(events.map((event) => event.detail))).not.toContain("1990-05-17");

    // Nothing changed: no write, no audit.
    expect(
      (
        await updateProfile(
          seeded.db,
          { memberId, nickname: "Ace", fields: { realName: "Ali Khan" } },
          context(),
        )
      ).changed,
    ).toEqual([]);
    expect(await auditEvents(memberId, "profile_updated")).toHaveLength(2);
  });
});

describe("changing a bound number or address", () => {
  test("needs the login password; the old number is told, other sessions end and this one stays; audited before and after, masked", async () => {
    const memberId = await newMember();
    await seeded.db
      .updateTable("members")
      .set({ dialing_code: "92", mobile: "3009990201" })
      .where("id", "=", memberId)
      .execute();
    const open = (userAgent: string) =>
      createSession(
        seeded.db,
        { memberId, site: "member", remember: false, ip: null, userAgent },
        policy,
      );
    const here = await open("here");
    const there = await open("there");
    const hereId = (await readSession(seeded.db, here.token, policy))!.sessionId;
    const target = { channel: "sms" as const, dialingCode: "92", mobile: "3009990202" };
    await sendBindingCode(seeded.db, senders(), { memberId, target }, context(), policy);
    const code = await codeSentTo("+923009990202");
    const change = (password: string) =>
      bindMobile(
        seeded.db,
        senders(),
        { ...proven(memberId, password, hereId), dialingCode: "92", mobile: "3009990202", code },
        context(),
        policy,
      );

    // Without the right password nothing changes, and the code is not used up.
    await refused(change("Wrong999"), "old_password_wrong");
    expect((await member(memberId)).mobile).toBe("3009990201");
    expect(await readSession(seeded.db, there.token, policy)).not.toBeNull();

    await change(PASSWORD);
    expect((await member(memberId)).mobile).toBe("3009990202");
    expect((await latestOutboxMessage(seeded.db, "+923009990201"))?.body).toBe(NOTICE.sms);
    expect(await readSession(seeded.db, here.token, policy)).not.toBeNull();
    expect(await readSession(seeded.db, there.token, policy)).toBeNull();
    const [event] = await auditEvents(memberId, "phone_bound");
    expect(event?.detail).toMatchObject({
      from: "+92300***01",
      to: "+92300***02",
      sessionsEnded: 1,
    });
  });

  test("a new e-mail address: the old one gets the notice by mail", async () => {
    const memberId = await newMember();
    await seeded.db
      .updateTable("members")
      .set({ email: "old.box@example.com" })
      .where("id", "=", memberId)
      .execute();
    const target = { channel: "email" as const, email: "new.box@example.com" };
    await sendBindingCode(seeded.db, senders(), { memberId, target }, context(), policy);
    const code = await codeSentTo("new.box@example.com");
    await bindEmail(
      seeded.db,
      senders(),
      { ...proven(memberId), email: "new.box@example.com", code },
      context(),
      policy,
    );
    const notice = await latestOutboxMessage(seeded.db, "old.box@example.com");
    expect(notice?.body).toContain(NOTICE.mailText);
    expect((await auditEvents(memberId, "email_bound"))[0]?.detail).toMatchObject({
      from: "o***@example.com",
      to: "n***@example.com",
    });
  });

  test("a member with an authenticator may prove it with a code from the app instead of the password", async () => {
    const memberId = await newMember();
    await enrolTestAuthenticator(seeded.db, memberId);
    const target = { channel: "email" as const, email: "totp.box@example.com" };
    await sendBindingCode(seeded.db, senders(), { memberId, target }, context(), policy);
    const code = await codeSentTo("totp.box@example.com");
    const change = (authenticatorCode: string) =>
      bindEmail(
        seeded.db,
        senders(),
        {
          ...proven(memberId),
          proof: { kind: "authenticator", code: authenticatorCode },
          email: "totp.box@example.com",
          code,
        },
        context(),
        policy,
      );
    const right = await authenticatorCodeNow();
    const wrong = right === "000000" ? "111111" : "000000";

    // A wrong code is the authenticator's refusal, counted by its throttle; nothing changes.
    await refused(change(wrong), "second_factor_wrong");
    expect((await member(memberId)).email).toBeNull();
    expect(await auditEvents(memberId, "second_factor_failed")).toMatchObject([
      { detail: { reason: "wrong", purpose: "identity_proof" } },
    ]);

    await change(right);
    expect((await member(memberId)).email).toBe("totp.box@example.com");
  });

  test("without an authenticator, an authenticator proof is refused", async () => {
    const memberId = await newMember();
    const target = { channel: "email" as const, email: "no.totp@example.com" };
    await sendBindingCode(seeded.db, senders(), { memberId, target }, context(), policy);
    const code = await codeSentTo("no.totp@example.com");
    await refused(
      bindEmail(
        seeded.db,
        senders(),
        {
          ...proven(memberId),
          proof: { kind: "authenticator", code: "123456" },
          email: "no.totp@example.com",
          code,
        },
        context(),
        policy,
      ),
      "authenticator_missing",
    );
    expect((await member(memberId)).email).toBeNull();
  });
});
