import { expect, label, operatorPage, test, waitForHydrated } from "../fixtures";

/**
 * The built-in support chat and the customer-service entry (issue 16), with
 * JavaScript on and off: a member writes, ops01 replies from /ops/support in
 * a context of its own, and the member sees the reply (with JavaScript in
 * place, through the event channel; without, on the next load). The header's
 * entry points at the server's resolver and, with JavaScript, opens a
 * 440×750 window; without, a new tab.
 */
const t = (key: string) => label("en", key);

test.describe("support chat", () => {
  test("a member writes to support, ops01 replies, the member sees the reply", async ({
    signIn,
    createMember,
    page,
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    const member = await createMember({ password: "Member123" });
    await signIn(member.account, "Member123");
    await page.goto("/member/support");
    const form = page.getByTestId("support-form");
    if (javaScriptEnabled) await waitForHydrated(form);
    const question = `Where is my deposit? <b>${member.account}</b>`;
    await form.getByLabel(t("support.message"), { exact: true }).fill(question);
    await form.getByRole("button", { name: t("support.send") }).click();
    await expect(page).toHaveURL(/\/member\/support\?sent=1/);
    const messages = page.getByTestId("support-messages");
    await expect(messages.locator('[data-author="member"]')).toContainText(question);
    if (javaScriptEnabled) {
      await expect(page.getByTestId("live-toasts")).toHaveAttribute("data-connected", "true");
      await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
    }

    const ops = await operatorPage(browser, baseURL, signIn);
    try {
      await ops.page.goto("/ops");
      await ops.page.getByTestId("ops-nav-support").click();
      await expect(ops.page).toHaveURL("/ops/support");
      await ops.page.getByRole("link", { name: member.account, exact: true }).click();
      await expect(ops.page.getByTestId("support-messages")).toContainText(question);
      const reply = `Credited for ${member.account}`;
      await ops.page.getByLabel(t("support.ops.reply"), { exact: true }).fill(reply);
      await ops.page.getByRole("button", { name: t("support.send") }).click();
      await expect(ops.page.getByTestId("ops-support-done")).toHaveText(
        t("support.ops.done.replied"),
      );

      const answer = messages.locator('[data-author="operator"]');
      if (javaScriptEnabled) {
        await expect(answer).toContainText(reply);
        expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
      } else {
        await expect(answer).toHaveCount(0);
        await page.reload();
        await expect(answer).toContainText(reply);
      }
    } finally {
      await ops.context.close();
    }
  });

  test("the header's customer service goes through the resolver, in a 440×750 window with JavaScript", async ({
    signIn,
    createMember,
    page,
    javaScriptEnabled,
  }) => {
    const member = await createMember({ password: "Member123" });
    await signIn(member.account, "Member123");
    await page.addInitScript(() => {
      const open = window.open.bind(window);
      window.open = (...args: Parameters<typeof window.open>) => {
        (window as { opened?: unknown[] }).opened = args;
        return open(...args);
      };
    });
    await page.goto("/");
    const entry = page
      .locator("header.site-header")
      .getByRole("link", { name: t("header.customerService") });
    await expect(entry).toHaveAttribute("href", "/resources/cs/SUPPORT");
    await expect(entry).toHaveAttribute("target", "_blank");
    await expect(entry).toHaveAttribute("rel", /noopener/);
    if (javaScriptEnabled) await waitForHydrated(entry);
    const [popup] = await Promise.all([page.waitForEvent("popup"), entry.click()]);
    await expect(popup).toHaveURL(/\/member\/support$/);
    if (javaScriptEnabled) {
      const opened = await page.evaluate(() => (window as { opened?: unknown[] }).opened);
      expect(opened?.[0]).toBe("/resources/cs/SUPPORT");
      expect(opened?.[2]).toBe("width=440,height=750");
    }
    await popup.close();
  });
});
