import pg from "pg";
import { formatMoney } from "../../app/utils/money";
import { e2eDatabaseUrl, expect, label, labelPattern, test } from "../fixtures";

/** The demo brand's currency (app/platform/system/brands/demo.json). */
const money = (minor: number) => formatMoney(minor, { symbol: "Rs", minorUnits: 2 }, "en");
const PASSWORD = "Rebate123";

/** A settled slot bet of the member an hour ago, as the seamless wallet leaves one (createMember skips without a database). */
async function settledSlotBet(account: string, validBet: number) {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into bets (member_id, vassalage, round_id, category, game_code, game_name, stake, valid_bet, payout, status, placed_at, settled_at)
       select id, 'PG', 'e2e-' || gen_random_uuid(), 'RNG', 'PG-0001', 'Test Slot', $2, $2, 0, 'settled',
              now() - interval '1 hour', now() - interval '1 hour'
         from members where lower(account) = lower($1)`,
      [account, validBet],
    );
  } finally {
    await client.end();
  }
}

test.describe("manual rebate", () => {
  test("a member with settled bets sees the rebate, claims it once; balance and records follow; a second claim within the minute is refused", async ({
    signIn,
    page,
    createMember,
  }) => {
    const { account } = await createMember({ password: PASSWORD });
    // Rs 1,000 on slots at the demo brand's base rate (0.20 %): Rs 2.00.
    await settledSlotBet(account, 100_000);
    await signIn(account, PASSWORD);

    // The member centre's menu leads to the page the side menu links to.
    await page.goto("/member");
    await page
      .getByRole("navigation", { name: label("en", "memberCentre.nav") })
      .getByRole("link", { name: label("en", "rebate.nav"), exact: true })
      .click();
    await expect(page).toHaveURL("/member/rebate");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(label("en", "rebate.title"));
    await expect(page.getByTestId("rebate-line-RNG")).toContainText(money(100_000));
    await expect(page.getByTestId("rebate-total")).toHaveText(money(200));
    await expect(page.getByTestId("records-empty")).toBeVisible();
    await expect(page.getByTestId("member-balance")).toHaveText(money(0));

    await page
      .getByRole("button", {
        name: label("en", "rebate.claim", { amount: money(200) }),
        exact: true,
      })
      .click();
    await expect(page).toHaveURL(/\/member\/rebate\?claimed=\d+$/);
    await expect(page.getByTestId("rebate-claimed")).toHaveText(
      label("en", "rebate.claimed", { amount: money(200) }),
    );
    await expect(page.getByTestId("member-balance")).toHaveText(money(200));
    await expect(page.getByTestId("rebate-total")).toHaveText(money(0));
    await expect(page.getByTestId("records-count")).toHaveText(
      label("en", "records.count", { count: 1 }),
    );
    await expect(page.getByTestId("rebate-records-total")).toHaveText(money(200));
    await expect(page.getByTestId("rebate-next")).toBeVisible();

    await page
      .getByRole("button", { name: label("en", "rebate.claim", { amount: money(0) }), exact: true })
      .click();
    await expect(page.getByTestId("rebate-claim-form").getByTestId("form-errors")).toHaveText(
      labelPattern("en", "rebate.error.rebate_too_soon", "seconds"),
    );
    await expect(page.getByTestId("member-balance")).toHaveText(money(200));
    await expect(page.getByTestId("records-count")).toHaveText(
      label("en", "records.count", { count: 1 }),
    );
  });

  test("in Urdu the page is right-to-left and translated", async ({
    signIn,
    page,
    createMember,
  }) => {
    const { account } = await createMember({ password: PASSWORD });
    await settledSlotBet(account, 100_000);
    await signIn(account, PASSWORD);
    await page.goto("/member/rebate?lng=ur");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(label("ur", "rebate.title"));
    await expect(page.getByTestId("rebate-line-RNG")).toContainText(label("ur", "category.RNG"));
  });
});
