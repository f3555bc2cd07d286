import type { FrameLocator, Page } from "@playwright/test";
import { expect, label } from "../fixtures";

/** One spin of the first /rng title at `stake` ("Rs 50.00"), in the game popup (the rewards and missions specs). */
export async function spinFirstSlot(page: Page, stake: string): Promise<FrameLocator> {
  await page.goto("/rng");
  const tile = page.getByTestId("game-tile").first();
  await tile.getByRole("link", { name: new RegExp(`^${label("en", "game.playNow")}: `) }).click();
  const frame = page.frameLocator("iframe.game-frame");
  const form = frame.getByTestId("spin-form");
  await form
    .getByLabel(label("en", "demoGame.stake"), { exact: true })
    .selectOption({ label: stake });
  await form.getByRole("button", { name: label("en", "demoGame.spin"), exact: true }).click();
  await expect(frame.getByTestId("demo-result")).toHaveText(/\S/);
  return frame;
}
