import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { hashPassword } from "../../app/platform/identity/secrets.server";
import { DEMO_STAFF_PASSWORD } from "../../app/platform/seed/staff.server";
import { getBrandConfig } from "../../app/platform/system/settings.server";
import { addPayeeAccount } from "../../app/platform/wallet/payees.server";
import { requestWithdrawal } from "../../app/platform/wallet/withdrawals.server";
import { expect, label, NEEDS_DATABASE, test } from "../fixtures";

/**
 * The staff home (/ops): each staff member sees the queues it works on, with
 * what waits and how long the oldest has, each card a link to its queue
 * filtered to what waits. With JavaScript the counts follow a member's request
 * live; without, a reload shows them.
 */

/** A card's count, from the number the page rendered. */
const countOf = (page: Page, queue: string) => async () =>
  Number(
    await page
      .getByTestId(`ops-home-${queue}`)
      .getByTestId("ops-home-count")
      .getAttribute("data-count"),
  );

test.describe("staff home", () => {
  test("a member's withdrawal request raises finance's awaiting-decision count; the card opens the queue filtered to it", async ({
    page,
    signIn,
    createMember,
    fundMember,
    serverDatabase,
    javaScriptEnabled,
  }) => {
    test.skip(!serverDatabase, NEEDS_DATABASE);
    const db = serverDatabase!;
    await signIn("finance01", DEMO_STAFF_PASSWORD, { site: "ops" });
    await page.goto("/ops");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(label("en", "opsHome.title"));
    const pending = page.getByTestId("ops-home-withdrawals_pending");
    await expect(pending.getByRole("link")).toContainText(
      label("en", "opsHome.queues.withdrawals_pending"),
    );
    await expect(page.getByTestId("ops-home-withdrawals_approved")).toBeVisible();
    // Finance does not answer support: no card of it.
    await expect(page.getByTestId("ops-home-support")).toHaveCount(0);
    // With JavaScript the page follows the operators' stream before anything happens.
    if (javaScriptEnabled)
      await expect(page.getByTestId("ops-centre")).toHaveAttribute("data-live", "true");
    const before = await countOf(page, "withdrawals_pending")();

    // A member of its own asks for a withdrawal (the member's screens are withdraw.spec.ts's).
    const member = await createMember({ password: "Player123" });
    await fundMember(member.account, 500_000);
    const { id: memberId } = await db
      .updateTable("members")
      .set({ withdraw_password_hash: await hashPassword("Vault4321") })
      .where("account", "=", member.account)
      .returning("id")
      .executeTakeFirstOrThrow();
    const brand = await getBrandConfig(db);
    const payee = await addPayeeAccount(
      db,
      {
        memberId,
        provider: brand.wallet.payeeProviders[0]!.code,
        holderName: "Home Holder",
        accountNumber: "03001234567",
        withdrawPassword: "Vault4321",
      },
      brand.wallet,
    );
    await requestWithdrawal(
      db,
      { memberId, payeeAccountId: payee.id, amount: 20_000n, key: randomBytes(12).toString("hex") },
      brand.wallet,
      brand.timeZone,
    );

    // With JavaScript the operators' stream re-reads the page; without, a reload does.
    if (!javaScriptEnabled) await page.reload();
    await expect.poll(countOf(page, "withdrawals_pending")).toBeGreaterThan(before);
    await expect(pending).toContainText(
      label("en", "opsHome.waiting", { count: await countOf(page, "withdrawals_pending")() }),
    );

    await pending.getByRole("link").click();
    await expect(page).toHaveURL("/ops/withdrawals?status=pending");
    await expect(page.getByLabel(label("en", "ops.queue.filter"))).toHaveValue("pending");
    await expect(page.getByTestId("ops-queue")).toBeVisible();
  });

  test("support sees the support and feedback cards and no withdrawal card; the home is in the menu", async ({
    page,
    signIn,
  }) => {
    await signIn("support01", DEMO_STAFF_PASSWORD, { site: "ops" });
    await page.goto("/ops/support");
    await page.getByTestId("ops-nav-home").click();
    await expect(page).toHaveURL("/ops");
    await expect(page.getByTestId("ops-nav-home")).toHaveAttribute("aria-current", "page");
    const cards = page.getByTestId("ops-home-cards").getByRole("listitem");
    await expect(cards).toHaveCount(2);
    await expect(page.getByTestId("ops-home-withdrawals_pending")).toHaveCount(0);
    await expect(page.getByTestId("ops-home-withdrawals_approved")).toHaveCount(0);
    const feedback = page.getByTestId("ops-home-feedback").getByRole("link");
    await expect(feedback).toContainText(label("en", "opsHome.queues.feedback"));
    await feedback.click();
    await expect(page).toHaveURL("/ops/feedback?status=open");
    await page.goto("/ops");
    await page
      .getByRole("link", { name: new RegExp(label("en", "opsHome.queues.support")) })
      .click();
    // The card's count is of conversations waiting for staff: its link shows just those.
    await expect(page).toHaveURL("/ops/support?status=waiting");
    await expect(
      page.getByRole("link", { name: label("en", "support.ops.waiting"), exact: true }),
    ).toHaveAttribute("aria-current", "page");
  });

  test("a role that acts on no queue gets a note and the screens it may open, in Urdu too", async ({
    page,
    signIn,
  }) => {
    await signIn("readonly01", DEMO_STAFF_PASSWORD, { site: "ops" });
    const response = await page.goto("/ops");
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId("ops-home-nothing")).toHaveText(label("en", "opsHome.nothing"));
    await expect(page.getByTestId("ops-home-cards")).toHaveCount(0);
    await page.getByTestId("ops-home-page-vip").click();
    await expect(page).toHaveURL("/ops/vip");

    await page.goto("/ops?lng=ur");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByTestId("ops-home-nothing")).toHaveText(label("ur", "opsHome.nothing"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(label("ur", "opsHome.title"));
  });
});
