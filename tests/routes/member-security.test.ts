import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { dayIn } from "~/platform/calendar/date-range";
import { recordKnownSignIn } from "~/platform/identity/known-sign-ins.server";
import { latestOutboxMessage } from "~/platform/identity/outbox.server";
import { hashPassword } from "~/platform/identity/secrets.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { authenticatorCodeNow, enrolTestAuthenticator } from "../helpers/authenticator";
import { useSeededDatabase } from "../helpers/database";
import {
  formPost,
  jsonBody,
  routeArgs,
  signInAs,
  signInMember,
  thrownResponse,
} from "../helpers/routes";

// The routes' database is this test database.
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const route = () => import("~/routes/_portal+/member+/security");

/** A member of its own with a known login password, signed in. */
async function newMember(password = "Login123") {
  const row = await handle.db
    .insertInto("members")
    .values({
      account: `s${randomBytes(5).toString("hex")}`,
      type: 0,
      password_hash: await hashPassword(password),
      profile: "{}",
      created_at: new Date(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, ...(await signInMember(handle.db, row.id)) };
}

let ipCounter = 0;
/** A post from the member's browser; each from its own address, so code throttles per IP never meet. */
async function post(cookie: string, fields: Record<string, string>) {
  const { action } = await route();
  return action(
    formPost("/member/security", fields, {
      Cookie: cookie,
      "X-Forwarded-For": `192.0.2.${++ipCounter}`,
    }),
  );
}

const page = async (cookie: string, query = "") =>
  jsonBody(
    (await route()).loader(routeArgs(`/member/security${query}`, { headers: { Cookie: cookie } })),
  );

const memberRow = (id: string) =>
  handle.db.selectFrom("members").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

async function codeSentTo(recipient: string) {
  return (
    /\b(\d{6})\b/.exec((await latestOutboxMessage(handle.db, recipient))?.body ?? "")?.[1] ?? ""
  );
}
const otherThan = (code: string) => (code === "000000" ? "111111" : "000000");

describe("the page", () => {
  test("a member without VIP gets no VIP data; a VIP member gets the level, its benefits and progress", async () => {
    const player = await signInAs(handle.db, "player01");
    const data = await page(player.cookie);
    expect(data.vip).toBeNull();
    expect(data.withdrawPassword).toEqual({ isSet: false, hint: "Enter 6 digits" });
    expect(data.contacts).toEqual({ mobile: "+92 30******67", email: "p***@example.com" });
    expect(data.profile).toMatchObject({ account: "player01", nickname: "Lucky Player" });

    const vip = await signInAs(handle.db, "vipstar");
    // Gold in the demo levels: its rates, limits and the way to Platinum (ADR 16).
    expect((await page(vip.cookie)).vip).toMatchObject({
      level: 3,
      name: "Gold",
      withdrawDailyCount: 10,
      withdrawMax: "20000000",
      next: { level: 4, name: "Platinum", deposits: { need: "100000000" } },
      rollingDays: 30,
    });
  });

  test("?done= names a section's success note, and only a known one", async () => {
    const { cookie } = await newMember();
    expect((await page(cookie, "?done=profile")).done).toBe("profile");
    expect((await page(cookie, "?done=elsewhere")).done).toBeNull();
  });

  test("an unknown intent is a 400; a visitor's post goes to log in", async () => {
    const { cookie } = await newMember();
    expect((await thrownResponse(post(cookie, { intent: "drop-tables" }))).status).toBe(400);
    const { action } = await route();
    const visitor = await thrownResponse(
      action(formPost("/member/security", { intent: "profile", nickname: "x" })),
    );
    expect(visitor.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("withdraw password", () => {
  test("set with the login password, then changed with the current one; secrets never echoed", async () => {
    const member = await newMember("Login123");
    // Validation: the brand's paymentPassword rule (6 digits) and the confirmation.
    const invalid = await post(member.cookie, {
      intent: "withdraw-password",
      loginPassword: "Login123",
      newWithdrawPassword: "12ab",
      confirmWithdrawPassword: "12ab",
    });
    expect(invalid.status).toBe(400);
    const invalidData = await jsonBody(invalid);
    expect(invalidData.section).toBe("withdraw-password");
    expect(invalidData.result.error.newWithdrawPassword).toEqual(["Enter 6 digits"]);
    expect(invalidData.result.initialValue).not.toHaveProperty("loginPassword");
    expect(invalidData.result.initialValue).not.toHaveProperty("newWithdrawPassword");
    const mismatch = await jsonBody(
      post(member.cookie, {
        intent: "withdraw-password",
        loginPassword: "Login123",
        newWithdrawPassword: "123456",
        confirmWithdrawPassword: "123457",
      }),
    );
    expect(mismatch.result.error.confirmWithdrawPassword).toEqual([
      "Confirmation password is not correct.",
    ]);

    // A wrong login password is refused on its field.
    const wrong = await post(member.cookie, {
      intent: "withdraw-password",
      loginPassword: "Nope1234",
      newWithdrawPassword: "123456",
      confirmWithdrawPassword: "123456",
    });
    expect(wrong.status).toBe(400);
    expect((await jsonBody(wrong)).result.error.loginPassword).toEqual([
      "The login password is not correct",
    ]);
    expect((await memberRow(member.id)).withdraw_password_hash).toBeNull();

    const set = await post(member.cookie, {
      intent: "withdraw-password",
      loginPassword: "Login123",
      newWithdrawPassword: "123456",
      confirmWithdrawPassword: "123456",
    });
    expect(set.status).toBe(302);
    expect(set.headers.get("Location")).toBe(
      "/member/security?done=withdraw-password#withdraw-password",
    );
    expect((await page(member.cookie)).withdrawPassword.isSet).toBe(true);

    // Now the login password no longer proves anything: the current withdraw password is asked for.
    const byLogin = await jsonBody(
      post(member.cookie, {
        intent: "withdraw-password",
        loginPassword: "Login123",
        newWithdrawPassword: "654321",
        confirmWithdrawPassword: "654321",
      }),
    );
    expect(byLogin.result.error.oldWithdrawPassword).toEqual(["Input cannot be empty"]);
    const wrongCurrent = await jsonBody(
      post(member.cookie, {
        intent: "withdraw-password",
        oldWithdrawPassword: "999999",
        newWithdrawPassword: "654321",
        confirmWithdrawPassword: "654321",
      }),
    );
    expect(wrongCurrent.result.error.oldWithdrawPassword).toEqual([
      "The withdraw password is not correct",
    ]);
    const changed = await post(member.cookie, {
      intent: "withdraw-password",
      oldWithdrawPassword: "123456",
      newWithdrawPassword: "654321",
      confirmWithdrawPassword: "654321",
    });
    expect(changed.status).toBe(302);
    const events = await handle.db
      .selectFrom("audit_log")
      .select("event")
      .where("member_id", "=", member.id)
      .where("event", "like", "withdraw_password_%")
      .orderBy("id")
      .execute();
    expect(events.map((event) => event.event).sort()).toEqual([
      "withdraw_password_changed",
      "withdraw_password_set",
    ]);
  });

  test("too many wrong current passwords lock the change", async () => {
    const member = await newMember("Login123");
    await post(member.cookie, {
      intent: "withdraw-password",
      loginPassword: "Login123",
      newWithdrawPassword: "123456",
      confirmWithdrawPassword: "123456",
    });
    const attempt = () =>
      post(member.cookie, {
        intent: "withdraw-password",
        oldWithdrawPassword: "000000",
        newWithdrawPassword: "654321",
        confirmWithdrawPassword: "654321",
      });
    for (let i = 0; i < 5; i++) await attempt();
    const locked = await jsonBody(attempt());
    expect(locked.result.error[""]).toEqual([
      "Too many wrong withdraw passwords. Please try again in 15 minutes.",
    ]);
  });
});

describe("bind a mobile number", () => {
  test("get a code, a wrong code is refused (the number kept), the right one binds", async () => {
    const member = await newMember();
    const fields = { countryDialingCode: "92", mobileNum: "3009991201" };
    const sent = await post(member.cookie, { intent: "send-code", channel: "sms", ...fields });
    expect(sent.status).toBe(200);
    const sentData = await jsonBody(sent);
    expect(sentData).toMatchObject({ section: "phone", codeSent: { status: "sent" } });
    const code = await codeSentTo("+923009991201");

    const wrong = await post(member.cookie, {
      intent: "bind-phone",
      loginPassword: "Login123",
      ...fields,
      verificationCode: otherThan(code),
    });
    expect(wrong.status).toBe(400);
    const wrongData = await jsonBody(wrong);
    expect(wrongData.section).toBe("phone");
    expect(wrongData.result.error.verificationCode).toEqual([
      "Please enter a valid verification code",
    ]);
    expect(wrongData.result.initialValue).toMatchObject(fields);
    expect(wrongData.result.initialValue).not.toHaveProperty("verificationCode");
    expect((await memberRow(member.id)).mobile).toBeNull();

    const bound = await post(member.cookie, {
      intent: "bind-phone",
      loginPassword: "Login123",
      ...fields,
      verificationCode: code,
    });
    expect(bound.status).toBe(302);
    expect(bound.headers.get("Location")).toBe("/member/security?done=phone#bind-phone");
    expect((await page(member.cookie)).contacts.mobile).toBe("+92 30******01");
  });

  test("validation: the number and the code", async () => {
    const member = await newMember();
    const data = await jsonBody(
      post(member.cookie, {
        intent: "bind-phone",
        loginPassword: "Login123",
        countryDialingCode: "92",
        mobileNum: "12ab",
        verificationCode: "x",
      }),
    );
    expect(data.result.error.mobileNum).toBeTruthy();
    expect(data.result.error.verificationCode).toEqual(["Please enter a valid verification code"]);
    expect(data.result.initialValue.mobileNum).toBe("12ab");
  });

  test("a number another member uses is refused: no code is sent, and binding it fails", async () => {
    const member = await newMember();
    const fields = { countryDialingCode: "92", mobileNum: "3001234567" }; // player01's
    const before = await latestOutboxMessage(handle.db, "+923001234567");
    const send = await post(member.cookie, { intent: "send-code", channel: "sms", ...fields });
    expect(send.status).toBe(400);
    expect((await jsonBody(send)).result.error.mobileNum).toEqual([
      "This mobile number is already used by another account",
    ]);
    expect((await latestOutboxMessage(handle.db, "+923001234567"))?.id).toBe(before?.id);
    const bind = await jsonBody(
      post(member.cookie, {
        intent: "bind-phone",
        loginPassword: "Login123",
        ...fields,
        verificationCode: "123456",
      }),
    );
    expect(bind.result.error.mobileNum).toEqual([
      "This mobile number is already used by another account",
    ]);
  });
});

describe("the login password a binding asks for", () => {
  test("missing or wrong, the binding is refused on the password field and the code stays usable", async () => {
    const member = await newMember();
    const fields = { countryDialingCode: "92", mobileNum: "3009991299" };
    await post(member.cookie, { intent: "send-code", channel: "sms", ...fields });
    const code = await codeSentTo("+923009991299");
    const missing = await jsonBody(
      post(member.cookie, { intent: "bind-phone", ...fields, verificationCode: code }),
    );
    expect(missing.result.error.loginPassword).toBeTruthy();
    const wrong = await jsonBody(
      post(member.cookie, {
        intent: "bind-phone",
        ...fields,
        verificationCode: code,
        loginPassword: "Wrong999",
      }),
    );
    expect(wrong.result.error.loginPassword).toEqual(["The login password is not correct."]);
    expect(wrong.result.initialValue).not.toHaveProperty("loginPassword");
    expect((await memberRow(member.id)).mobile).toBeNull();
    const bound = await post(member.cookie, {
      intent: "bind-phone",
      ...fields,
      verificationCode: code,
      loginPassword: "Login123",
    });
    expect(bound.status).toBe(302);
  });
});

describe("a member with an authenticator", () => {
  test("may prove a binding with a code from the app instead of the password; neither is refused, a wrong code on its own field", async () => {
    const member = await newMember();
    await enrolTestAuthenticator(handle.db, member.id);
    expect((await page(member.cookie)).authenticator.status).toBe("active");
    const fields = { countryDialingCode: "92", mobileNum: "3009991277" };
    await post(member.cookie, { intent: "send-code", channel: "sms", ...fields });
    const code = await codeSentTo("+923009991277");
    const bind = (proof: Record<string, string>) =>
      post(member.cookie, { intent: "bind-phone", ...fields, verificationCode: code, ...proof });

    const neither = await jsonBody(bind({}));
    expect(neither.result.error.loginPassword).toEqual([
      "Enter your login password or a code from your authenticator app",
    ]);
    const right = await authenticatorCodeNow();
    const wrong = await jsonBody(bind({ authenticatorCode: otherThan(right) }));
    expect(wrong.result.error.authenticatorCode).toEqual(["The code is incorrect"]);
    expect(wrong.result.initialValue).not.toHaveProperty("authenticatorCode");
    expect((await memberRow(member.id)).mobile).toBeNull();

    const bound = await bind({ authenticatorCode: right });
    expect(bound.status).toBe(302);
    expect((await memberRow(member.id)).mobile).toBe("3009991277");
  });

  test("without one, a code in place of the password is not accepted", async () => {
    const member = await newMember();
    const fields = { countryDialingCode: "92", mobileNum: "3009991278" };
    await post(member.cookie, { intent: "send-code", channel: "sms", ...fields });
    const code = await codeSentTo("+923009991278");
    const refused = await jsonBody(
      post(member.cookie, {
        intent: "bind-phone",
        ...fields,
        verificationCode: code,
        authenticatorCode: "123456",
      }),
    );
    expect(refused.result.error.loginPassword).toEqual(["Input cannot be empty"]);
    expect((await memberRow(member.id)).mobile).toBeNull();
  });
});

describe("known sign-in places", () => {
  test("listed with the browser's name; one forgotten, then all; another member's place cannot be named", async () => {
    const member = await newMember();
    const other = await newMember();
    const chrome =
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";
    await recordKnownSignIn(handle.db, member.id, {
      ip: "198.51.100.41",
      deviceId: "device-cccccccccccccccccccccccccccccccc",
      userAgent: chrome,
    });
    await recordKnownSignIn(handle.db, other.id, { ip: "198.51.100.42" });
    const places = (await page(member.cookie)).knownPlaces;
    expect(places.map((place: { shown: string }) => place.shown).sort()).toEqual([
      "198.51.100.41",
      "Chrome · Windows",
    ]);
    const [theirs] = (await page(other.cookie)).knownPlaces;

    // Another member's id: nothing of theirs goes.
    await post(member.cookie, { intent: "forget-known-place", place: theirs.id });
    expect((await page(other.cookie)).knownPlaces).toHaveLength(1);

    const ip = places.find((place: { kind: string }) => place.kind === "ip");
    const one = await post(member.cookie, { intent: "forget-known-place", place: ip.id });
    expect(one.status).toBe(302);
    expect(one.headers.get("Location")).toBe(
      "/member/security?done=known-places&forgot=one#known-places",
    );
    expect((await page(member.cookie)).knownPlaces).toHaveLength(1);
    const all = await post(member.cookie, { intent: "forget-known-place", place: "all" });
    expect(all.headers.get("Location")).toBe(
      "/member/security?done=known-places&forgot=all#known-places",
    );
    const after = await page(member.cookie, "?done=known-places&forgot=all");
    expect(after.knownPlaces).toEqual([]);
    expect(after.placesForgotten).toBe("all");

    const bad = await thrownResponse(
      post(member.cookie, { intent: "forget-known-place", place: "1 or 1=1" }),
    );
    expect(bad.status).toBe(400);
  });
});

describe("bind an e-mail address", () => {
  test("the code arrives by mail and binds the address", async () => {
    const member = await newMember();
    const email = `bind${randomBytes(3).toString("hex")}@example.com`;
    const sent = await jsonBody(
      post(member.cookie, { intent: "send-code", channel: "email", email }),
    );
    expect(sent).toMatchObject({ section: "email", codeSent: { status: "sent" } });
    expect((await latestOutboxMessage(handle.db, email))?.channel).toBe("email");
    const code = await codeSentTo(email);
    const wrong = await jsonBody(
      post(member.cookie, {
        intent: "bind-email",
        loginPassword: "Login123",
        email,
        verificationCode: otherThan(code),
      }),
    );
    expect(wrong.result.error.verificationCode).toEqual(["Please enter a valid verification code"]);
    expect(wrong.result.initialValue.email).toBe(email);
    const bound = await post(member.cookie, {
      intent: "bind-email",
      loginPassword: "Login123",
      email,
      verificationCode: code,
    });
    expect(bound.headers.get("Location")).toBe("/member/security?done=email#bind-email");
    expect((await memberRow(member.id)).email).toBe(email);
  });

  test("an address another member uses is refused", async () => {
    const member = await newMember();
    const data = await jsonBody(
      post(member.cookie, { intent: "send-code", channel: "email", email: "vipstar@example.com" }),
    );
    expect(data.result.error.email).toEqual([
      "This e-mail address is already used by another account",
    ]);
  });
});

describe("profile", () => {
  const valid = {
    intent: "profile",
    nickname: "Night Owl",
    realName: "Ayesha Khan",
    fullName: "Ayesha Noor Khan",
    telegram: "@ayesha_k",
    zalo: "+84912345678",
    birthday: "1990-05-17",
    address: "12 Mall Road, Lahore",
    nationality: "Pakistani",
    occupation: "Engineer",
    sourceOfIncome: "salary",
  };

  test("saved and shown again; registration's profile keys are kept", async () => {
    const member = await newMember();
    await handle.db
      .updateTable("members")
      .set({ profile: JSON.stringify({ payeeName: "Ayesha Khan" }) })
      .where("id", "=", member.id)
      .execute();
    const saved = await post(member.cookie, valid);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/member/security?done=profile#profile");
    const { profile } = await page(member.cookie);
    const { intent: _intent, nickname, ...fields } = valid;
    expect(profile.nickname).toBe(nickname);
    expect(profile.fields).toEqual(fields);
    expect((await memberRow(member.id)).profile).toMatchObject({
      payeeName: "Ayesha Khan",
      realName: "Ayesha Khan",
    });
  });

  test("the spec's messages; the entered values come back", async () => {
    const member = await newMember();
    const response = await post(member.cookie, {
      ...valid,
      realName: "R2D2",
      zalo: "call me",
      telegram: "@x",
      birthday: "2001-02-30",
      sourceOfIncome: "lottery",
    });
    expect(response.status).toBe(400);
    const data = await jsonBody(response);
    expect(data.section).toBe("profile");
    expect(data.result.error).toMatchObject({
      realName: ["Real name format is incorrect"],
      zalo: ["Phone number format is incorrect"],
      telegram: ["Telegram format is incorrect"],
      birthday: ["Please enter a real date as yyyy-MM-dd"],
      sourceOfIncome: ["Please choose a source of income from the list"],
    });
    expect(data.result.initialValue).toMatchObject({
      realName: "R2D2",
      nickname: "Night Owl",
      address: valid.address,
    });
    expect((await memberRow(member.id)).nickname).toBeNull();
  });

  test("a birthday under 18 is refused; exactly 18 today is accepted", async () => {
    const member = await newMember();
    // "Today" is the brand's day (Karachi), which is already tomorrow in UTC from 19:00 on.
    const { timeZone } = await getBrandConfig(handle.db);
    const [year, month, day] = dayIn(timeZone, new Date()).split("-").map(Number);
    const yearsAgo = (years: number, days = 0) =>
      new Date(Date.UTC(year! - years, month! - 1, day! + days)).toISOString().slice(0, 10);
    const young = await jsonBody(
      post(member.cookie, { intent: "profile", birthday: yearsAgo(18, 1) }),
    );
    expect(young.result.error.birthday).toEqual(["You must be at least 18 years old"]);
    const future = await jsonBody(
      post(member.cookie, { intent: "profile", birthday: yearsAgo(-1) }),
    );
    expect(future.result.error.birthday).toEqual(["You must be at least 18 years old"]);
    expect((await post(member.cookie, { intent: "profile", birthday: yearsAgo(18) })).status).toBe(
      302,
    );
  });

  test("an emptied field is removed", async () => {
    const member = await newMember();
    await post(member.cookie, valid);
    expect((await post(member.cookie, { ...valid, telegram: "", nickname: "" })).status).toBe(302);
    const { profile } = await page(member.cookie);
    expect(profile.nickname).toBeNull();
    expect(profile.fields).not.toHaveProperty("telegram");
    expect(profile.fields.realName).toBe("Ayesha Khan");
  });
});
