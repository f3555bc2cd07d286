import { expect, label, test } from "../fixtures";
import { followed, post, secondMember, t } from "./chat-steps";

/**
 * The chat room of a live table (issue 16), with JavaScript on and off: two
 * members in two browsers; A posts, B sees it (live with JavaScript, after a
 * reload without); ops01 deletes it and mutes A, whose next post is refused
 * with the end of the mute. Bad input keeps what was typed; visitors read only;
 * a table's game page links its room.
 */
test.describe("chat room", () => {
  test("A posts at a live table, B sees it; ops01 deletes it and mutes A, whose next post is refused", async ({
    signIn,
    createMember,
    page,
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    const a = await createMember({ password: "Member123" });
    const b = await createMember({ password: "Member123" });
    await page.goto("/live");
    const chatLink = page.getByTestId("table-chat").first();
    const path = (await chatLink.getAttribute("href"))!;
    const room = path.replace("/chat/", "");
    const pageB = await secondMember(
      browser,
      { signIn, baseURL: baseURL!, javaScriptEnabled, from: page },
      b.account,
      path,
    );
    if (javaScriptEnabled) await followed(pageB, room);

    await signIn(a.account, "Member123");
    await chatLink.click();
    await expect(page).toHaveURL(path);
    const text = `Good luck <b>table</b> from ${a.account}`;
    await post(page, text, javaScriptEnabled);
    await expect(page).toHaveURL(new RegExp(`${path}\\?sent=\\d+$`));
    const mine = page.getByTestId("chat-message").filter({ hasText: text });
    await expect(mine).toHaveCount(1);

    const seenByB = pageB.getByTestId("chat-message").filter({ hasText: text });
    if (!javaScriptEnabled) await pageB.reload();
    await expect(seenByB).toHaveCount(1);
    await expect(seenByB.locator("b")).toHaveCount(0);

    await signIn("ops01", "Ops12345", { site: "ops" });
    await page.goto("/ops");
    await page.getByTestId("ops-nav-chat").click();
    await expect(page).toHaveURL("/ops/chat");
    const row = page.getByTestId("ops-chat-message").filter({ hasText: text });
    await row.getByRole("button", { name: label("en", "chat.ops.delete") }).click();
    await expect(page.getByTestId("ops-chat-done")).toHaveText(
      label("en", "chat.ops.done.deleted"),
    );
    if (!javaScriptEnabled) await pageB.reload();
    await expect(seenByB).toHaveCount(0);

    await page
      .getByTestId("ops-chat-message")
      .filter({ hasText: text })
      .getByRole("button", { name: label("en", "chat.ops.mute", { account: a.account }) })
      .click();
    await expect(page.getByTestId("ops-chat-done")).toHaveText(label("en", "chat.ops.done.muted"));
    await expect(page.getByTestId("ops-chat-mutes")).toContainText(a.account);

    await page.goto(path);
    await expect(page.getByTestId("chat-muted")).toContainText("You are muted until");
    await post(page, "Am I still here?", javaScriptEnabled);
    await expect(page.getByTestId("chat-form")).toContainText(
      /You are muted until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d and cannot post\./,
    );
    await expect(
      page.getByTestId("chat-message").filter({ hasText: "Am I still here?" }),
    ).toHaveCount(0);
    await pageB.context().close();
  });

  test("a visitor reads the lobby with a login link; a member's empty or 201-character message is refused", async ({
    signIn,
    createMember,
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/live");
    const tableChat = (await page.getByTestId("table-chat").first().getAttribute("href"))!;
    await page.getByTestId("lobby-chat-link").click();
    await expect(page).toHaveURL("/chat");
    await expect(page.getByTestId("chat-form")).toHaveCount(0);
    await page
      .getByTestId("chat-read-only")
      .getByRole("link", { name: t("login") })
      .click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fchat/);

    const member = await createMember({ password: "Member123" });
    await signIn(member.account, "Member123");
    // The demo provider's table page links its room.
    await page.goto(`/seamless?nodeId=${tableChat.replace("/chat/table-", "")}&mode=demo`);
    await expect(
      page.frameLocator("iframe.game-frame").getByTestId("demo-table-chat"),
    ).toHaveAttribute("href", tableChat);
    await page.goto("/chat");
    await post(page, "   ", javaScriptEnabled);
    const field = page.getByTestId("chat-form").getByLabel(t("message"), { exact: true });
    await expect(page.getByTestId("chat-form")).toContainText(t("errors.chat_empty"));
    const long = "x".repeat(201);
    await post(page, long, javaScriptEnabled);
    await expect(page.getByTestId("chat-form")).toContainText(
      t("errors.chat_too_long", { max: 200 }),
    );
    await expect(field).toHaveValue(long);
  });
});
