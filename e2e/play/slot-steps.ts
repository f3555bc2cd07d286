import type { FrameLocator, Locator, Page } from "@playwright/test";
import { expect, label } from "../fixtures";

/** When each page last spun: the slot refuses a spin within 2.5 s of the previous one (issue 17). */
const lastSpin = new WeakMap<Page, number>();
const SPIN_GAP_MS = 2600;

/** Waits out the slot's spin gap since this page's previous spin. */
export async function waitSpinGap(page: Page) {
  const wait = (lastSpin.get(page) ?? 0) + SPIN_GAP_MS - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
}

/**
 * Notes a spin whose result is on screen. Taken after the answer, not at the
 * click: the server dates a round when the request arrives, and on a loaded
 * machine the first request can arrive much later than it was sent.
 */
export function noteSpun(page: Page) {
  lastSpin.set(page, Date.now());
}

const playNow = (tile: Locator) =>
  tile.getByRole("link", { name: new RegExp(`^${label("en", "game.playNow")}: `) });
const freeTrial = (tile: Locator) =>
  tile.getByRole("link", { name: new RegExp(`^${label("en", "game.freeTrial")}: `) });

/** Launches the first /rng title in the game popup and returns its game frame. */
export async function launchFirstSlot(
  page: Page,
  mode: "real" | "demo" = "real",
): Promise<FrameLocator> {
  await page.goto("/rng");
  const tile = page.getByTestId("game-tile").first();
  const nodeId = (await tile.getAttribute("data-node-id"))!;
  await (mode === "demo" ? freeTrial(tile) : playNow(tile)).click();
  await expect(page).toHaveURL(`/seamless?nodeId=${nodeId}${mode === "demo" ? "&mode=demo" : ""}`);
  const frame = page.frameLocator("iframe.game-frame");
  await expect(frame.getByTestId("demo-game")).toBeVisible();
  return frame;
}

/** One spin of the first /rng title at `stake` ("Rs 50.00"), in the game popup (the rewards and missions specs). */
export async function spinFirstSlot(page: Page, stake: string): Promise<FrameLocator> {
  const frame = await launchFirstSlot(page);
  const form = frame.getByTestId("spin-form");
  await form
    .getByLabel(label("en", "demoGame.stake"), { exact: true })
    .selectOption({ label: stake });
  await waitSpinGap(page);
  await form.getByRole("button", { name: label("en", "demoGame.spin"), exact: true }).click();
  await expect(frame.getByTestId("demo-result")).toHaveText(/\S/);
  noteSpun(page);
  return frame;
}
