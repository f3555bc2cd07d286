import { createHmac, randomInt, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { generateTOTP } from "@epic-web/totp";
import { test as base, expect, type Browser, type Locator, type Page } from "@playwright/test";
import pg from "pg";
import { createTranslator, type Labels } from "../app/i18n";
import { openDatabase, type Database } from "../app/platform/db/open.server";
import { OPERATOR_TYPE } from "../app/platform/identity/member-types";
import { findMemberByAccount } from "../app/platform/identity/members.server";
import { identityPolicy } from "../app/platform/identity/policy.server";
import { hashPassword } from "../app/platform/identity/secrets.server";
import { createSession, type Site } from "../app/platform/identity/sessions.server";
import { DEMO_OPERATOR_TOTP_SECRET } from "../app/platform/seed/accounts.server";
import { DEMO_STAFF } from "../app/platform/seed/staff.server";
import { announcementClosedCookie } from "../app/utils/prefs.server";
import { opsSessionCookieHeader, sessionCookieHeader } from "../app/utils/session.server";

/**
 * Shared fixtures (Epic Stack style). Every spec imports `test` and `expect`
 * from here, never from @playwright/test, so the fixtures below apply.
 */

/** The PostgreSQL database the e2e server runs on; absent when it runs on PGlite. */
export const e2eDatabaseUrl = process.env.E2E_DATABASE_URL;

const labelSets = new Map<string, Labels>();

/**
 * A label as the app renders it (the app's own translator over
 * locales/<lng>/common.json), so a wording change does not break the tests.
 */
export function label(
  lng: string,
  key: string,
  vars: Record<string, string | number> = {},
): string {
  let labels = labelSets.get(lng);
  if (!labels) {
    labels = JSON.parse(
      readFileSync(new URL(`../locales/${lng}/common.json`, import.meta.url), "utf8"),
    ) as Labels;
    labelSets.set(lng, labels);
  }
  const text = createTranslator(lng, labels)(key, vars);
  if (text === key) throw new Error(`No label ${key} in locales/${lng}/common.json`);
  return text;
}

/** Writes the platform's maintenance flag, as an operator would, straight into `settings`. */
export async function writeMaintenance(on: boolean) {
  if (!e2eDatabaseUrl)
    throw new Error("E2E_DATABASE_URL is not set: the e2e server runs on PGlite");
  const client = new pg.Client({ connectionString: e2eDatabaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into settings (key, value) values ('status', $1::jsonb)
       on conflict (key) do update set value = excluded.value, updated_at = now()`,
      [JSON.stringify({ maintenance: on })],
    );
  } finally {
    await client.end();
  }
}

/** The integer in a text such as "693 games" or "2 / 6" (first number). */
export async function numberIn(locator: Locator): Promise<number> {
  const text = (await locator.textContent()) ?? "";
  const match = /\d[\d,]*/.exec(text);
  if (!match) throw new Error(`No number in "${text}"`);
  return Number(match[0].replace(/,/g, ""));
}

/**
 * Waits until React has hydrated `locator`'s element. A `serverFirst`
 * component (app/components/lazy-component.tsx) hydrates when its own chunk
 * arrives, after the page: until then its form still posts natively, which
 * is right for the member but not what a test of the JavaScript path means to
 * click. React marks the elements it owns with a `__reactProps$…` key.
 */
export async function waitForHydrated(locator: Locator) {
  await expect
    .poll(() =>
      locator.evaluate((element) =>
        Object.keys(element).some((key) => key.startsWith("__reactProps$")),
      ),
    )
    .toBe(true);
}

/** Whether the element that has focus is inside `selector`. */
export function focusIsInside(page: Page, selector: string) {
  return page.evaluate((sel) => Boolean(document.activeElement?.closest(sel)), selector);
}

/**
 * Waits until Remix has hydrated the page (JavaScript on): its router is
 * ready and React has committed the hydration, so that what a test does next
 * exercises the client-side behaviour, not the HTML fallback that works
 * before hydration. Pages that are not Remix documents pass at once.
 */
export async function waitForHydration(page: Page, pageErrors: string[] = []) {
  try {
    await page.waitForFunction(
      () => {
        const remixWindow = window as unknown as {
          __remixContext?: unknown;
          __remixRouter?: { state: { initialized: boolean } };
        };
        if (!remixWindow.__remixContext) return true;
        if (remixWindow.__remixRouter?.state.initialized !== true) return false;
        // The router is ready before React has committed the hydration (entry.client hydrates in a
        // transition); until then a click on a form submits it natively. React 18 keeps the root
        // "dehydrated" until that commit. Anything unexpected here (another React) waits no longer.
        type HostRoot = {
          stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } };
        };
        const key = Object.keys(document).find((name) => name.startsWith("__reactContainer$"));
        const root = key ? (document as unknown as Record<string, HostRoot>)[key] : undefined;
        return root?.stateNode?.current?.memoizedState?.isDehydrated !== true;
      },
      undefined,
      { timeout: 10_000 },
    );
  } catch (error) {
    const detail = pageErrors.length ? `; errors in the page: ${pageErrors.join(" | ")}` : "";
    throw new Error(`${page.url()} did not hydrate${detail}`, { cause: error });
  }
}

/**
 * A label with a placeholder (e.g. sms.resendIn, "Resend in {{seconds}} s") as
 * a pattern that matches any value of that placeholder.
 */
export function labelPattern(lng: string, key: string, placeholder: string): RegExp {
  const marker = "PLACEHOLDER7531";
  const text = label(lng, key, { [placeholder]: marker });
  const [before = "", after = ""] = text.split(marker);
  const escape = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${escape(before)}.+${escape(after)}$`);
}

/** Letters and digits, starting with a letter: fits the demo brand's username rule (6–16). */
export function uniqueAccount(prefix = "e2e"): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  let suffix = "";
  for (let index = 0; index < 9; index++) suffix += alphabet[randomInt(alphabet.length)];
  return `${prefix}${suffix}`.slice(0, 16);
}

/** A Pakistani-looking mobile number: "3" and nine random digits. */
export function uniqueMobile(): string {
  return `3${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`;
}

/** Where the e2e server's database is needed and the server runs on PGlite. */
export const NEEDS_DATABASE =
  "needs E2E_DATABASE_URL: the test reads or writes the server's database with SQL, which the test process cannot do to the server's embedded PGlite (npm test sets it up)";

/**
 * A lane of the home lobby, scrolled to as a visitor would: with JavaScript a home lane's
 * tiles are built only as it comes near the screen (GameGrid's deferTiles). Call it again
 * after a page load.
 */
export async function scrolledLane(page: Page, category: string) {
  const lane = page.getByTestId(`section-${category}`);
  await lane.scrollIntoViewIfNeeded();
  return lane;
}

/**
 * Opens /login and submits the account and password in its dialog (JavaScript on
 * or off). What comes next is the caller's to check: the lobby, a second step, a
 * forced password change, a refusal.
 */
export async function submitLogin(page: Page, account: string, password: string) {
  await page.goto("/login");
  const dialog = page.getByTestId("login-dialog");
  await dialog.getByLabel(label("en", "login.username"), { exact: true }).fill(account);
  await dialog.getByLabel(label("en", "login.password"), { exact: true }).fill(password);
  await dialog.getByRole("button", { name: label("en", "login.submit"), exact: true }).click();
}

/**
 * Signs a member in through the /login dialog (works with JavaScript on and
 * off) and waits for the lobby. For tests that only need a signed-in member.
 */
export async function login(page: Page, account: string, password: string) {
  await submitLogin(page, account, password);
  await expect(page).toHaveURL("/");
  await expect(page.getByTestId("member-menu")).toBeVisible();
}

/** Signs an agent in at /agent (works with JavaScript on and off); an agent lands on /agentHome. */
export async function agentLogin(page: Page, account: string, password: string) {
  await page.goto("/agent");
  const form = page.getByRole("form", { name: label("en", "agent.form") });
  await form.getByLabel(label("en", "login.username"), { exact: true }).fill(account);
  await form.getByLabel(label("en", "login.password"), { exact: true }).fill(password);
  await form.getByRole("button", { name: label("en", "login.submit"), exact: true }).click();
}

/**
 * Answers the change-password dialog a sign-in or a reset link opens, after
 * checking the reason it gives (by default a first sign-in: an account an
 * agent registered, whose password the agent chose), with the new password.
 */
export async function changeForcedPassword(
  page: Page,
  ownPassword: string,
  reason:
    "first_login" | "default_password" | "expired" | "reset" | "staff_request" = "first_login",
) {
  const change = page.getByTestId("change-password-dialog");
  await expect(change.getByTestId("change-password-reason")).toHaveText(
    label("en", `changePassword.reason.${reason}`),
  );
  await change
    .getByLabel(label("en", "changePassword.newPassword"), { exact: true })
    .fill(ownPassword);
  await change
    .getByLabel(label("en", "changePassword.confirmNewPassword"), { exact: true })
    .fill(ownPassword);
  await change
    .getByRole("button", { name: label("en", "changePassword.submit"), exact: true })
    .click();
}

/** The demo operator's authenticator secret (README, demo accounts): ops01's codes are computed from it. */
export { DEMO_OPERATOR_TOTP_SECRET };

const TOTP_PERIOD_MS = 30_000;

/** The bytes of a base32 secret (RFC 4648, no padding), as authenticator apps read it. */
function base32Bytes(secret: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of secret.toUpperCase())
    bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)));
}

