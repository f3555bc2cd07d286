import { describe, expect, test } from "vitest";
import { login } from "~/platform/identity/login.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import { createSession, readSession } from "~/platform/identity/sessions.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { sessionCookieHeader } from "~/utils/session.server";
import { useSeededDatabase } from "../helpers/database";

// The routes' database is this test database.
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const args = (url: string, init?: RequestInit) => ({
  request: new Request(`http://localhost${url}`, init),
  params: {},
  context: {},
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function body(response: Response | Promise<Response>): Promise<any> {
  return (await response).json();
}

async function thrown(promise: Promise<unknown> | unknown): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown response");
}

async function memberId(account: string): Promise<string> {
  const row = await handle.db.selectFrom("members").select("id").where("account", "=", account).executeTakeFirstOrThrow();
  return row.id;
}

/** A fresh session of the account: its token and the Cookie header a browser would send. */
async function signIn(account: string) {
  const session = await createSession(handle.db, { memberId: await memberId(account), site: "member", remember: false, ip: null, userAgent: null }, identityPolicy());
  const cookie = (await sessionCookieHeader(new Request("http://localhost/"), session)).split(";")[0]!;
  return { token: session.token, cookie };
}

const change = (cookie: string | null, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  args("/member/security", {
    method: "POST",
    body: new URLSearchParams({ intent: "change-password", ...fields }),
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers },
  });

describe("/member/security", () => {
  test("the loader: a visitor goes to log in; a member gets the page and the brand's password rule", async () => {
    const { loader } = await import("~/routes/_portal+/member+/security");
    const visitor = await thrown(loader(args("/member/security")));
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Fmember%2Fsecurity");
    const { cookie } = await signIn("crew01");
    const data = await body(loader(args("/member/security", { headers: { Cookie: cookie } })));
    expect(data).toMatchObject({ title: "Security centre", changed: false });
    expect(data.passwordHint).toBe("Enter 6-20 characters mixing letters and digits");
    const after = await body(loader(args("/member/security?changed=1", { headers: { Cookie: cookie } })));
    expect(after.changed).toBe(true);
  });

  test("the action re-checks: a visitor's post goes to log in, another site's post is a 403", async () => {
    const { action } = await import("~/routes/_portal+/member+/security");
    const fields = { oldPassword: "Player123", newPassword: "Harbour99", confirmNewPassword: "Harbour99" };
    const visitor = await thrown(action(change(null, fields)));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    const { cookie } = await signIn("crew01");
    const cross = await thrown(action(change(cookie, fields, { Origin: "https://evil.example" })));
    expect(cross.status).toBe(403);
  });

  test("a wrong old password is an error on the old password; nothing changes", async () => {
    const { action } = await import("~/routes/_portal+/member+/security");
    const { cookie } = await signIn("crew01");
    const response = await action(change(cookie, { oldPassword: "Nope1234", newPassword: "Harbour99", confirmNewPassword: "Harbour99" }));
    expect(response.status).toBe(400);
    const data = await body(response);
    expect(data.result.error.oldPassword).toEqual(["The old password is incorrect"]);
    // Secrets never come back into the form.
    expect(data.result.initialValue.oldPassword).toBeUndefined();
    expect(data.result.initialValue.newPassword).toBeUndefined();
  });

  test("validation: required fields, the password rule, and the confirmation", async () => {
    const { action } = await import("~/routes/_portal+/member+/security");
    const { cookie } = await signIn("crew01");
    const empty = await body(action(change(cookie, { oldPassword: "", newPassword: "", confirmNewPassword: "" })));
    expect(empty.result.error.oldPassword).toEqual(["Input cannot be empty"]);
    expect(empty.result.error.newPassword).toBeTruthy();
    const weak = await body(action(change(cookie, { oldPassword: "Player123", newPassword: "abc", confirmNewPassword: "abc" })));
    expect(weak.result.error.newPassword).toEqual(["Enter 6-20 characters mixing letters and digits"]);
    const mismatch = await action(change(cookie, { oldPassword: "Player123", newPassword: "Harbour99", confirmNewPassword: "Harbour98" }));
    expect(mismatch.status).toBe(400);
    expect((await body(mismatch)).result.error.confirmNewPassword).toEqual(["Confirmation password is not correct."]);
  });

  test("the same password again is a form error", async () => {
    const { action } = await import("~/routes/_portal+/member+/security");
    const { cookie } = await signIn("crew01");
    const data = await body(action(change(cookie, { oldPassword: "Player123", newPassword: "Player123", confirmNewPassword: "Player123" })));
    expect(data.result.error[""]).toEqual(["The new password must differ from the old one"]);
  });

  test("success: 302 back to the page; the new password logs in; other sessions end, this one stays", async () => {
    const { action } = await import("~/routes/_portal+/member+/security");
    const current = await signIn("crew02");
    const other = await signIn("crew02");
    const response = await action(change(current.cookie, { oldPassword: "Player123", newPassword: "Harbour99", confirmNewPassword: "Harbour99" }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/member/security?changed=1");

    const policy = identityPolicy();
    expect(await readSession(handle.db, current.token, policy)).not.toBeNull();
    expect(await readSession(handle.db, other.token, policy)).toBeNull();

    const brand = await getBrandConfig(handle.db);
    const context = { ip: null, userAgent: null };
    const rules = { ...brand, passwordExpiry: false };
    const fresh = await login(handle.db, { method: "password", account: "crew02", password: "Harbour99", site: "member", remember: false }, rules, context, policy);
    expect(fresh.kind).toBe("session");
    await expect(
      login(handle.db, { method: "password", account: "crew02", password: "Player123", site: "member", remember: false }, rules, context, policy),
    ).rejects.toMatchObject({ code: "login_failed" });
  });
});
