import type { FrameLocator } from "@playwright/test";
import { formatMoney } from "../../app/utils/money";
import { expect, label, test } from "../fixtures";
import { launchFirstSlot } from "./slot-steps";

/**
 * The demo provider's slot inside the game popup, with JavaScript on and
 * off: a funded member launches the first title of /rng, spins inside the
 * iframe (a plain form POST), sees the result and the balance move, then
 * finds the money in the header balance and the bet in the betting record.
 * Free trial spins with play money and leaves the real balance alone.
 */

const PASSWORD = "Slots12345";
const RS = { symbol: "Rs", minorUnits: 2 };
const FUN = { symbol: label("en", "demoGame.playMoneySymbol"), minorUnits: 2 };

/** Minor units of a formatted amount ("Rs 1,234.50" → 123450). */
const minorOf = (text: string) => Number(text.replace(/[^\d]/g, ""));

/** Spins once at the given stake; returns the round's id and payout (minor units) from the recall. */
async function spin(frame: FrameLocator, stake: string) {
  const form = frame.getByTestId("spin-form");
  await form
    .getByLabel(label("en", "demoGame.stake"), { exact: true })
    .selectOption({ label: stake });
  await form.getByRole("button", { name: label("en", "demoGame.spin"), exact: true }).click();
  const result = frame.getByTestId("demo-result");
  await expect(result).toHaveText(/\S/);
  const first = frame.getByTestId("round-recall").locator("tbody tr").first();
  const cells = first.locator("td");
  const roundId = (await cells.nth(0).textContent())!.replace("#", "");
  // A payout below the stake reads "returned X of Y": X is the payout.
  const payout = minorOf((await cells.nth(4).textContent())!.split(" of ")[0]!);
  await expect(cells.nth(3)).toHaveText(stake);
  return { roundId, payout, result };
}

test.describe("demo slot in the game popup", () => {
  test("a member spins with real money: result, balance, header balance and betting record follow", async ({
    signIn,
    page,
    createMember,
    fundMember,
  }) => {
    const { account } = await createMember({ password: PASSWORD });
    await fundMember(account, 100_00);
    await signIn(account, PASSWORD);
    const frame = await launchFirstSlot(page, "real");
    await expect(frame.getByTestId("demo-balance")).toHaveText("Rs 100.00");
    await expect(frame.getByTestId("server-seed-hash")).toHaveText(/^[0-9a-f]{64}$/);
    await expect(frame.getByTestId("next-nonce")).toHaveText("0");
    await expect(frame.getByTestId("slot-reels").locator("td")).toHaveCount(15);

    const { roundId, payout, result } = await spin(frame, "Rs 5.00");
    const balance = 100_00 - 5_00 + payout;
    await expect(frame.getByTestId("demo-balance")).toHaveText(formatMoney(balance, RS));
    const shown = formatMoney(payout, RS).replace(/[.]/g, "\\.");
    await expect(result).toHaveText(
      payout >= 5_00
        ? new RegExp(`^You won ${shown} `)
        : payout > 0
          ? new RegExp(`^Returned ${shown} of your Rs 5\\.00 stake`)
          : /^No win this time/,
    );
    await expect(frame.getByTestId("next-nonce")).toHaveText("1");

    // The portal's own header shows the new balance once the page reloads.
    await page.reload();
    await expect(page.getByTestId("member-balance")).toHaveText(formatMoney(balance, RS));

    await page.goto("/member/betting-record");
    const row = page
      .getByTestId("records-table")
      .locator("tbody tr", { hasText: `demo-${roundId}` });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Rs 5.00");
    await expect(row).toContainText(label("en", "records.betStatus.settled"));
  });

  test("rotating the seed pair reveals the server seed and the round verifies", async ({
    signIn,
    page,
    createMember,
    fundMember,
  }) => {
    const { account } = await createMember({ password: PASSWORD });
    await fundMember(account, 20_00);
    await signIn(account, PASSWORD);
    const frame = await launchFirstSlot(page, "real");
    const hash = (await frame.getByTestId("server-seed-hash").textContent())!;
    const { roundId } = await spin(frame, "Rs 1.00");
    await expect(frame.getByTestId("round-recall").locator("tbody tr").first()).toContainText(
      label("en", "demoGame.recall.sealed"),
    );

    const rotate = frame.getByTestId("rotate-form");
    await rotate
      .getByLabel(label("en", "demoGame.fairness.newClientSeed"), { exact: true })
      .fill("my-lucky-seed");
    await rotate
      .getByRole("button", { name: label("en", "demoGame.fairness.rotate"), exact: true })
      .click();
    await expect(frame.getByTestId("seed-rotated")).toBeVisible();
    await expect(frame.getByTestId("client-seed")).toHaveText("my-lucky-seed");
    await expect(frame.getByTestId("server-seed-hash")).not.toHaveText(hash);
    await expect(frame.getByTestId("revealed-seeds")).toContainText(hash);

    await frame
      .getByRole("link", {
        name: label("en", "demoGame.recall.verifyRound", { id: roundId }),
        exact: true,
      })
      .click();
    await expect(frame.getByTestId("verify-verdict")).toContainText(
      label("en", "demoGame.verify.matches"),
    );
    await expect(frame.getByTestId("verify-verdict")).toContainText(
      label("en", "demoGame.verify.hashOk"),
    );
  });

  test("free trial spins with play money and leaves the real balance and the betting record alone", async ({
    signIn,
    page,
    createMember,
    fundMember,
  }) => {
    const { account } = await createMember({ password: PASSWORD });
    await fundMember(account, 50_00);
    await signIn(account, PASSWORD);
    const frame = await launchFirstSlot(page, "demo");
    await expect(frame.getByText(label("en", "demoGame.modeDemo"), { exact: true })).toBeVisible();
    await expect(frame.getByTestId("demo-balance")).toHaveText(formatMoney(2_000_00, FUN));

    const { payout } = await spin(frame, formatMoney(10_00, FUN));
    await expect(frame.getByTestId("demo-balance")).toHaveText(
      formatMoney(2_000_00 - 10_00 + payout, FUN),
    );

    await page.reload();
    await expect(page.getByTestId("member-balance")).toHaveText("Rs 50.00");
    await page.goto("/member/betting-record");
    await expect(page.getByTestId("records-empty")).toBeVisible();
  });
});