/** The 6-digit HOTP (RFC 4226, SHA-1) of a secret for one 30 s step. */
function codeOfStep(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", base32Bytes(secret)).update(counter).digest();
  const at = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(at) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/**
 * A 6-digit authenticator code of a secret (ADR 34: SHA-1, 6 digits, 30 s): the
 * current one, or with `stepsAhead` 1 the next step's, which the server also
 * takes (it allows one step of clock drift either side).
 */
export async function totpCode(secret: string, stepsAhead: 0 | 1 = 0): Promise<string> {
  const step = Math.floor(Date.now() / TOTP_PERIOD_MS);
  const current = (await generateTOTP({ secret, algorithm: "SHA-1", digits: 6, period: 30 })).otp;
  // Our own HOTP must agree with the library the app uses before it may compute another step.
  if (codeOfStep(secret, step) !== current && Math.floor(Date.now() / TOTP_PERIOD_MS) === step)
    throw new Error("totpCode: the fixture's HOTP disagrees with @epic-web/totp");
  return stepsAhead ? codeOfStep(secret, step + 1) : current;
}

/**
 * Types an authenticator code into a login's code step and submits it; done
 * when the page leaves `loginPath`. A code is accepted once per 30 s step
 * (replay protection): when this step's code was used already (by the
 * enrolment just before, or another test of the same account), it types the
 * next step's, which the server's drift window takes; when that one was
 * used too, it waits for the clock.
 */
export async function typeAuthenticatorCode(page: Page, secret: string, loginPath: string) {
  const form = page.getByTestId("second-factor-form").filter({ visible: true });
  const replayedMessage = label("en", "identityError.second_factor_replayed");
  for (let attempt = 0; ; attempt++) {
    await form
      .getByLabel(label("en", "authenticator.code"), { exact: true })
      .fill(await totpCode(secret, attempt === 0 ? 0 : 1));
    // This submission's own answer decides (with JavaScript on, the previous refusal stays on
    // screen until the new answer renders, so what the page shows cannot tell yet).
    const answer = page.waitForResponse(
      (response) =>
        response.request().method() === "POST" && new URL(response.url()).pathname === loginPath,
    );
    await form.getByTestId("second-factor-submit").click();
    const response = await answer;
    const body = response.status() >= 400 ? await response.text().catch(() => "") : "";
    if (!body.includes(replayedMessage)) {
      await page.waitForURL((url) => url.pathname !== loginPath);
      return;
    }
    if (attempt >= 3) throw new Error(`typeAuthenticatorCode: the code was refused as replayed`);
    if (attempt >= 1) {
      // The next step's code was used as well: its step must become the current one.
      test.info().setTimeout(test.info().timeout + 45_000);
      await page.waitForTimeout(TOTP_PERIOD_MS - (Date.now() % TOTP_PERIOD_MS) + 250);
    }
  }
}

/**
 * Signs an operator in at /ops/login (works with JavaScript on and off): the
 * password, then the authenticator code (mandatory for staff, ADR 34) from
 * `secret` (ops01's demo secret by default); an operator lands on /ops.
 */
export async function opsLogin(
  page: Page,
  account: string,
  password: string,
  secret: string = DEMO_OPERATOR_TOTP_SECRET,
) {
  await page.goto("/ops/login");
  await page.getByLabel(label("en", "ops.login.username"), { exact: true }).fill(account);
  await page.getByLabel(label("en", "ops.login.password"), { exact: true }).fill(password);
  await page.getByRole("button", { name: label("en", "ops.login.submit"), exact: true }).click();
  await typeAuthenticatorCode(page, secret, "/ops/login");
  await expect(page).toHaveURL("/ops");
}

/**
 * Turns authenticator codes on from the panel on the current page (an operator's
 * /ops/authenticator or a member's security centre): confirms the app's first code, and
 * returns the secret and the ten recovery codes shown once.
 */
export async function enrolAuthenticator(page: Page) {
  await page.getByTestId("authenticator-start").click();
  const secret = await page.getByTestId("authenticator-secret").getAttribute("data-secret");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.locator(".authenticator-qr svg")).toBeVisible();
  await page
    .getByLabel(label("en", "authenticator.enrol.confirmCode"), { exact: true })
    .fill(await totpCode(secret!));
  await page.getByTestId("authenticator-confirm").click();
  const codes = page.getByTestId("recovery-codes").locator("code");
  await expect(codes).toHaveCount(10);
  return { secret: secret!, recoveryCodes: await codes.allTextContents() };
}

