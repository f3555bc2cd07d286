import { describe, expect, test } from "vitest";
import { hashPassword } from "~/platform/identity/secrets.server";
import { useSeededDatabase } from "../helpers/database";
import { jsonBody, routeArgs, signInAs, thrownResponse } from "../helpers/routes";

// The routes' database is this test database.
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  routeArgs("/agent", { method: "POST", body: new URLSearchParams(fields), headers });

async function memberId(account: string): Promise<string> {
  const row = await handle.db
    .selectFrom("members")
    .select("id")
    .where("account", "=", account)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("/agent login page", () => {
  test("the page: title and service hours, for a visitor", async () => {
    const { loader } = await import("~/routes/agent");
    const data = await jsonBody(loader(routeArgs("/agent")));
    expect(data).toMatchObject({
      title: "Agent back office",
      hours: { days: [1, 2, 3, 4, 5], from: "12:00", to: "21:00" },
    });
  });

  test("an agent already signed in goes to /agentHome; a member sees the login page", async () => {
    const { loader } = await import("~/routes/agent");
    const agent = await thrownResponse(
      loader(
        routeArgs("/agent", {
          headers: { Cookie: (await signInAs(handle.db, "agent02", "agent")).cookie },
        }),
      ),
    );
    expect(agent.status).toBe(302);
    expect(agent.headers.get("Location")).toBe("/agentHome");
    const member = await loader(
      routeArgs("/agent", { headers: { Cookie: (await signInAs(handle.db, "player01")).cookie } }),
    );
    expect(member.status).toBe(200);
  });

  test("an agent logs in: 302 to /agentHome with a new session cookie", async () => {
    const { action } = await import("~/routes/agent");
    const response = await action(
      post({ intent: "login", username: "agent01", password: "Agent123" }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/agentHome");
    // The session cookie (a first sign-in from this browser also sets the device cookie, ADR 37).
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("session="))!;
    expect(cookie).toMatch(/^session=.+HttpOnly/i);
    // No remember option on the agent site: a browser-session cookie.
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
    const sessions = await handle.db
      .selectFrom("sessions")
      .select(["site", "remember"])
      .where("member_id", "=", await memberId("agent01"))
      .execute();
    expect(sessions).toContainEqual({ site: "agent", remember: false });
  });

  test("there is no remember option: a forged remember field is ignored, never a one-day cookie", async () => {
    const { action } = await import("~/routes/agent");
    const response = await action(
      post({ intent: "login", username: "agent02", password: "Agent123", remember: "on" }),
    );
    expect(response.status).toBe(302);
    const session = response.headers.getSetCookie().find((c) => c.startsWith("session="));
    expect(session).toMatch(/^session=/);
    expect(session).not.toMatch(/Max-Age|Expires/);
  });

  test("a player cannot log in to the agent site", async () => {
    const { action } = await import("~/routes/agent");
    const response = await action(
      post({ intent: "login", username: "player01", password: "Player123" }),
    );
    expect(response.status).toBe(400);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    const data = await jsonBody(response);
    expect(data.result.error[""]).toEqual(["Non-agents cannot log in"]);
  });

  test("a wrong password is a form error; the password is never echoed back", async () => {
    const { action } = await import("~/routes/agent");
    const response = await action(
      post({ intent: "login", username: "agent02", password: "Wrong999" }),
    );
    expect(response.status).toBe(400);
    const data = await jsonBody(response);
    expect(data.result.error[""]).toEqual(["Incorrect username or password"]);
    expect(data.result.initialValue).toMatchObject({ username: "agent02" });
    expect(data.result.initialValue.password).toBeUndefined();
  });

  test("missing fields: the required message", async () => {
    const { action } = await import("~/routes/agent");
    const data = await jsonBody(action(post({ intent: "login", username: "  ", password: "" })));
    expect(data.result.error.username).toEqual(["Please enter the username and password"]);
  });

  test("a form from another site is refused (403) before anything runs", async () => {
    const { action } = await import("~/routes/agent");
    const response = await thrownResponse(
      action(
        post(
          { intent: "login", username: "agent01", password: "Agent123" },
          { Origin: "https://evil.example" },
        ),
      ),
    );
    expect(response.status).toBe(403);
    const fetchSite = await thrownResponse(
      action(
        post(
          { intent: "login", username: "agent01", password: "Agent123" },
          { "Sec-Fetch-Site": "cross-site" },
        ),
      ),
    );
    expect(fetchSite.status).toBe(403);
  });

  test("the captcha intent hands out an image and keeps the typed username", async () => {
    const { action } = await import("~/routes/agent");
    const data = await jsonBody(
      action(post({ intent: "captcha", username: "agent01", password: "secret" })),
    );
    expect(data.captcha.image).toMatch(/^data:image\/png;base64,/);
    expect(data.result.initialValue).toEqual({ username: "agent01" });
  });

  test("an unknown intent is a 400", async () => {
    const { action } = await import("~/routes/agent");
    expect((await thrownResponse(action(post({ intent: "free-play" })))).status).toBe(400);
  });
});

describe("agent forced password change", () => {
  test("an agent with the default password gets a ticket, changes it, and lands in /agentHome", async () => {
    await handle.db
      .insertInto("members")
      .values({
        account: "agent77",
        nickname: null,
        type: 41,
        parent_id: null,
        password_hash: await hashPassword("123456"),
        password_changed_at: new Date(),
        email: null,
        dialing_code: null,
        mobile: null,
        affiliate_code: null,
        profile: "{}",
        created_at: new Date(),
      })
      .execute();
    const { action } = await import("~/routes/agent");
    const login = await action(post({ intent: "login", username: "agent77", password: "123456" }));
    expect(login.status).toBe(200);
    expect(login.headers.get("Set-Cookie")).toBeNull();
    const { changePassword } = await jsonBody(login);
    expect(changePassword).toMatchObject({ reason: "default_password" });
    expect(changePassword.ticket.length).toBeGreaterThanOrEqual(20);

    const ticketFields = {
      intent: "change-password",
      ticket: changePassword.ticket,
      reason: changePassword.reason,
    };
    // A mismatched confirmation keeps the dialog open with the same ticket.
    const mismatch = await action(
      post({
        ...ticketFields,
        newPassword: "Harbour-Gull-77",
        confirmNewPassword: "Harbour-Gull-78",
      }),
    );
    expect(mismatch.status).toBe(400);
    const mismatchData = await jsonBody(mismatch);
    expect(mismatchData.result.error.confirmNewPassword).toEqual(["Inconsistent twice"]);
    expect(mismatchData.changePassword).toEqual({
      ticket: changePassword.ticket,
      reason: "default_password",
    });

    const done = await action(
      post({
        ...ticketFields,
        newPassword: "Harbour-Gull-77",
        confirmNewPassword: "Harbour-Gull-77",
      }),
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/agentHome");
    expect(done.headers.get("Set-Cookie")).toMatch(/^session=/);

    // The new password now logs straight in; the ticket is spent.
    const again = await action(
      post({ intent: "login", username: "agent77", password: "Harbour-Gull-77" }),
    );
    expect(again.headers.get("Location")).toBe("/agentHome");
    const reused = await action(
      post({
        ...ticketFields,
        newPassword: "Harbour-Gull-88",
        confirmNewPassword: "Harbour-Gull-88",
      }),
    );
    expect(reused.status).toBe(400);
  });
});

describe("/agentHome", () => {
  test("the layout sends a visitor and a member to /agent", async () => {
    const { loader } = await import("~/routes/agentHome+/_layout");
    const visitor = await thrownResponse(loader(routeArgs("/agentHome")));
    expect(visitor.headers.get("Location")).toBe("/agent");
    const member = await thrownResponse(
      loader(
        routeArgs("/agentHome", {
          headers: { Cookie: (await signInAs(handle.db, "player01")).cookie },
        }),
      ),
    );
    expect(member.headers.get("Location")).toBe("/agent");
  });

  test("the layout gives an agent the header's data: brand, time zone, server time, nickname", async () => {
    const { loader } = await import("~/routes/agentHome+/_layout");
    const before = Date.now();
    const data = await jsonBody(
      loader(
        routeArgs("/agentHome", {
          headers: { Cookie: (await signInAs(handle.db, "agent01", "agent")).cookie },
        }),
      ),
    );
    expect(data).toMatchObject({
      title: "Agent centre",
      brandName: "Lucky Harbour",
      timeZone: "Asia/Karachi",
      agent: { account: "agent01", nickname: "Harbour Master" },
    });
    expect(data.now).toBeGreaterThanOrEqual(before);
  });

  test("the index is the team overview (tests/routes/agent-overview.test.ts has its figures)", async () => {
    const { loader } = await import("~/routes/agentHome+/index");
    const data = await jsonBody(
      loader(
        routeArgs("/agentHome", {
          headers: { Cookie: (await signInAs(handle.db, "agent02", "agent")).cookie },
        }),
      ),
    );
    expect(data).toMatchObject({ title: "Team overview", agent: { agentRate: 3000 } });
  });
});

describe("agent clock formatting", () => {
  test("HH:mm:ss and the offset in the brand's zone, the same wherever it runs", async () => {
    const { formatClock, formatOffset } = await import("~/components/agent/agent-clock");
    const instant = Date.UTC(2024, 0, 15, 22, 5, 9);
    expect(formatClock(instant, "Asia/Karachi")).toBe("03:05:09");
    expect(formatClock(instant, "UTC")).toBe("22:05:09");
    expect(formatOffset(instant, "Asia/Karachi")).toBe("GMT+05:00");
    expect(formatOffset(instant, "UTC")).toBe("GMT+00:00");
    expect(formatOffset(instant, "America/St_Johns")).toBe("GMT-03:30");
  });
});
