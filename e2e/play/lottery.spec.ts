import type { Page } from "@playwright/test";
import { drawClosesAt, openDrawNo } from "~/platform/play/lottery/schedule";
import { expect, label, test } from "../fixtures";

const PASSWORD = "Lottery123";
/** The /lottery page's SSC game in the demo brand's prize mode (ELOTT). */
const SSC = "/lottery?gameCode=ELOTT-0005";
/** The e2e server's draw interval (LOTTERY_DRAW_SECONDS in playwright.config.ts). */
const DRAW_SECONDS = 20;

/** Seconds left on the open draw, as the countdown shows them ("Closes in 0:17"). */
async function secondsLeft(page: Page): Promise<number> {
  const text = (await page.getByTestId("draw-countdown").textContent()) ?? "";
  const match = /(\d+):(\d{2})/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : 0;
}

/** The open draw's number, from its heading ("Draw 12345"). */
async function openDrawOnPage(page: Page): Promise<number> {
  const text =
    (await page.getByTestId("open-draw").getByRole("heading", { level: 2 }).textContent()) ?? "";
  return Number(/\d+/.exec(text)![0]);
}

/**
 * Waits until a draw has just opened, on the lottery's own clock (this machine's, as the
 * server's), so that several bets placed next land on one draw even on a loaded machine.
 */
async function untilFreshDraw(page: Page) {
  const now = new Date();
  const left = drawClosesAt(openDrawNo(now, DRAW_SECONDS), DRAW_SECONDS).getTime() - now.getTime();
  if (left < (DRAW_SECONDS - 1) * 1000) await page.waitForTimeout(left + 250);
}

/** Waits (reloading the game) until the open draw has at least `seconds` left, so a bet cannot straddle its close. */
async function withTimeLeft(page: Page, seconds: number) {
  while ((await secondsLeft(page)) < seconds) {
    await page.waitForTimeout(1_000);
    await page.goto(SSC);
  }
}

async function bet(page: Page, option: "big" | "small", stake: string) {
  const form = page.getByTestId("bet-form-sum_big_small");
  await form.getByLabel(label("en", `lottery.options.${option}`), { exact: true }).check();
  await form.getByLabel(label("en", "lottery.bet.stake"), { exact: true }).fill(stake);
  await form.getByRole("button", { name: label("en", "lottery.bet.submit"), exact: true }).click();
}

test.describe("demo lottery", () => {
  test("a visitor is sent to log in", async ({ page }) => {
    await page.goto(SSC);
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Flottery%3FgameCode%3DELOTT-0005$/);
  });

  test("a funded member bets on both sides of an SSC draw; with JavaScript on it waits out the draw: one side is paid, the balance adds up", async ({
    signIn,
    page,
    createMember,
    fundMember,
    javaScriptEnabled,
  }) => {
    // Draws close every 20 s on the e2e server (LOTTERY_DRAW_SECONDS).
    test.setTimeout(120_000);
    const { account } = await createMember({ password: PASSWORD });
    await fundMember(account, 100_00);
    await signIn(account, PASSWORD);

    // The menu (a plain link) leads to the SSC game.
    await page.goto("/lottery");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      label("en", "lottery.page.lottery"),
    );
    const menu = page.getByTestId("lottery-menu");
    await expect(menu.getByTestId("lottery-prize-mode")).toHaveText(
      label("en", "lottery.menu.prizeMode", { mode: label("en", "lottery.prizeModes.ELOTT") }),
    );
    await menu.getByRole("link", { name: /ELOTT-0005/ }).click();
    await expect(page).toHaveURL(SSC);
    await expect(page.getByTestId("lottery-game")).toContainText(label("en", "lottery.types.SSC"));
    await expect(page.getByTestId("draw-seed-hash")).toHaveText(/^[0-9a-f]{64}$/);

    // Both bets must land on the same draw: start as one opens (20 s of it, on a busy CI
    // machine two bets and their page loads have taken more than 12).
    await untilFreshDraw(page);
    await page.goto(SSC);
    const drawNo = await openDrawOnPage(page);
    const hash = await page.getByTestId("draw-seed-hash").textContent();

    await bet(page, "big", "10");
    await expect(page).toHaveURL(`${SSC}&placed=${drawNo}`);
    await expect(page.getByTestId("bet-placed")).toHaveText(
      label("en", "lottery.bet.placed", { drawNo }),
    );
    await bet(page, "small", "10");
    await expect(page.getByTestId("bet-placed")).toBeVisible();
    await expect(page.getByTestId("member-balance")).toHaveText("Rs 80.00");
    await expect(page.getByTestId("lottery-balance")).toHaveText(
      label("en", "lottery.bet.balance", { amount: "Rs 80.00" }),
    );
    const bets = page.getByTestId("my-bet");
    await expect(bets).toHaveCount(2);
    await expect(page.getByTestId("my-bet-status")).toHaveText([
      label("en", "lottery.bets.statuses.open"),
      label("en", "lottery.bets.statuses.open"),
    ]);
    await expect(bets.first()).toContainText(String(drawNo));

    // The bets are the form flow, done above with JavaScript on and off. Settling is the
    // scheduler's, and the settled page is the server's HTML either way: it is waited for (up
    // to a draw's 20 s) with JavaScript on only.
    if (!javaScriptEnabled) return;

    // The member reloads until the draw has closed and the page has settled it.
    await expect(async () => {
      await page.goto(SSC);
      await expect(page.getByTestId("my-bet-status")).toHaveText(
        [
          label("en", "lottery.bets.statuses.settled"),
          label("en", "lottery.bets.statuses.settled"),
        ],
        { timeout: 1_000 },
      );
    }).toPass({ timeout: 60_000, intervals: [2_000] });

    // One side won 10 × 1.96; the other lost.
    const payouts = (await page.getByTestId("my-bet-payout").allTextContents()).sort();
    expect(payouts).toEqual(["Rs 0.00", "Rs 19.60"]);
    await expect(page.getByTestId("member-balance")).toHaveText("Rs 99.60");
    await expect(page.getByTestId("lottery-balance")).toHaveText(
      label("en", "lottery.bet.balance", { amount: "Rs 99.60" }),
    );
    // The draw is listed with its numbers and the seed behind the hash shown before.
    const draw = page.getByTestId(`draw-${drawNo}`);
    await expect(draw.getByTestId("draw-numbers").getByRole("listitem")).toHaveCount(5);
    await expect(draw.getByTestId("draw-seed")).toHaveText(/^[0-9a-f]{64}$/);
    await expect(draw).toContainText(hash!);

    // The betting record has both, settled.
    await page.goto("/member/betting-record");
    await expect(page.getByText(`ELOTT-0005-${drawNo}-`, { exact: false }).first()).toBeVisible();
  });

  test("a refused bet shows why, on its form, and costs nothing", async ({
    signIn,
    page,
    createMember,
    fundMember,
  }) => {
    const { account } = await createMember({ password: PASSWORD });
    await fundMember(account, 5_00);
    await signIn(account, PASSWORD);
    await page.goto(SSC);
    // Refused for the balance, not because the draw closed under the form.
    await withTimeLeft(page, 8);
    await bet(page, "big", "10");
    const form = page.getByTestId("bet-form-sum_big_small");
    await expect(form.getByText(label("en", "walletError.insufficient_balance"))).toBeVisible();
    await expect(page.getByTestId("member-balance")).toHaveText("Rs 5.00");
    await expect(page.getByTestId("my-bets")).toContainText(label("en", "lottery.bets.empty"));
  });
});
