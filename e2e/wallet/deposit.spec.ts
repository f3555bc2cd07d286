import { formatMoney } from "../../app/utils/money";
import { expect, label, test } from "../fixtures";
import { startDeposit } from "./deposit-steps";

/** The demo brand's currency (PKR, "Rs", 2 decimals) as the header shows it. */
const rupees = (minor: number) => formatMoney(minor, { symbol: "Rs", minorUnits: 2 }, "en");

test.describe("deposit", () => {
  test("through the embedded pay step: the header balance shows the new amount", async ({
    signIn,
    page,
    createMember,
  }) => {
    const { account } = await createMember({ password: "Deposit123" });
    await signIn(account, "Deposit123");
    await page.goto("/");
    await expect(page.getByTestId("member-balance")).toHaveText(rupees(0));

    await startDeposit(page, "250");
    await expect(page).toHaveURL(/\/member\/deposit\/pay\/\d+$/);
    const step = page.getByTestId("pay-step");
    await expect(
      step.getByRole("heading", { name: label("en", "deposit.pay.title") }),
    ).toBeVisible();
    await expect(step.getByTestId("pay-amount")).toHaveText(rupees(25_000));
    await expect(step.getByTestId("pay-demo-note")).toHaveText(label("en", "deposit.pay.demoNote"));
    await step
      .getByRole("button", { name: label("en", "deposit.pay.confirm"), exact: true })
      .click();

    await expect(page).toHaveURL(/\/member\/deposit\?arrived=\d+$/);
    await expect(page.getByTestId("deposit-note")).toHaveText(
      label("en", "deposit.note.confirmed", { amount: rupees(25_000) }),
    );
    await expect(page.getByTestId("member-balance")).toHaveText(rupees(25_000));
    const records = page.getByTestId("deposit-records");
    await expect(records.getByTestId("deposit-status")).toHaveText([
      label("en", "deposit.status.confirmed"),
    ]);
  });

  test("a double-clicked confirm credits once", async ({ signIn, page, createMember }) => {
    const { account } = await createMember({ password: "Deposit123" });
    await signIn(account, "Deposit123");

    await startDeposit(page, "1,000.50");
    await expect(page).toHaveURL(/\/member\/deposit\/pay\/\d+$/);
    await page
      .getByRole("button", { name: label("en", "deposit.pay.confirm"), exact: true })
      .dblclick();

    await expect(page).toHaveURL(/\/member\/deposit\?arrived=\d+$/);
    await expect(page.getByTestId("member-balance")).toHaveText(rupees(100_050));
    // A reload shows the same: one deposit, credited once.
    await page.reload();
    await expect(page.getByTestId("member-balance")).toHaveText(rupees(100_050));
    await expect(page.getByTestId("deposit-records").getByTestId("deposit-status")).toHaveText([
      label("en", "deposit.status.confirmed"),
    ]);
  });

  test("cancel on the pay step credits nothing", async ({ signIn, page, createMember }) => {
    const { account } = await createMember({ password: "Deposit123" });
    await signIn(account, "Deposit123");

    await startDeposit(page, "300");
    await page
      .getByRole("button", { name: label("en", "deposit.pay.cancel"), exact: true })
      .click();
    await expect(page).toHaveURL(/\/member\/deposit\?cancelled=\d+$/);
    await expect(page.getByTestId("deposit-note")).toHaveText(
      label("en", "deposit.note.cancelled", { amount: rupees(30_000) }),
    );
    await expect(page.getByTestId("member-balance")).toHaveText(rupees(0));
  });

  test("below the minimum: the translated error, the typed amount kept", async ({
    signIn,
    page,
    createMember,
  }) => {
    const { account } = await createMember({ password: "Deposit123" });
    await signIn(account, "Deposit123");

    await startDeposit(page, "50");
    await expect(page).toHaveURL("/member/deposit");
    const form = page.getByTestId("deposit-form");
    const amount = form.getByLabel(label("en", "deposit.amount"), { exact: true });
    await expect(form.getByRole("alert")).toHaveText(
      label("en", "walletError.amount_out_of_range", {
        min: rupees(10_000),
        max: rupees(10_000_000),
      }),
    );
    await expect(amount).toHaveValue("50");
    await expect(amount).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("member-balance")).toHaveText(rupees(0));
  });
});
