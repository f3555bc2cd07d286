import { randomBytes } from "node:crypto";
import type { BrowserContext } from "@playwright/test";
import { expect, login, logout, test } from "../fixtures";

const PLAYER = { account: "player01", password: "Player123" };

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === "session");
}

test.describe("session cookie", () => {
  test("HttpOnly and SameSite=Lax, new at each login, worthless after logout", async ({
    page,
    context,
    baseURL,
  }) => {
    // A value planted before the login (session fixation) is replaced, not adopted.
    // Well-formed like the app's own (an unsigned cookie: base64 of the JSON token), but unknown to the server.
    const plantedToken = randomBytes(32).toString("base64url");
    const planted = {
      name: "session",
      value: Buffer.from(JSON.stringify(plantedToken)).toString("base64"),
      url: baseURL!,
      httpOnly: true,
      sameSite: "Lax" as const,
    };
    await context.addCookies([planted]);
    await login(page, PLAYER.account, PLAYER.password);
    const cookie = await sessionCookie(context);
    expect(cookie, "the session cookie").toBeDefined();
    // Page scripts never see it; other sites cannot post with it.
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.sameSite).toBe("Lax");
    expect(cookie!.path).toBe("/");
    const first = cookie!.value;
    expect(first).not.toBe(planted.value);

    await logout(page);
    expect(await sessionCookie(context)).toBeUndefined();

    // Logout deleted the session on the server: its old cookie, set back, signs no one in.
    await context.addCookies([{ ...planted, value: first }]);
    await page.goto("/");
    await expect(page.getByTestId("header-login")).toBeVisible();
    await expect(page.getByTestId("member-menu")).toHaveCount(0);

    // The next login gets a value of its own.
    await login(page, PLAYER.account, PLAYER.password);
    const second = (await sessionCookie(context))!.value;
    expect(second).not.toBe(first);
    expect(second).not.toBe(planted.value);
  });

  test("a cross-origin POST to /login does not sign in", async ({ page, context }) => {
    const form = {
      by: "password",
      username: PLAYER.account,
      password: PLAYER.password,
      intent: "login",
    };
    const forged = await page.request.post("/login", {
      form,
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(forged.status()).toBeGreaterThanOrEqual(400);
    const setCookies = forged
      .headersArray()
      .filter((header) => header.name.toLowerCase() === "set-cookie");
    expect(setCookies.filter((header) => /^session=/.test(header.value))).toEqual([]);
    expect(await sessionCookie(context)).toBeUndefined();

    // The very same form from our own origin does sign in: the refusal was about the origin.
    const own = await page.request.post("/login", { form, maxRedirects: 0 });
    expect(own.status()).toBe(302);
    expect(
      own
        .headersArray()
        .some(
          (header) => header.name.toLowerCase() === "set-cookie" && /^session=/.test(header.value),
        ),
    ).toBe(true);
  });
});
