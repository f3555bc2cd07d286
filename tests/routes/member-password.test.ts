import { describe, expect, test } from "vitest";
import { login } from "~/platform/identity/login.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import { hashPassword } from "~/platform/identity/secrets.server";
import { readSession } from "~/platform/identity/sessions.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { useSeededDatabase } from "../helpers/database";
import { jsonBody, routeArgs, signInAs, thrownResponse } from "../helpers/routes";

// The routes' database is this test database.
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const change = (
  cookie: string | null,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) =>
  routeArgs("/member/security", {
    method: "POST",
    body: new URLSearchParams({ intent: "change-password", ...fields }),
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers },
  });

describe("/member/security", () => {
  test("the loader: a visitor goes to log in; a member gets the page and the brand's password rule", async () => {
    const { loader } = await import("~/routes/_portal+/member+/security");
    const visitor = await thrownResponse(loader(routeArgs("/member/security")));
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Fmember%2Fsecurity");
    const { cookie } = await signInAs(handle.db, "crew01");
    const data = await jsonBody(
      loader(routeArgs("/member/security", { headers: { Cookie: cookie } })),
    );
    expect(data).toMatchObject({ title: "Security centre", changed: false });
    expect(data.passwordHint).toBe("Enter 8-64 characters");
    const after = await jsonBody(
      loader(routeArgs("/member/security?changed=1", { headers: { Cookie: cookie } })),
    );
    expect(after.changed).toBe(true);
  });

  test("the action re-checks: a visitor's post goes to log in, another site's post is a 403", async () => {
    const { action } = await import("~/routes/_portal+/member+/security");
    const fields = {
      oldPassword: "Player123",
      newPassword: "Harbour-Gull-99",
      confirmNewPassword: "Harbour-Gull-99",
    };
    const visitor = await thrownResponse(action(change(null, fields)));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    const { cookie } = await signInAs(handle.db, "crew01");
    const cross = await thrownResponse(
      action(change(cookie, fields, { Origin: "https://evil.example" })),
    );
    expect(cross.status).toBe(403);
  });

  test("a wrong old password is an error on the old password; nothing changes", async () => {
    const { action } = await import("~/routes/_portal+/member+/security");
    const { cookie } = await signInAs(handle.db, "crew01");
    const response = await action(
      change(cookie, {
        oldPassword: "Nope1234",
        newPassword: "Harbour-Gull-99",
        confirmNewPassword: "Harbour-Gull-99",
      }),
    );
    expect(response.status).toBe(400);
    const data = await jsonBody(response);
    expect(data.result.error.oldPassword).toEqual(["The old password is incorrect"]);
    // Secrets never come back into the form.
    expect(data.result.initialValue.oldPassword).toBeUndefined();
    expect(data.result.initialValue.newPassword).toBeUndefined();
  });

  test("validation: required fields, the password rule, and the confirmation", async () => {
    const { action } = await import("~/routes/_portal+/member+/security");
    const { cookie } = await signInAs(handle.db, "crew01");
    const empty = await jsonBody(
      action(change(cookie, { oldPassword: "", newPassword: "", confirmNewPassword: "" })),
    );
    expect(empty.result.error.oldPassword).toEqual(["Input cannot be empty"]);
    expect(empty.result.error.newPassword).toBeTruthy();
    const weak = await jsonBody(
      action(
        change(cookie, { oldPassword: "Player123", newPassword: "abc", confirmNewPassword: "abc" }),
      ),
    );
    expect(weak.result.error.newPassword).toEqual(["Enter 8-64 characters"]);
    const mismatch = await action(
      change(cookie, {
        oldPassword: "Player123",
        newPassword: "Harbour-Gull-99",
        confirmNewPassword: "Harbour-Gull-98",
      }),
    );
    expect(mismatch.status).toBe(400);
    expect((await jsonBody(mismatch)).result.error.confirmNewPassword).toEqual([
      "Confirmation password is not correct.",
    ]);
  });

  test("the same password again is a form error", async () => {
    const { action } = await import("~/routes/_portal+/member+/security");
    // A password that passes today's rule, so only "unchanged" can refuse it.
    await handle.db
      .updateTable("members")
      .set({ password_hash: await hashPassword("Harbour-Gull-97") })
      .where("account", "=", "crew09")
      .execute();
    const { cookie } = await signInAs(handle.db, "crew09");
    const data = await jsonBody(
      action(
        change(cookie, {
          oldPassword: "Harbour-Gull-97",
          newPassword: "Harbour-Gull-97",
          confirmNewPassword: "Harbour-Gull-97",
        }),
      ),
    );
    expect(data.result.error[""]).toEqual(["The new password must differ from the old one"]);
  });

  test("success: 302 back to the page; the new password logs in; other sessions end, this one stays", async () => {
    const { action } = await import("~/routes/_portal+/member+/security");
    const current = await signInAs(handle.db, "crew02");
    const other = await signInAs(handle.db, "crew02");
    const response = await action(
      change(current.cookie, {
        oldPassword: "Player123",
        newPassword: "Harbour-Gull-99",
        confirmNewPassword: "Harbour-Gull-99",
      }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/member/security?changed=1");

    const policy = identityPolicy();
    expect(await readSession(handle.db, current.token, policy)).not.toBeNull();
    expect(await readSession(handle.db, other.token, policy)).toBeNull();

    const brand = await getBrandConfig(handle.db);
    const context = { ip: null, userAgent: null };
    const rules = { ...brand, passwordExpiry: false };
    const fresh = await login(
      handle.db,
      {
        method: "password",
        account: "crew02",
        password: "Harbour-Gull-99",
        site: "member",
        remember: false,
      },
      rules,
      context,
      policy,
    );
    expect(fresh.kind).toBe("session");
    await expect(
      login(
        handle.db,
        {
          method: "password",
          account: "crew02",
          password: "Player123",
          site: "member",
          remember: false,
        },
        rules,
        context,
        policy,
      ),
    ).rejects.toMatchObject({ code: "login_failed" });
  });
});