/** Signs out through the avatar menu and its confirmation dialog; ends on / as a visitor. */
export async function logout(page: Page) {
  const menu = page.getByTestId("member-menu");
  await menu.locator(":scope > summary").click();
  await menu.getByTestId("member-menu-logout").click();
  await page.getByTestId("logout-dialog").getByTestId("logout-confirm").click();
  await expect(page).toHaveURL("/");
  await expect(page.getByTestId("header-login")).toBeVisible();
}

/** What createMember made: the account name and, when asked for, the mobile number (dialing code 92). */
export interface CreatedMember {
  account: string;
  mobile: string | null;
  email: string | null;
}

/**
 * The first match of `pattern` in the newest outbox message of a channel to a
 * recipient, polled for up to ~5 s (the server writes it while the page loads).
 */
async function readOutbox(
  channel: "sms" | "email",
  recipient: string,
  pattern: RegExp,
): Promise<string> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const { rows } = await client.query<{ body: string }>(
        "select body from outbox where channel = $1 and recipient = $2 order by id desc limit 1",
        [channel, recipient],
      );
      const found = rows[0] ? pattern.exec(rows[0].body)?.[1] : undefined;
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`No ${channel} matching ${pattern} for ${recipient} in the outbox`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
}

/** Where signIn opens the session: the portal (member), the agent centre (agent) or the back office (ops). */
export interface SignInOptions {
  site?: Site;
  /** A page whose browser context to sign in: the test's own by default (another for a second person). */
  page?: Page;
}

