import { createRemixStub } from "@remix-run/testing";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import {
  RegisterDialog,
  type RegisterActionData,
  type RegisterFormView,
} from "~/components/identity/register-dialog";
import { latestOutboxMessage } from "~/platform/identity/outbox.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { I18nProvider, LabelSourceProvider, type LabelSource } from "~/utils/i18n";
import en from "../../locales/en/common.json";
import { useSeededDatabase, withBrand } from "../helpers/database";
import {
  cookiePair,
  formPost,
  jsonBody,
  routeArgs,
  quietServerRenderWarnings,
} from "../helpers/routes";

// The routes' database is this test database.
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const route = () => import("~/routes/_portal+/register");
const affiliateRoute = () => import("~/routes/resources+/affiliate");

/** A returned or thrown Response: actions throw for redirects, forbidden origins and spam. */
async function settle(promise: Promise<unknown> | unknown): Promise<Response> {
  try {
    const value = await promise;
    if (value instanceof Response) return value;
    throw new Error("expected a Response");
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

const validUsernameForm = (username: string) => ({
  intent: "register",
  username,
  password: "Lantern-Quay-58",
  confirmPassword: "Lantern-Quay-58",
  terms: "on",
});

async function register(
  url: string,
  fields: Record<string, string>,
  headers?: Record<string, string>,
) {
  const { action } = await route();
  return settle(action(formPost(url, fields, headers)));
}

async function member(account: string) {
  return handle.db
    .selectFrom("members")
    .selectAll()
    .where("account", "=", account)
    .executeTakeFirst();
}

describe("register loader", () => {
  test("the lobby with the dialog: both modes, username first, the enabled optional fields, the brand's countries", async () => {
    const { loader } = await route();
    const data = await jsonBody(await loader(routeArgs("/register")));
    expect(data.lobby.tabs).toContain("HOME");
    expect(data.lobby.dialog).toBeNull();
    expect(data.register).toMatchObject({
      mode: "username",
      modes: ["username", "mobile"],
      verification: true,
      affiliateCode: null,
    });
    // Demo brand: mobileNum is enabled and optional in username mode.
    expect(data.register.mobile).toEqual({ shown: true, required: false });
    const optional = data.register.optional.map((field: { name: string }) => field.name);
    expect(optional).toEqual(["email", "payeeName", "whatsapp", "affiliateCode", "birthday"]);
    expect(optional).not.toContain("qqNum");
    expect(data.register.countries[0]).toEqual({ countryCode: "PK", countryDialingCode: "92" });
  });

  test("?mode=mobile, and a referral link's code prefilled from ?ref= or ?affiliateCode=", async () => {
    const { loader } = await route();
    const mobile = await jsonBody(await loader(routeArgs("/register?mode=mobile&ref=LUCKY1")));
    expect(mobile.register).toMatchObject({
      mode: "mobile",
      mobile: { shown: true, required: true },
      affiliateCode: "LUCKY1",
    });
    const other = await jsonBody(
      await loader(routeArgs("/register?mode=nope&affiliateCode=DOCK02")),
    );
    expect(other.register).toMatchObject({ mode: "username", affiliateCode: "DOCK02" });
    const junk = await jsonBody(await loader(routeArgs("/register?ref=%3Cscript%3E")));
    expect(junk.register.affiliateCode).toBeNull();
  });

  test("a brand with only mobile registration offers only the mobile mode; with none, registration is closed", async () => {
    const { loader } = await route();
    const setFlag = (brand: BrandConfig, modId: string, enabled: boolean) => {
      const stack = [...brand.whitelabel];
      for (let node = stack.pop(); node; node = stack.pop()) {
        if (node.modId === modId) node.enabled = enabled;
        stack.push(...node.childrenNodes);
      }
    };
    await withBrand(
      handle.db,
      (brand) => setFlag(brand, "USERNAMEREG3", false),
      async () => {
        const data = await jsonBody(await loader(routeArgs("/register?mode=username")));
        expect(data.register).toMatchObject({ mode: "mobile", modes: ["mobile"] });
      },
    );
    await withBrand(
      handle.db,
      (brand) =>
        ["USERNAMEREG3", "MOBILENUMREG3", "MOBILENUMPASSREG3"].forEach((modId) =>
          setFlag(brand, modId, false),
        ),
      async () => {
        const data = await jsonBody(await loader(routeArgs("/register")));
        expect(data.register).toBeNull();
        const response = await register("/register", validUsernameForm("closedreg1"));
        expect(response.status).toBe(400);
        expect((await jsonBody(response)).result.error[""]).toEqual([
          "This operation is not allowed",
        ]);
      },
    );
  });
});

describe("username registration", () => {
  test("success: a member, a session cookie, and home; the dialog then redirects the signed-in member", async () => {
    const response = await register("/register", validUsernameForm("newuser01"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const cookie = response.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    const row = await member("newuser01");
    expect(row).toMatchObject({ type: 0, parent_id: null, mobile: null });
    const sessions = await handle.db
      .selectFrom("sessions")
      .selectAll()
      .where("member_id", "=", row!.id)
      .execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ site: "member", remember: false });

    const { loader, action } = await route();
    const session = cookiePair(cookie);
    const again = await settle(loader(routeArgs("/register", { headers: { Cookie: session } })));
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/");
    const posted = await settle(
      action(formPost("/register", validUsernameForm("newuser02"), { Cookie: session })),
    );
    expect(posted.headers.get("Location")).toBe("/");
    expect(await member("newuser02")).toBeUndefined();
  });

  test("a taken username: 400 with account_taken on the username; entered values come back, secrets do not", async () => {
    const response = await register("/register", {
      ...validUsernameForm("Player01"),
      email: "someone@example.com",
    });
    expect(response.status).toBe(400);
    const { result } = await jsonBody(response);
    expect(result.error.username).toEqual(["This username is already registered"]);
    expect(result.initialValue).toMatchObject({
      username: "Player01",
      email: "someone@example.com",
      terms: "on",
    });
    expect(result.initialValue.password).toBeUndefined();
    expect(result.initialValue.confirmPassword).toBeUndefined();
  });

  test("the confirmation must equal the password: 'Inconsistent twice', shown with the other errors at once", async () => {
    const response = await register("/register", {
      ...validUsernameForm("newuser03"),
      confirmPassword: "Lantern-Quay-59",
      terms: "",
    });
    expect(response.status).toBe(400);
    const { result } = await jsonBody(response);
    expect(result.error.confirmPassword).toEqual(["Inconsistent twice"]);
    expect(result.error.terms).toBeTruthy();
    expect(result.error.password).toBeUndefined();
    const empty = await jsonBody(
      await register("/register", { ...validUsernameForm("newuser03"), confirmPassword: "" }),
    );
    expect(empty.result.error.confirmPassword).toEqual(["Input cannot be empty"]);
    expect(await member("newuser03")).toBeUndefined();
  });

  test("the terms must be ticked: an inline error on the checkbox", async () => {
    const { terms: _terms, ...fields } = validUsernameForm("newuser04");
    const { result } = await jsonBody(await register("/register", fields));
    expect(result.error.terms).toEqual([
      "Please confirm that you are 18 or older and accept the terms and conditions",
    ]);
    expect(Object.keys(result.error)).toEqual(["terms"]);
  });

  test("field rules: the username rule's translated message with its range; the password rule too; in Urdu", async () => {
    const bad = await jsonBody(await register("/register", validUsernameForm("1abc")));
    expect(bad.result.error.username).toEqual([
      "Enter 6-16 letters or digits, starting with a letter",
    ]);
    const weak = await jsonBody(
      await register("/register", {
        ...validUsernameForm("newuser05"),
        password: "secret",
        confirmPassword: "secret",
      }),
    );
    expect(weak.result.error.password).toEqual(["Enter 8-64 characters"]);
    const guessable = await jsonBody(
      await register("/register", {
        ...validUsernameForm("newuser05"),
        password: "Lottery123",
        confirmPassword: "Lottery123",
      }),
    );
    expect(guessable.result.error.password).toEqual([
      "This password is too common or too easy to guess. Use a longer phrase of unusual words.",
    ]);
    const missing = await jsonBody(
      await register("/register", { ...validUsernameForm(""), username: "" }),
    );
    expect(missing.result.error.username).toEqual([
      "Enter 6-16 letters or digits, starting with a letter",
    ]);
    const urdu = await jsonBody(await register("/register?lng=ur", validUsernameForm("1abc")));
    expect(urdu.result.error.username[0]).toMatch(/[\u0600-\u06FF]/);
    expect(urdu.result.error.username[0]).toContain("6-16");
  });

  test("optional fields: checked by their rule only when given; a disabled field is ignored", async () => {
    const response = await register("/register", {
      ...validUsernameForm("newuser06"),
      email: "not-an-email",
      whatsapp: "12ab",
      qqNum: "whatever",
    });
    const { result } = await jsonBody(response);
    expect(result.error.email).toEqual(["Enter a valid e-mail address (5-64 characters)"]);
    expect(result.error.whatsapp).toEqual(["Enter 7-15 digits"]);
    expect(result.error.qqNum).toBeUndefined();

    const ok = await register("/register", {
      ...validUsernameForm("newuser07"),
      email: "New7@Example.com",
      payeeName: "Ali Khan",
      whatsapp: "923001112222",
      qqNum: "ignored",
    });
    expect(ok.status).toBe(302);
    const row = await member("newuser07");
    expect(row?.email).toBe("new7@example.com");
    const profile = typeof row?.profile === "string" ? JSON.parse(row.profile) : row?.profile;
    expect(profile).toEqual({ payeeName: "Ali Khan", whatsapp: "923001112222" });
  });

  test("a brand that enables and requires more fields: shown as required and enforced; equal bounds collapse", async () => {
    await withBrand(
      handle.db,
      (brand) => {
        brand.registerFieldRules.qqNum = {
          ...brand.registerFieldRules.qqNum!,
          enabled: true,
          required: true,
        };
        brand.registerFieldRules.paymentPassword = {
          ...brand.registerFieldRules.paymentPassword!,
          enabled: true,
          required: true,
        };
      },
      async () => {
        const { loader } = await route();
        const data = await jsonBody(await loader(routeArgs("/register")));
        expect(data.register.optional).toContainEqual({ name: "qqNum", required: true });
        expect(data.register.optional).toContainEqual({ name: "paymentPassword", required: true });
        const { result } = await jsonBody(
          await register("/register", validUsernameForm("newuser08")),
        );
        expect(result.error.qqNum).toEqual(["Enter 5-12 digits"]);
        expect(result.error.paymentPassword).toEqual(["Enter 6 digits"]);
        const ok = await register("/register", {
          ...validUsernameForm("newuser08"),
          qqNum: "123456",
          paymentPassword: "654321",
        });
        expect(ok.status).toBe(302);
        const row = await member("newuser08");
        expect(row?.withdraw_password_hash).toBeTruthy();
        expect(row?.withdraw_password_hash).not.toContain("654321");
      },
    );
    // Back to the demo brand: optional again, and hidden.
    const { result } = await jsonBody(
      await register("/register", { ...validUsernameForm("1bad") }),
    );
    expect(result.error.qqNum).toBeUndefined();
  });

  test("affiliate code: a bad one is invitation_code_error on its field; a good one puts the member under its agent", async () => {
    const bad = await register("/register", {
      ...validUsernameForm("newuser09"),
      affiliateCode: "NOPE99",
    });
    expect(bad.status).toBe(400);
    expect((await jsonBody(bad)).result.error.affiliateCode).toEqual(["Invalid invitation code"]);
    expect(await member("newuser09")).toBeUndefined();

    const good = await register("/register", {
      ...validUsernameForm("newuser09"),
      affiliateCode: "lucky1",
    });
    expect(good.status).toBe(302);
    const agent = await member("agent01");
    expect((await member("newuser09"))?.parent_id).toBe(agent!.id);
  });
});

describe("mobile registration and the SMS code", () => {
  const mobile = "3009998887";
  const recipient = `+92${mobile}`;
  const sendCode = (fields: Record<string, string> = {}) =>
    register("/register?mode=mobile", {
      intent: "send-code",
      countryDialingCode: "92",
      mobileNum: mobile,
      ...fields,
    });

  test("send-code: a code to +92<mobile>; a repeat within a second is ignored; later, within the countdown, refused", async () => {
    // Only the number is needed: the rest of the form may still be empty.
    const first = await sendCode({ password: "" });
    expect(first.status).toBe(200);
    const sent = await jsonBody(first);
    expect(sent.codeSent).toEqual({ status: "sent", expiredMinutes: 1, retryAfterSeconds: 60 });
    expect(sent.result.initialValue).toMatchObject({ mobileNum: mobile, countryDialingCode: "92" });
    const message = await latestOutboxMessage(handle.db, recipient);
    expect(message?.body).toMatch(/\b\d{6}\b/);
    expect(message?.purpose).toBe("register");

    const repeat = await sendCode();
    expect(repeat.status).toBe(200);
    expect((await jsonBody(repeat)).codeSent).toMatchObject({
      status: "ignored",
      expiredMinutes: 1,
    });
    expect((await latestOutboxMessage(handle.db, recipient))?.id).toBe(message?.id);

    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const early = await sendCode();
    expect(early.status).toBe(429);
    expect(Number(early.headers.get("Retry-After"))).toBeGreaterThan(0);
    const refused = await jsonBody(early);
    expect(refused.smsError).toMatch(/^Please wait \d+ seconds before requesting another code$/);
    expect(refused.codeSent).toMatchObject({ status: "ignored" });
    expect(refused.codeSent.retryAfterSeconds).toBeGreaterThan(50);
    expect((await latestOutboxMessage(handle.db, recipient))?.id).toBe(message?.id);
  });

  test("register: a wrong code is refused on the code field; the code from the SMS signs the new member in", async () => {
    const code = (await latestOutboxMessage(handle.db, recipient))!.body.match(/\b(\d{6})\b/)![1]!;
    const fields = {
      intent: "register",
      countryDialingCode: "92",
      mobileNum: mobile,
      password: "Lantern-Quay-58",
      confirmPassword: "Lantern-Quay-58",
      terms: "on",
    };
    const missing = await jsonBody(await register("/register?mode=mobile", fields));
    expect(missing.result.error.verificationCode).toEqual([
      "Please enter a valid verification code",
    ]);
    const wrongCode = code === "000000" ? "111111" : "000000";
    const wrong = await register("/register?mode=mobile", {
      ...fields,
      verificationCode: wrongCode,
    });
    expect(wrong.status).toBe(400);
    expect((await jsonBody(wrong)).result.error.verificationCode).toEqual([
      "Please enter a valid verification code",
    ]);

    const ok = await register("/register?mode=mobile", { ...fields, verificationCode: code });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Set-Cookie")).toMatch(/^session=/);
    // Mobile registration sets the username to the phone number.
    expect(await member(mobile)).toMatchObject({ dialing_code: "92", mobile });
  });

  test("a number that already belongs to a member: mobile_taken, and no SMS", async () => {
    const taken = await register("/register?mode=mobile", {
      intent: "send-code",
      countryDialingCode: "92",
      mobileNum: "3001234567",
    });
    expect(taken.status).toBe(400);
    expect((await jsonBody(taken)).result.error.mobileNum).toEqual([
      "This mobile number is already registered",
    ]);
    expect(await latestOutboxMessage(handle.db, "+923001234567")).toBeUndefined();
  });

  test("send-code checks the number and the dialing code only", async () => {
    const bad = await jsonBody(
      await register("/register?mode=mobile", {
        intent: "send-code",
        countryDialingCode: "999",
        mobileNum: "12",
      }),
    );
    // The field shows the first message: the rule's, translated.
    expect(bad.result.error.mobileNum[0]).toBe("Enter 7-12 digits");
    expect(bad.result.error.countryDialingCode).toEqual(["Please enter a valid mobile number"]);
    expect(Object.keys(bad.result.error).sort()).toEqual(["countryDialingCode", "mobileNum"]);
  });

  test("username mode: an optional mobile number, once given, must be proven with a code", async () => {
    const { result } = await jsonBody(
      await register("/register", {
        ...validUsernameForm("newuser10"),
        countryDialingCode: "92",
        mobileNum: "3005556667",
      }),
    );
    expect(result.error.verificationCode).toEqual(["Please enter a valid verification code"]);
  });
});

describe("affiliate code check (GET /resources/affiliate)", () => {
  test("valid for a seeded agent's code (any case), invalid otherwise", async () => {
    const { loader } = await affiliateRoute();
    expect(await jsonBody(await loader(routeArgs("/resources/affiliate?code=LUCKY1")))).toEqual({
      code: "LUCKY1",
      valid: true,
    });
    expect(await jsonBody(await loader(routeArgs("/resources/affiliate?code=dock02")))).toEqual({
      code: "dock02",
      valid: true,
    });
    expect(await jsonBody(await loader(routeArgs("/resources/affiliate?code=NOPE99")))).toEqual({
      code: "NOPE99",
      valid: false,
    });
    const junk = await loader(routeArgs("/resources/affiliate?code=%27%20or%201%3D1"));
    expect((await jsonBody(junk)).valid).toBe(false);
    expect(junk.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("form protection", () => {
  test("a filled honeypot is a 400 and registers nobody", async () => {
    const response = await register("/register", {
      ...validUsernameForm("botuser01"),
      name__confirm: "I am a bot",
    });
    expect(response.status).toBe(400);
    expect(await member("botuser01")).toBeUndefined();
  });

  test("a post from another origin is a 403", async () => {
    const response = await register("/register", validUsernameForm("csrfuser1"), {
      Origin: "https://evil.example",
    });
    expect(response.status).toBe(403);
    const fetchSite = await register("/register", validUsernameForm("csrfuser1"), {
      "Sec-Fetch-Site": "cross-site",
    });
    expect(fetchSite.status).toBe(403);
    expect(await member("csrfuser1")).toBeUndefined();
  });
});

describe("register dialog (server render, JavaScript off)", () => {
  quietServerRenderWarnings();

  const form: RegisterFormView = {
    mode: "mobile",
    modes: ["username", "mobile"],
    optional: [
      { name: "email", required: false },
      { name: "affiliateCode", required: true },
    ],
    mobile: { shown: true, required: true },
    verification: true,
    countries: [
      { countryCode: "PK", countryDialingCode: "92" },
      { countryCode: "IN", countryDialingCode: "91" },
    ],
    affiliateCode: "LUCKY1",
    referralCode: null,
    referral: false,
  };

  function renderDialog(
    actionData?: RegisterActionData,
    path = "/register?mode=mobile&ref=LUCKY1",
  ) {
    const source: LabelSource = { initialLocale: "en", get: () => en, load: async () => en };
    const Stub = createRemixStub([
      { path: "/register", Component: () => createElement(RegisterDialog, { form, actionData }) },
    ]);
    return renderToString(
      createElement(
        LabelSourceProvider,
        { value: source },
        createElement(I18nProvider, null, createElement(Stub, { initialEntries: [path] })),
      ),
    );
  }

  test("tabs are links with aria-current; the form posts to its mode; countries as +92 (PK); referral code prefilled", () => {
    const html = renderDialog();
    expect(html).toMatch(
      /<a[^>]*href="\/register\?mode=mobile&amp;ref=LUCKY1"[^>]*aria-current="page"|<a[^>]*aria-current="page"[^>]*href="\/register\?mode=mobile&amp;ref=LUCKY1"/,
    );
    expect(html).toContain('href="/register?mode=username&amp;ref=LUCKY1"');
    expect(html).toMatch(
      /<form[^>]*method="post"[^>]*action="\/register\?mode=mobile"[^>]*novalidate/i,
    );
    expect(html).toContain("+92 (PK)");
    expect(html).toMatch(
      /name="affiliateCode"[^>]*value="LUCKY1"|value="LUCKY1"[^>]*name="affiliateCode"/,
    );
    expect(html).toContain('name="name__confirm"');
    expect(html).toContain('value="send-code"');
    expect(html).toContain('href="/help#term"');
    expect(html).toContain('href="/login"');
    expect(html).not.toContain('name="username"');
  });

  test("after a send: the button is disabled with the seconds left; errors sit under their fields; values come back", () => {
    const html = renderDialog({
      result: {
        status: "error",
        initialValue: { mobileNum: "3009998887", countryDialingCode: "91", terms: "on" },
        error: { terms: ["Please confirm"], "": ["Something went wrong"] },
      },
      codeSent: { status: "ignored", expiredMinutes: 1, retryAfterSeconds: 42 },
      smsError: "Please wait 42 seconds before requesting another code",
    });
    expect(html).toMatch(
      /<button[^>]*value="send-code"[^>]*disabled=""[^>]*>Resend in 42 s<\/button>/,
    );
    expect(html).toContain('role="alert" data-testid="sms-error">Please wait 42 seconds');
    expect(html).toMatch(/value="3009998887"/);
    expect(html).toMatch(/<option value="91" selected="">/);
    expect(html).toMatch(/<input[^>]*name="terms"[^>]*checked=""/);
    expect(html).toMatch(
      /aria-invalid="true" aria-describedby="([^"]+)"[\s\S]*id="\1" class="field-error" role="alert">Please confirm/,
    );
    expect(html).toContain("Something went wrong");
  });
});
