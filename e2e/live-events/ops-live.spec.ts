import { post } from "../contact/chat-steps";
import { expect, label, operatorPage, test, waitForHydrated } from "../fixtures";

/**
 * Issue 16's operator side, live: an announcement ops01 publishes reaches a
 * member's open lobby (with JavaScript in place, with a toast; without, on
 * the next load); ops01 lifts a member's chat mute and the member posts at
 * once; and, with JavaScript, the operators' support queue shows a member's
 * new message without a reload, over the ops:support stream.
 */
const t = (key: string, values?: Record<string, string | number>) => label("en", key, values);

test.describe("operators, live", () => {
  test("an announcement ops01 publishes reaches a member's open lobby", async ({
    signIn,
    createMember,
    page,
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    const member = await createMember({ password: "Member123" });
    await signIn(member.account, "Member123");
    await page.goto("/");
    if (javaScriptEnabled) {
      await expect(page.getByTestId("live-toasts")).toHaveAttribute("data-connected", "true");
      await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
    }
    const title = `Harbour news ${member.account}`;
    const ops = await operatorPage(browser, baseURL, signIn);
    try {
      await ops.page.goto("/ops");
      await ops.page.getByTestId("ops-nav-announcements").click();
      await ops.page.getByTestId("ops-announcement-new").click();
      const form = ops.page.getByTestId("ops-announcement-form");
      // A player notice: the lobby's marquee shows their titles.
      await form.getByLabel(t("opsAnnouncements.field.type")).selectOption("PL");
      await form.getByLabel(t("opsAnnouncements.field.title")).fill(title);
      await form.getByLabel(t("opsAnnouncements.field.content")).fill(`<p>${title}</p>`);
      await form.getByRole("button", { name: t("opsAnnouncements.save") }).click();
      await expect(ops.page.getByTestId("ops-announcements-done")).toHaveText(
        t("opsAnnouncements.done.saved"),
      );
      await expect(
        ops.page.getByTestId("ops-announcement-row").filter({ hasText: title }),
      ).toHaveAttribute("data-state", "live");
    } finally {
      await ops.context.close();
    }
    const item = page.getByTestId("marquee-item").filter({ hasText: title });
    if (javaScriptEnabled) {
      await expect(page.getByTestId("live-toasts")).toContainText(t("liveEvents.announcement"));
      await expect(item.first()).toBeVisible();
      expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
    } else {
      await expect(item).toHaveCount(0);
      await page.reload();
      await expect(item.first()).toBeVisible();
    }
  });

  test("ops01 lifts a member's mute and the member posts again at once", async ({
    signIn,
    createMember,
    page,
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    const member = await createMember({ password: "Member123" });
    await signIn(member.account, "Member123");
    await page.goto("/chat");
    const first = `Before the mute ${member.account}`;
    await post(page, first, javaScriptEnabled);
    await expect(page.getByTestId("chat-message").filter({ hasText: first })).toHaveCount(1);

    const ops = await operatorPage(browser, baseURL, signIn);
    try {
      await ops.page.goto("/ops/chat");
      await ops.page
        .getByTestId("ops-chat-message")
        .filter({ hasText: first })
        .getByRole("button", { name: t("chat.ops.mute", { account: member.account }) })
        .click();
      await expect(ops.page.getByTestId("ops-chat-mutes")).toContainText(member.account);
      await page.goto("/chat");
      await expect(page.getByTestId("chat-muted")).toBeVisible();
      await ops.page
        .getByRole("button", { name: t("chat.ops.unmute", { account: member.account }) })
        .click();
      await expect(ops.page.getByTestId("ops-chat-done")).toHaveText(t("chat.ops.done.unmuted"));
      // Other tests' mutes may stay listed; this member's is gone.
      await expect(
        ops.page.getByTestId("ops-chat-mutes").filter({ hasText: member.account }),
      ).toHaveCount(0);
    } finally {
      await ops.context.close();
    }
    await page.goto("/chat");
    await expect(page.getByTestId("chat-muted")).toHaveCount(0);
    const again = `After the mute ${member.account}`;
    // One message per 2 seconds still holds.
    await page.waitForTimeout(2100);
    await post(page, again, javaScriptEnabled);
    await expect(page.getByTestId("chat-message").filter({ hasText: again })).toHaveCount(1);
  });

  test("the support queue shows a member's new message without a reload", async ({
    signIn,
    createMember,
    page,
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    test.skip(
      !javaScriptEnabled,
      "live updates need JavaScript; without it a reload shows the queue",
    );
    const member = await createMember({ password: "Member123" });
    const ops = await operatorPage(browser, baseURL, signIn);
    try {
      await ops.page.goto("/ops/support");
      await expect(ops.page.getByTestId("ops-centre")).toHaveAttribute("data-live", "true");
      await ops.page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));

      await signIn(member.account, "Member123");
      await page.goto("/member/support");
      const form = page.getByTestId("support-form");
      await waitForHydrated(form);
      await form.getByLabel(t("support.message"), { exact: true }).fill("Is anyone there?");
      await form.getByRole("button", { name: t("support.send") }).click();
      await expect(page).toHaveURL(/\/member\/support\?sent=1/);

      // Faster than the 5 s the screens polled before, and without a reload.
      await expect(ops.page.getByRole("link", { name: member.account, exact: true })).toBeVisible({
        timeout: 3000,
      });
      await expect(ops.page.getByTestId("ops-support-unread")).toBeVisible();
      expect(await ops.page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
    } finally {
      await ops.context.close();
    }
  });
});