/** The cookie of an app's (httpOnly, SameSite=Lax) Set-Cookie header, for context.addCookies on `url`. */
function browserCookie(setCookie: string, url: string) {
  const [pair = ""] = setCookie.split(";");
  const at = pair.indexOf("=");
  return {
    name: pair.slice(0, at),
    value: pair.slice(at + 1),
    url,
    httpOnly: true,
    sameSite: "Lax" as const,
  };
}

interface WorkerFixtures {
  /**
   * The e2e server's database (E2E_DATABASE_URL) through the app's own Kysely
   * handle, one small pool per worker; null when the server runs on PGlite.
   */
  serverDatabase: Database | null;
}

interface Fixtures {
  /**
   * Signs an account in without typing into a login form: a session made by
   * the app's own createSession in the server's database, and the cookie the
   * app's own cookie helper writes, put in the browser context. It does not
   * navigate: go to the page the test is about. For tests that need someone
   * signed in and are not about signing in (the login, logout, forced change
   * and "can sign in with the new password" checks type into the real forms).
   * Without E2E_DATABASE_URL it signs in through the form of the site instead.
   */
  signIn: (account: string, password: string, options?: SignInOptions) => Promise<void>;
  /**
   * Option: start each test with the announcements popup already closed for
   * the browser session (the cookie its close button sets), so it does not
   * cover the lobby. Default true; the popup's own tests turn it off.
   */
  dismissAnnouncements: boolean;
  _announcementsCookie: void;
  /** Turns platform maintenance on or off; it is always switched off again after the test. */
  setMaintenance: (on: boolean) => Promise<void>;
  /**
   * The 6-digit code of the newest SMS in the `outbox` table for a recipient
   * ("+92" + mobile), polled for up to ~5 s. Skips the test without E2E_DATABASE_URL.
   */
  readSmsCode: (recipient: string) => Promise<string>;
  /**
   * Inserts an active member of its own (a unique account name, a unique mobile
   * when asked for), so a test may change its password or lock it without
   * touching the demo accounts or another test. Skips the test without E2E_DATABASE_URL.
   */
  createMember: (options: {
    password: string;
    mobile?: boolean;
    email?: boolean;
    type?: number;
    /** Issue 17: a verified birthday (the demo brand requires one before the first deposit); false for none. */
    ageVerified?: boolean;
    /** For an operator (type 9): its role's name ("admin" unless told). */
    staffRole?: string;
  }) => Promise<CreatedMember>;
  /** The path and query of the link in the newest e-mail to a recipient in the `outbox` table. */
  readMailLink: (recipient: string) => Promise<string>;
  /**
   * Credits a member's MAIN wallet with a confirmed deposit (minor units),
   * written as the ledger writes one: a deposit row, one entry, two postings
   * that sum to zero, both balances. Skips the test without E2E_DATABASE_URL.
   */
  fundMember: (account: string, minor: number) => Promise<void>;
}

