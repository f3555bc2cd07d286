import type { Page } from "@playwright/test";
import { formatMoney } from "../../app/utils/money";
import { expect, label, test } from "../fixtures";
import { publishPromotion } from "./promotion-helpers";
import { spinFirstSlot } from "../play/slot-steps";
import { depositThroughPayStep } from "../wallet/deposit-steps";

/**
 * Issue 14 as a member meets it, with JavaScript on and off: promotions a
 * visitor joins through the login dialog; a first-deposit bonus that is
 * locked, wagered in the demo slot and released to MAIN; a red envelope.
 */

const PASSWORD = "Rewards1234";
const rupees = (minor: number) => formatMoney(minor, { symbol: "Rs", minorUnits: 2 }, "en");
const card = (page: Page, code: string) =>
  page.locator(`[data-testid="promotion-card"][data-code="${code}"]`);

test.describe("promotions", () => {
  test("a visitor's Join passes the login dialog and comes back to the promotion", async ({
    page,
    createMember,
  }) => {
    const { account } = await createMember({ password: PASSWORD });
    await page.goto("/promotions?category=deposit");
    const welcome = card(page, "welcome-match");
    await expect(welcome.getByRole("heading", { level: 2 })).toHaveText(
      "100% first deposit bonus up to Rs 500",
    );
    await welcome.getByRole("link", { name: label("en", "promotions.join"), exact: true }).click();
    const back = "/promotions?category=deposit&promotion=welcome-match";
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(back)}`);

    const dialog = page.getByTestId("login-dialog");
    await dialog.getByLabel(label("en", "login.username"), { exact: true }).fill(account);
    await dialog.getByLabel(label("en", "login.password"), { exact: true }).fill(PASSWORD);
    await dialog.getByRole("button", { name: label("en", "login.submit"), exact: true }).click();
    await expect(page).toHaveURL(back);
    // Opened at the promotion, its rules showing, and now a member's Join.
    await expect(
      welcome.getByRole("region", { name: label("en", "promotions.rules") }),
    ).toContainText("Maximum bet Rs 50");
    await welcome
      .getByRole("button", { name: label("en", "promotions.join"), exact: true })
      .click();
    await expect(page.getByTestId("promotion-done")).toHaveText(
      label("en", "promotions.done.join"),
    );
    await expect(welcome).toHaveAttribute("data-state", "joined");
    await expect(welcome.getByTestId("promotion-state")).toHaveText(
      label("en", "rewards.states.joined"),
    );
  });

  test("first deposit → a locked bonus → demo slot spins move its turnover bar → released to MAIN", async ({
    signIn,
    page,
    createMember,
    serverDatabase,
  }) => {
    const code = await publishPromotion(serverDatabase!, {
      kind: "first_deposit",
      claimMode: "join_claim",
      rewardBps: "10000",
      rewardCap: "10000",
      turnoverMultiple: "100",
      contributionDefault: "100",
    });
    const { account } = await createMember({ password: PASSWORD });
    await signIn(account, PASSWORD);

    await page.goto(`/promotions?promotion=${code}`);
    await card(page, code)
      .getByRole("button", { name: label("en", "promotions.join"), exact: true })
      .click();
    await expect(card(page, code)).toHaveAttribute("data-state", "joined");

    // The first deposit qualifies it: Rs 100 matched 100 %, up to Rs 100. Two spins of Rs 50 wager
    // it once, whatever they win: the first leaves at least Rs 50 of the deposit.
    await depositThroughPayStep(page, "100");
    await page.goto("/member/rewards");
    const offer = card(page, code);
    await expect(offer).toHaveAttribute("data-state", "claim");
    await expect(offer.getByTestId("promotion-amount")).toHaveText(
      label("en", "promotions.amount", { amount: rupees(100_00) }),
    );
    await expect(page.getByTestId("badge-rewards")).toBeVisible();
    await offer.getByRole("button", { name: label("en", "promotions.claim"), exact: true }).click();
    await expect(page.getByTestId("promotion-done")).toHaveText(
      label("en", "promotions.done.claim"),
    );

    // Locked until wagered once (1×): the bar starts at nothing, MAIN is not credited yet.
    await page.goto("/member/rewards?tab=progress");
    const wagering = card(page, code);
    await expect(wagering).toHaveAttribute("data-state", "process");
    await expect(wagering.getByTestId("turnover")).toContainText(
      label("en", "rewardCentre.turnover", { wagered: rupees(0), required: rupees(100_00) }),
    );
    await expect(page.getByTestId("member-balance")).toHaveText(rupees(100_00));

    await spinFirstSlot(page, "Rs 50.00");
    await page.goto("/member/rewards?tab=progress");
    await expect(card(page, code).getByTestId("turnover")).toContainText(
      label("en", "rewardCentre.turnover", { wagered: rupees(50_00), required: rupees(100_00) }),
    );
    await expect(card(page, code).getByTestId("turnover-bar")).toHaveAttribute("value", "50");

    await spinFirstSlot(page, "Rs 50.00");
    await page.goto("/member/rewards?tab=history");
    await expect(card(page, code)).toHaveAttribute("data-state", "claimed");
    // Released: the bonus went to the locked account, then from it to MAIN (two postings of one entry).
    await page.goto("/member/transactions?type=bonus");
    await expect(page.getByTestId("records-table").locator("tbody tr")).toHaveCount(3);
  });

  test("a red envelope opens once a day with an amount between its bounds", async ({
    signIn,
    page,
    createMember,
  }) => {
    const { account } = await createMember({ password: PASSWORD });
    await signIn(account, PASSWORD);
    await page.goto("/member/rewards?promotion=lucky-envelope");
    const envelope = card(page, "lucky-envelope");
    await envelope
      .getByRole("button", { name: label("en", "promotions.openEnvelope"), exact: true })
      .click();
    await expect(page.getByTestId("promotion-done")).toHaveText(
      label("en", "promotions.done.open-envelope"),
    );
    // Rs 1 to Rs 50, straight to MAIN.
    const balance = Number(
      (await page.getByTestId("member-balance").textContent())!.replace(/[^\d]/g, ""),
    );
    expect(balance).toBeGreaterThanOrEqual(1_00);
    expect(balance).toBeLessThanOrEqual(50_00);
    await page.goto("/member/rewards?promotion=lucky-envelope");
    await expect(card(page, "lucky-envelope")).not.toHaveAttribute("data-state", "claim");
  });
});

test.describe("announcements", () => {
  test.use({ dismissAnnouncements: false });

  test("the announcement popup's Go to promotion opens the reward centre at that promotion, after the login dialog", async ({
    page,
    createMember,
  }) => {
    const { account } = await createMember({ password: PASSWORD });
    await page.goto("/");
    const popup = page.getByTestId("announcement-popup");
    await popup.getByText("Weekend reload bonus", { exact: true }).click();
    await popup
      .getByRole("link", { name: label("en", "announcements.goToPromotion"), exact: true })
      .click();
    const target = "/member/rewards?promotion=daily-reload";
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(target)}`);
    const dialog = page.getByTestId("login-dialog");
    await dialog.getByLabel(label("en", "login.username"), { exact: true }).fill(account);
    await dialog.getByLabel(label("en", "login.password"), { exact: true }).fill(PASSWORD);
    await dialog.getByRole("button", { name: label("en", "login.submit"), exact: true }).click();
    await expect(page).toHaveURL(target);
    await expect(card(page, "daily-reload").getByRole("heading", { level: 2 })).toBeVisible();
    await expect(
      card(page, "daily-reload").getByRole("region", { name: label("en", "promotions.rules") }),
    ).toBeVisible();
  });
});
