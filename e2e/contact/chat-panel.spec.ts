import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { followed, post, secondMember, t } from "./chat-steps";

/**
 * The chat panel of a live table's demo game page (issue 16), with JavaScript
 * on and off: A posts below the game and comes back to it; B, on the room
 * page, sees it (live with JavaScript, after a reload without), and B's reply
 * reaches A's panel the same way. On a small phone the panel sits below the
 * game and a bad message is refused there, what was typed kept.
 */

/** The demo page a live table's game popup frames, opened on its own: its path and its room. */
async function liveTableGame(page: Page) {
  await page.goto("/live");
  const room = (await page.getByTestId("table-chat").first().getAttribute("href"))!;
  await page.goto(`/seamless?nodeId=${room.replace("/chat/table-", "")}&mode=demo`);
  const game = (await page.locator("iframe.game-frame").getAttribute("src"))!;
  await page.goto(game);
  return { game, room: room.replace("/chat/", ""), roomPath: room };
}

test.describe("a table game's chat panel", () => {
  test("A posts from the game page and stays there; B sees it in the room, and B's reply reaches A's panel", async ({
    signIn,
    createMember,
    page,
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    const a = await createMember({ password: "Member123" });
    const b = await createMember({ password: "Member123" });
    await signIn(a.account, "Member123");
    const { game, room, roomPath } = await liveTableGame(page);
    const panel = page.getByTestId("chat-room");
    await expect(page.getByTestId("demo-table-chat")).toHaveAttribute("href", roomPath);
    const pageB = await secondMember(
      browser,
      { signIn, baseURL: baseURL!, javaScriptEnabled, from: page },
      b.account,
      roomPath,
    );
    if (javaScriptEnabled) await Promise.all([followed(pageB, room), followed(page, room)]);

    const text = `Panel hello from ${a.account}`;
    await post(panel, text, javaScriptEnabled);
    await expect(page).toHaveURL(new RegExp(`${game}\\?sent=\\d+$`));
    await expect(panel.getByTestId("chat-message").filter({ hasText: text })).toHaveCount(1);
    await expect(panel.getByLabel(t("message"), { exact: true })).toHaveValue("");

    if (!javaScriptEnabled) await pageB.reload();
    await expect(pageB.getByTestId("chat-message").filter({ hasText: text })).toHaveCount(1);

    const reply = `Reply from ${b.account}`;
    await post(pageB, reply, javaScriptEnabled);
    await expect(pageB.getByTestId("chat-message").filter({ hasText: reply })).toHaveCount(1);
    if (!javaScriptEnabled) await page.reload();
    await expect(panel.getByTestId("chat-message").filter({ hasText: reply })).toHaveCount(1);
    await pageB.context().close();
  });

  test("on a small phone the panel is below the game; a 201-character message is refused there", async ({
    signIn,
    createMember,
    page,
    javaScriptEnabled,
  }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    const member = await createMember({ password: "Member123" });
    await signIn(member.account, "Member123");
    const { game } = await liveTableGame(page);
    const panel = page.getByTestId("chat-room");
    const board = (await page.getByTestId("demo-result").boundingBox())!;
    const below = (await panel.boundingBox())!;
    expect(below.y).toBeGreaterThan(board.y);
    expect(below.x + below.width).toBeLessThanOrEqual(360);

    const long = "x".repeat(201);
    await post(panel, long, javaScriptEnabled);
    await expect(panel.getByTestId("chat-form")).toContainText(
      t("errors.chat_too_long", { max: 200 }),
    );
    await expect(panel.getByLabel(t("message"), { exact: true })).toHaveValue(long);
    await expect(page).toHaveURL(game);
    await expect(page.getByTestId("chat-message").filter({ hasText: long })).toHaveCount(0);
  });
});