/** The signIn fixture's function, for helpers that take it from a test. */
export type SignIn = Fixtures["signIn"];

export const test = base.extend<Fixtures, WorkerFixtures>({
  dismissAnnouncements: [true, { option: true }],

  serverDatabase: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      if (!e2eDatabaseUrl) return use(null);
      const handle = await openDatabase({ kind: "postgres", url: e2eDatabaseUrl, poolSize: 2 });
      await use(handle.db);
      await handle.close();
    },
    { scope: "worker" },
  ],

  signIn: async ({ page, baseURL, serverDatabase }, use) => {
    await use(async (account, password, { site = "member", page: target = page } = {}) => {
      if (!serverDatabase) {
        // A demo staff account answers with its own published authenticator secret, ops01 with its.
        if (site === "ops")
          await opsLogin(
            target,
            account,
            password,
            DEMO_STAFF.find((staff) => staff.account === account)?.secret,
          );
        else if (site === "agent") await agentLogin(target, account, password);
        else await login(target, account, password);
        return;
      }
      const member = await findMemberByAccount(serverDatabase, account);
      if (!member) throw new Error(`signIn: no account ${account} in the e2e database`);
      const session = await createSession(
        serverDatabase,
        { memberId: member.id, site, remember: false, ip: null, userAgent: "playwright signIn" },
        identityPolicy(),
      );
      // The Set-Cookie the app sends after a login on this origin, as the browser would store it.
      const request = new Request(baseURL!);
      const header =
        site === "ops"
          ? await opsSessionCookieHeader(request, session)
          : await sessionCookieHeader(request, session);
      await target.context().addCookies([browserCookie(header, baseURL!)]);
    });
  },

  _announcementsCookie: [
    async ({ context, baseURL, dismissAnnouncements }, use) => {
      if (dismissAnnouncements) {
        await context.addCookies([
          browserCookie(await announcementClosedCookie.serialize("B A FA"), baseURL!),
        ]);
      }
      await use();
    },
    { auto: true },
  ],

  /**
   * With JavaScript on: an uncaught error in the page fails the test, and
   * page.goto / page.reload resolve only once the page has hydrated.
   */
  page: async ({ page, javaScriptEnabled }, use) => {
    const pageErrors: string[] = [];
    if (javaScriptEnabled) {
      page.on("pageerror", (error) => pageErrors.push(`${error.name}: ${error.message}`));
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await waitForHydration(page, pageErrors);
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await waitForHydration(page, pageErrors);
        return response;
      };
    }
    await use(page);
    expect(pageErrors, "uncaught errors in the page").toEqual([]);
  },

  // eslint-disable-next-line no-empty-pattern
  setMaintenance: async ({}, use) => {
    let touched = false;
    await use(async (on) => {
      touched = true;
      await writeMaintenance(on);
    });
    if (touched) await writeMaintenance(false);
  },

  // eslint-disable-next-line no-empty-pattern
  readSmsCode: async ({}, use, testInfo) => {
    testInfo.skip(!e2eDatabaseUrl, NEEDS_DATABASE);
    await use((recipient) => readOutbox("sms", recipient, /\b(\d{6})\b/));
  },

  // eslint-disable-next-line no-empty-pattern
  readMailLink: async ({}, use, testInfo) => {
    testInfo.skip(!e2eDatabaseUrl, NEEDS_DATABASE);
    await use(async (recipient) => {
      const link = new URL(await readOutbox("email", recipient, /(https?:\/\/\S+)/));
      return link.pathname + link.search;
    });
  },

  // eslint-disable-next-line no-empty-pattern
  fundMember: async ({}, use, testInfo) => {
    testInfo.skip(!e2eDatabaseUrl, NEEDS_DATABASE);
    await use(creditDeposit);
  },

  // eslint-disable-next-line no-empty-pattern
  createMember: async ({}, use, testInfo) => {
    testInfo.skip(!e2eDatabaseUrl, NEEDS_DATABASE);
    await use(
      async ({
        password,
        mobile = false,
        email = false,
        type = 0,
        ageVerified = true,
        staffRole = "admin",
      }) => {
        const passwordHash = await hashPassword(password);
        const client = new pg.Client({ connectionString: e2eDatabaseUrl });
        await client.connect();
        try {
          for (let attempt = 0; ; attempt++) {
            const account = uniqueAccount();
            const member = {
              account,
              mobile: mobile ? uniqueMobile() : null,
              email: email ? `${account}@example.com` : null,
            };
            try {
              const {
                rows: [created],
              } = await client.query<{ id: string }>(
                `insert into members (account, type, password_hash, password_changed_at, dialing_code, mobile, email, profile, created_at)
               values ($1, $2, $3, now(), $4, $5, $6, $7::jsonb, now()) returning id`,
                [
                  member.account,
                  type,
                  passwordHash,
                  member.mobile ? "92" : null,
                  member.mobile,
                  member.email,
                  ageVerified ? JSON.stringify({ birthday: VERIFIED_BIRTHDAY }) : "{}",
                ],
              );
              if (ageVerified) await verifyAge(client, created!.id);
              // An operator account is staff with a role (`staffRole`, the admin's unless told).
              if (type === OPERATOR_TYPE)
                await client.query(
                  `insert into staff (member_id, role_id) select $1, id from staff_roles where name = $2`,
                  [created!.id, staffRole],
                );
              return member;
            } catch (error) {
              // A clash with an existing account or mobile (unique_violation): draw again.
              if ((error as { code?: string }).code !== "23505" || attempt >= 5) throw error;
            }
          }
        } finally {
          await client.end();
        }
      },
    );
  },
});

