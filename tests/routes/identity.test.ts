import { describe, expect, test } from "vitest";
import { enrolWithSecret } from "~/platform/identity/authenticator.server";
import { latestOutboxMessage } from "~/platform/identity/outbox.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import { createLoginHandoff, readSession } from "~/platform/identity/sessions.server";
import { takeBreak } from "~/platform/protection/breaks.server";
import { useSeededDatabase } from "../helpers/database";
import {
  cookiePair,
  formPost,
  jsonBody,
  routeArgs,
  signInAs,
  thrownResponse,
} from "../helpers/routes";

process.env.TRUST_PROXY_HOPS = "1";
process.env.PUBLIC_URL = "https://portal.example";

const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const loginRoute = () => import("~/routes/_portal+/login");
const sessionToken = (setCookie: string | null) =>
  decodeURIComponent(cookiePair(setCookie).split("=")[1] ?? "");

describe("/login action", () => {
  test("a good login sets an httpOnly SameSite=Lax session cookie and honours a same-site redirectTo", async () => {
    const { action } = await loginRoute();
    const response = (await action(
      formPost("/login", { username: " player01 ", password: "Player123", redirectTo: "/help" }),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/help");
    // The session cookie (a first sign-in from this browser also sets the device cookie, ADR 37).
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("session="))!;
    expect(cookie).toMatch(/^session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    // Not remembered: a browser-session cookie.
    expect(cookie).not.toMatch(/Max-Age|Expires/);
    const remembered = (await action(
      formPost("/login", { username: "player01", password: "Player123", remember: "on" }),
    )) as Response;
    expect(remembered.headers.get("Set-Cookie")).toMatch(/Max-Age=86400/);
  });

  test("an open redirect through redirectTo is refused", async () => {
    const { action } = await loginRoute();
    for (const outside of ["https://evil.example/", "//evil.example", "/\\evil.example"]) {
      const response = (await action(
        formPost("/login", { username: "vipstar", password: "Vip12345", redirectTo: outside }),
      )) as Response;
      expect(response.headers.get("Location")).toBe("/");
    }
  });

  test("the token rotates on every login and is dead after logout", async () => {
    const { action } = await loginRoute();
    const first = sessionToken(
      (
        (await action(
          formPost("/login", { username: "vipstar", password: "Vip12345" }),
        )) as Response
      ).headers.get("Set-Cookie"),
    );
    const second = sessionToken(
      (
        (await action(
          formPost("/login", { username: "vipstar", password: "Vip12345" }),
        )) as Response
      ).headers.get("Set-Cookie"),
    );
    expect(first).not.toBe(second);
    const cookieToken = JSON.parse(Buffer.from(first, "base64").toString("utf8")) as string;
    expect(await readSession(handle.db, cookieToken, identityPolicy())).not.toBeNull();
    const logout = await import("~/routes/logout");
    await logout.action(
      formPost("/logout", {}, { Cookie: `session=${encodeURIComponent(first)}` }),
    );
    expect(await readSession(handle.db, cookieToken, identityPolicy())).toBeNull();
  });

  test("empty fields get the 'enter the username and password' message; a wrong password keeps the username, never the password", async () => {
    const { action } = await loginRoute();
    const empty = await jsonBody(action(formPost("/login", { username: "  ", password: "" })));
    expect(empty.result.error.username).toEqual(["Please enter the username and password"]);
    const wrong = await jsonBody(
      action(formPost("/login", { username: "crew01", password: "Nope1234" })),
    );
    expect(wrong.result.error[""]).toEqual(["Incorrect username or password"]);
    expect(wrong.result.initialValue.username).toBe("crew01");
    expect(wrong.result.initialValue.password).toBeUndefined();
  });

  test("after failures the answer carries a captcha image; it refreshes at most once a second", async () => {
    const { action } = await loginRoute();
    let last: { captcha?: { id: string; image: string } } = {};
    for (let attempt = 0; attempt < 3; attempt++) {
      last = await jsonBody(
        action(formPost("/login", { username: "crew02", password: `Bad${attempt}pass` })),
      );
    }
    expect(last.captcha?.image).toMatch(/^data:image\/png;base64,/);
    const again = await jsonBody(
      action(
        formPost("/login", { intent: "captcha", captchaId: last.captcha!.id, username: "crew02" }),
      ),
    );
    expect(again.captcha.id).toBe(last.captcha!.id);
    expect(again.result.initialValue.username).toBe("crew02");
    const missing = await jsonBody(
      action(formPost("/login", { username: "crew02", password: "Player123" })),
    );
    expect(missing.result.error[""]).toEqual(["Please complete verification first"]);
  });

  test("a cross-origin post is refused before anything happens", async () => {
    const { action } = await loginRoute();
    const response = await thrownResponse(
      action(
        formPost(
          "/login",
          { username: "player01", password: "Player123" },
          { Origin: "https://evil.example" },
        ),
      ),
    );
    expect(response.status).toBe(403);
    const fetchSite = await thrownResponse(
      action(
        formPost(
          "/login",
          { username: "player01", password: "Player123" },
          { "Sec-Fetch-Site": "cross-site" },
        ),
      ),
    );
    expect(fetchSite.status).toBe(403);
  });

  test("the default password opens the change-password step, which signs in and goes to /", async () => {
    const { action } = await loginRoute();
    const step = await jsonBody(
      action(formPost("/login", { username: "newbie02", password: "123456" })),
    );
    expect(step.changePassword.reason).toBe("default_password");
    const mismatch = await jsonBody(
      action(
        formPost("/login", {
          intent: "change-password",
          ticket: step.changePassword.ticket,
          newPassword: "Better-Gull-123",
          confirmNewPassword: "Better124",
        }),
      ),
    );
    expect(mismatch.result.error.confirmNewPassword).toEqual(["Inconsistent twice"]);
    // The password rule: a common or guessable password is refused, and the ticket still works.
    const guessable = await jsonBody(
      action(
        formPost("/login", {
          intent: "change-password",
          ticket: step.changePassword.ticket,
          newPassword: "Better123",
          confirmNewPassword: "Better123",
        }),
      ),
    );
    expect(guessable.result.error.newPassword).toEqual([
      "This password is too common or too easy to guess. Use a longer phrase of unusual words.",
    ]);
    expect(mismatch.changePassword.ticket).toBe(step.changePassword.ticket);
    const done = (await action(
      formPost("/login", {
        intent: "change-password",
        ticket: step.changePassword.ticket,
        newPassword: "Better-Gull-123",
        confirmNewPassword: "Better-Gull-123",
      }),
    )) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/");
    expect(done.headers.get("Set-Cookie")).toMatch(/^session=/);
  });

  test("forgot by e-mail always answers in_been_out; a match sends a reset link that opens the dialog", async () => {
    const { action, loader } = await loginRoute();
    const unknown = await jsonBody(
      action(
        formPost("/login?modal=forgot&by=email", {
          intent: "forgot-email",
          username: "nobody42",
          email: "x@example.com",
        }),
      ),
    );
    const known = await jsonBody(
      action(
        formPost("/login?modal=forgot&by=email", {
          intent: "forgot-email",
          username: "player01",
          email: "player01@example.com",
        }),
      ),
    );
    expect(unknown.notice).toBe(known.notice);
    const mail = await latestOutboxMessage(handle.db, "player01@example.com");
    const link = /(\/login\?modal=reset&ticket=[^\s]+)/.exec(mail!.body)![1]!;
    const data = await jsonBody(loader(routeArgs(link)));
    expect(data.dialog).toMatchObject({ kind: "reset", reason: "reset" });
    expect(data.dialog.ticket).toBeTruthy();
  });

  test("a reset link is on PUBLIC_URL, whatever Host the request forged", async () => {
    const { action } = await loginRoute();
    // An attacker's request: its Host (and so its URL) and Origin name their own site.
    await action({
      request: new Request("http://evil.example/login?modal=forgot&by=email", {
        method: "POST",
        body: new URLSearchParams({
          intent: "forgot-email",
          username: "vipstar",
          email: "vipstar@example.com",
        }),
        headers: { Origin: "http://evil.example", Host: "evil.example" },
      }),
      params: {},
      context: {},
    });
    const mail = await latestOutboxMessage(handle.db, "vipstar@example.com");
    expect(mail!.body).toContain("https://portal.example/login?modal=reset&ticket=");
    expect(mail!.body).not.toContain("evil.example");
  });

  test("free play creates a trial account and signs it in", async () => {
    const { action } = await loginRoute();
    const response = (await action(
      formPost("/login", { intent: "free-play" }, { "X-Forwarded-For": "192.0.2.50" }),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Set-Cookie")).toMatch(/^session=/);
  });
});

describe("?token= hand-off login", () => {
  test("logs in once, then reloads the same URL without the token", async () => {
    const { member } = await signInAs(handle.db, "player01");
    const token = await createLoginHandoff(handle.db, member.id, identityPolicy());
    const { loader } = await import("~/root");
    const response = await thrownResponse(loader(routeArgs(`/download?lng=ur&token=${token}`)));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/download?lng=ur");
    expect(response.headers.get("Set-Cookie")).toMatch(/^session=/);
    const reused = await thrownResponse(loader(routeArgs(`/download?token=${token}`)));
    expect(reused.headers.get("Location")).toBe("/login?redirectTo=%2Fdownload");
    expect(reused.headers.get("Set-Cookie")).toBeNull();
  });

  test("skips no check of a password sign-in: a member on a time-out gets no session", async () => {
    const { member } = await signInAs(handle.db, "crew05");
    await takeBreak(
      handle.db,
      { memberId: member.id, kind: "time_out", length: 1, source: "member", actorId: member.id },
      { ip: null, userAgent: null },
    );
    const token = await createLoginHandoff(handle.db, member.id, identityPolicy());
    const { loader } = await import("~/root");
    const response = await thrownResponse(loader(routeArgs(`/download?token=${token}`)));
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fdownload");
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  test("from an address the member never signed in from, the new-IP step comes first", async () => {
    const { member } = await signInAs(handle.db, "player01");
    const token = await createLoginHandoff(handle.db, member.id, identityPolicy());
    const { loader } = await import("~/root");
    const response = await thrownResponse(
      loader(
        routeArgs(`/download?token=${token}`, { headers: { "X-Forwarded-For": "203.0.113.99" } }),
      ),
    );
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fdownload");
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  test("a member with an authenticator is sent to sign in, where the code is asked", async () => {
    const { member } = await signInAs(handle.db, "crew06");
    await enrolWithSecret(handle.db, member.id, "JBSWY3DPEHPK3PXP", new Date());
    const token = await createLoginHandoff(handle.db, member.id, identityPolicy());
    const { loader } = await import("~/root");
    const response = await thrownResponse(loader(routeArgs(`/download?token=${token}`)));
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fdownload");
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });
});

describe("getViewer", () => {
  test("the loaders of one request share one session read; after logout the next read finds none", async () => {
    const { getViewer } = await import("~/utils/auth.server");
    const { cookie, token } = await signInAs(handle.db, "crew01");
    // Remix gives every loader its own copy of the request.
    const copies = [1, 2, 3].map(
      () => new Request("http://localhost/member/security", { headers: { Cookie: cookie } }),
    );
    const viewers = await Promise.all(copies.map((copy) => getViewer(copy)));
    expect(viewers[0]?.member.account).toBe("crew01");
    expect(viewers[1]).toBe(viewers[0]);
    expect(viewers[2]).toBe(viewers[0]);
    const { deleteSession } = await import("~/platform/identity/sessions.server");
    await deleteSession(handle.db, token);
    expect(
      await getViewer(new Request("http://localhost/", { headers: { Cookie: cookie } })),
    ).toBeNull();
  });
});
