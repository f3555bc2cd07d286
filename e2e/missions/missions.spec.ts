import { randomInt } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { formatMoney } from "../../app/utils/money";
import { expect, label, test, waitForHydrated } from "../fixtures";
import { spinFirstSlot } from "../play/slot-steps";

/**
 * Missions as a member and an operator meet them, with JavaScript on and off:
 * a fresh member completes the seeded "daily-slots" mission in the demo slot,
 * claims it once (a second tab cannot claim it again), sees the reward and a
 * leaderboard rank; the operator adds and disables a mission.
 */

const PASSWORD = "Missions123";
const rupees = (minor: number) => formatMoney(minor, { symbol: "Rs", minorUnits: 2 }, "en");
const card = (page: Page, code: string) =>
  page.locator(`[data-testid="mission-card"][data-code="${code}"]`);

/** The header's MAIN balance in minor units. */
async function balanceOf(page: Page) {
  const text = (await page.getByTestId("member-balance").textContent()) ?? "";
  return Math.round(Number(text.replace(/[^\d.]/g, "")) * 100);
}

async function claimIn(page: Page, mission: Locator, javaScriptEnabled: boolean) {
  const button = mission.getByRole("button", { name: label("en", "missions.claim"), exact: true });
  if (javaScriptEnabled) await waitForHydrated(button);
  await button.click();
}

test.describe("missions", () => {
  test("a fresh member spins until the slots mission completes, claims it once, gets Rs 10 and a rank", async ({
    signIn,
    page,
    createMember,
    fundMember,
    javaScriptEnabled,
  }) => {
    const { account } = await createMember({ password: PASSWORD });
    await fundMember(account, 200_00);
    await signIn(account, PASSWORD);

    await page.goto("/member");
    await page
      .getByRole("navigation", { name: label("en", "memberCentre.nav") })
      .getByRole("link", { name: label("en", "missions.nav"), exact: true })
      .click();
    await expect(page).toHaveURL("/member/missions");
    const slots = card(page, "daily-slots");
    await expect(slots).toHaveAttribute("data-state", "open");
    await expect(slots.getByTestId("mission-figure")).toHaveText(
      label("en", "missions.progress", { figure: rupees(0), target: rupees(100_00) }),
    );
    await expect(slots.getByRole("button")).toHaveCount(0);

    await spinFirstSlot(page, "Rs 50.00");
    await page.goto("/member/missions");
    await expect(card(page, "daily-slots").getByTestId("mission-bar")).toHaveAttribute(
      "value",
      "50",
    );
    await spinFirstSlot(page, "Rs 50.00");

    await page.goto("/member/missions");
    await expect(card(page, "daily-slots")).toHaveAttribute("data-state", "complete");
    await expect(page.getByTestId("badge-missions")).toHaveText("1");
    // A second tab opened now, with the claim button too.
    const other = await page.context().newPage();
    await other.goto("/member/missions");
    await expect(card(other, "daily-slots")).toHaveAttribute("data-state", "complete");

    const before = await balanceOf(page);
    await claimIn(page, card(page, "daily-slots"), javaScriptEnabled);
    await expect(page).toHaveURL(/\/member\/missions\?claimed=\d+$/);
    await expect(page.getByTestId("mission-claimed-notice")).toHaveText(
      label("en", "missions.claimedNotice", {
        name: "Spin Rs 100 in slots today",
        reward: label("en", "missions.reward.cash", { amount: rupees(10_00) }),
      }),
    );
    await expect(card(page, "daily-slots")).toHaveAttribute("data-state", "claimed");
    await expect.poll(() => balanceOf(page)).toBe(before + 10_00);
    await expect(page.getByTestId("badge-missions")).toHaveCount(0);
    await expect(page.getByTestId("leaderboard-own")).toHaveText(
      new RegExp(
        `^${label("en", "missions.leaderboard.own", { rank: "RANK", points: "10" })
          .replace(/[()]/g, "\\$&")
          .replace("RANK", "\\d+")}$`,
      ),
    );
    await expect(page.getByTestId("mission-history").locator("tbody tr")).toHaveCount(1);

    // The other tab's claim is refused: nothing moves.
    await claimIn(other, card(other, "daily-slots"), javaScriptEnabled);
    await expect(card(other, "daily-slots").getByTestId("form-errors")).toHaveText(
      label("en", "missions.error.mission_claimed"),
    );
    await page.reload();
    expect(await balanceOf(page)).toBe(before + 10_00);
    await expect(page.getByTestId("mission-history").locator("tbody tr")).toHaveCount(1);
  });

  test("in Urdu the page is right-to-left and the missions are in Urdu", async ({
    signIn,
    page,
    createMember,
  }) => {
    const { account } = await createMember({ password: PASSWORD });
    await signIn(account, PASSWORD);
    await page.goto("/member/missions?lng=ur");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(label("ur", "missions.title"));
    await expect(card(page, "daily-slots").getByRole("heading")).toHaveText(
      "آج سلاٹس میں 100 روپے کی بازی",
    );
  });

  test("an operator adds a mission (a bad target first), then disables it", async ({
    signIn,
    page,
  }) => {
    await signIn("ops01", "Ops12345", { site: "ops" });
    await page.goto("/ops");
    await page.getByTestId("ops-nav-missions").click();
    await expect(page).toHaveURL("/ops/missions");
    await page.getByTestId("ops-mission-new").click();
    await expect(page).toHaveURL("/ops/missions?edit=new");

    const code = `e2e-${Date.now().toString(36)}-${randomInt(1000)}`;
    const form = page.getByTestId("ops-mission-form");
    const field = (name: string) =>
      form.getByLabel(label("en", `opsMissions.field.${name}`), { exact: true });
    await field("code").fill(code);
    await field("nameEn").fill(`Play fish games ${code}`);
    await field("nameUr").fill("مچھلی کے گیمز کھیلیں");
    await field("condition").selectOption("valid_bet");
    await field("category").selectOption("FISH");
    await field("target").fill("0");
    await field("rewardAmount").fill("5");
    await field("missionPoints").fill("15");
    await page.getByTestId("ops-mission-save").click();
    await expect(form.getByText(label("en", "opsMissions.error.target"))).toBeVisible();
    await expect(field("code")).toHaveValue(code);

    await field("target").fill("300");
    await page.getByTestId("ops-mission-save").click();
    await expect(page).toHaveURL(/\/ops\/missions\?saved=\d+$/);
    await expect(page.getByTestId("ops-mission-saved")).toHaveText(
      label("en", "opsMissions.saved", { code }),
    );
    const row = page.locator(`[data-testid="ops-mission-row"][data-code="${code}"]`);
    await expect(row.getByTestId("ops-mission-status")).toHaveText(
      label("en", "opsMissions.enabled"),
    );
    await row
      .getByRole("button", { name: label("en", "opsMissions.disableOne", { code }), exact: true })
      .click();
    await expect(row.getByTestId("ops-mission-status")).toHaveText(
      label("en", "opsMissions.disabled"),
    );
  });
});