export { expect };

const VERIFIED_BIRTHDAY = "1990-01-01";

/** A 1×1 png: the photo of an ID document in age checks. */
export const ID_DOCUMENT_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==",
  "base64",
);

/** A verified age check, as an operator's decision leaves it. */
async function verifyAge(client: pg.Client, memberId: string) {
  const png = ID_DOCUMENT_PNG;
  await client.query(
    `insert into age_checks (member_id, birthday, content_type, size, bytes, status, created_at, decided_at)
     values ($1, $2, 'image/png', $3, $4, 'verified', now(), now())`,
    [memberId, VERIFIED_BIRTHDAY, png.byteLength, png],
  );
}

/** Verifies the age of a member registered through the form (the demo brand requires it before a deposit). */
export async function verifyAgeOf(account: string) {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      "select id from members where lower(account) = lower($1)",
      [account],
    );
    await verifyAge(client, rows[0]!.id);
  } finally {
    await client.end();
  }
}

/** One confirmed deposit through the ledger's tables, in one transaction (see the fixture). */
async function creditDeposit(account: string, minor: number) {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl });
  await client.connect();
  try {
    await client.query("begin");
    const {
      rows: [member],
    } = await client.query<{ id: string }>(
      "select id from members where lower(account) = lower($1)",
      [account],
    );
    if (!member) throw new Error(`No member ${account}`);
    await client.query(
      `insert into accounts (member_id, kind, allow_negative) values ($1, 'MAIN', false), (null, 'HOUSE:PAYMENTS', true)
       on conflict do nothing`,
      [member.id],
    );
    const { rows: accounts } = await client.query<{ id: string; kind: string }>(
      `select id, kind from accounts
       where (member_id = $1 and kind = 'MAIN') or (member_id is null and kind = 'HOUSE:PAYMENTS')`,
      [member.id],
    );
    const ids = accounts.map((account) => account.id);
    const deltas = accounts.map((account) => (account.kind === "MAIN" ? minor : -minor));
    const key = `e2e-fund:${randomUUID()}`;
    // The ledger's one way to move money (migration 0003), as the platform calls it.
    const {
      rows: [posted],
    } = await client.query<{ o_entry_id: string }>(
      `select * from ledger_post_entry($1, 'e2e', 'deposit', $2, null, '{"channel":"demo-pay"}'::jsonb, null, $3::bigint[], $4::bigint[])`,
      [key, member.id, ids, deltas],
    );
    const entry = { id: posted!.o_entry_id };
    await client.query(
      `insert into deposits (member_id, channel, amount, status, idempotency_key, entry_id, settled_at)
       values ($1, 'demo-pay', $2, 'confirmed', $3, $4, now())`,
      [member.id, minor, key, entry.id],
    );
    await client.query("commit");
  } catch (error) {
    await client.query("rollback");
    throw error;
  } finally {
    await client.end();
  }
}

/** ops01 in a browser context of its own (English), beside a member's page. */
export async function operatorPage(browser: Browser, baseURL: string | undefined, signIn: SignIn) {
  const context = await browser.newContext({ baseURL, locale: "en-US" });
  const page = await context.newPage();
  await signIn("ops01", "Ops12345", { site: "ops", page });
  return { context, page };
}
