import type { Browser, Locator, Page } from "@playwright/test";
import { expect, label, waitForHydrated, type SignIn } from "../fixtures";

/** Steps shared by the chat room's specs (the room page and a table game's chat panel). */
export const t = (key: string, values?: Record<string, string | number>) =>
  label("en", `chat.${key}`, values);

/** A second person: a browser context of their own, signed in, on `path`. */
export async function secondMember(
  browser: Browser,
  fixtures: { signIn: SignIn; baseURL: string; javaScriptEnabled: boolean; from: Page },
  account: string,
  path: string,
) {
  const context = await browser.newContext({
    baseURL: fixtures.baseURL,
    javaScriptEnabled: fixtures.javaScriptEnabled,
  });
  // The announcements popup's closed cookie, so it does not cover the room.
  await context.addCookies(await fixtures.from.context().cookies());
  const page = await context.newPage();
  await fixtures.signIn(account, "Member123", { page });
  await page.goto(path);
  return page;
}

/** The room is followed live once the member's stream reopened with it. */
export async function followed(page: Page, room: string) {
  await expect(page.getByTestId("live-toasts")).toHaveAttribute("data-rooms", room);
}

/** Posts `text` with the chat form inside `within` (a page, or the part of it showing the room). */
export async function post(within: Page | Locator, text: string, javaScriptEnabled: boolean) {
  const form = within.getByTestId("chat-form");
  if (javaScriptEnabled) await waitForHydrated(form);
  await form.getByLabel(t("message"), { exact: true }).fill(text);
  await form.getByRole("button", { name: t("send") }).click();
}
