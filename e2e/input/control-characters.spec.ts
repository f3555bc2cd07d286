import { expect, label, test, waitForHydrated } from "../fixtures";

/**
 * ADR 28 in a browser, with JavaScript on and off: a NUL in the agent login's
 * username (issue 18's 500) is the username field's translated error, the
 * page stays, and the other values are kept; emoji and right-to-left text are
 * text, posted and shown as typed. A NUL cannot be typed, so Playwright sets
 * the input's value (its evaluate runs with the page's own scripts off too).
 */
const refusal = label("en", "validation.controlCharacters");

test.describe("control characters", () => {
  test("a NUL in the agent login's username is that field's error, not a 500", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/agent");
    const form = page.getByRole("form", { name: label("en", "agent.form") });
    if (javaScriptEnabled) await waitForHydrated(form);
    const username = form.getByLabel(label("en", "login.username"), { exact: true });
    await username.fill("agent01");
    await username.evaluate((input: HTMLInputElement) => {
      input.value = "agent\u000001";
    });
    await form.getByLabel(label("en", "login.password"), { exact: true }).fill("Agent123");
    const answer = page.waitForResponse(
      (response) => response.request().method() === "POST" && response.url().includes("/agent"),
    );
    await form.getByRole("button", { name: label("en", "login.submit"), exact: true }).click();
    expect((await answer).status()).toBeLessThan(500);
    await expect(page).toHaveURL(/\/agent(\?|$)/);
    await expect(form.getByText(refusal)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(label("en", "agent.title"));
  });

  test("emoji and right-to-left marks in a chat message are posted and shown as typed", async ({
    signIn,
    createMember,
    page,
    javaScriptEnabled,
  }) => {
    const member = await createMember({ password: "Member123" });
    await signIn(member.account, "Member123");
    await page.goto("/chat");
    const form = page.getByTestId("chat-form");
    if (javaScriptEnabled) await waitForHydrated(form);
    const text = `🎰🍀 \u202Bمرحبا\u202C ${Date.now()}`;
    await form.getByLabel(label("en", "chat.message"), { exact: true }).fill(text);
    await form.getByRole("button", { name: label("en", "chat.send") }).click();
    await expect(page.getByText(text)).toBeVisible();
    await expect(page.getByText(refusal)).toHaveCount(0);
  });
});
