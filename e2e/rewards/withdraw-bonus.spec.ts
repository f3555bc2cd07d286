import { randomUUID } from "node:crypto";
import type { Database } from "../../app/platform/db/open.server";
import { inTransaction } from "../../app/platform/db/transaction.server";
import { findMemberByAccount } from "../../app/platform/identity/members.server";
import { hashPassword } from "../../app/platform/identity/secrets.server";
import { payNewEntry } from "../../app/platform/rewards/bonus-grants.server";
import {
  createPromotion,
  setPromotionStatus,
} from "../../app/platform/rewards/promotion-admin.server";
import { loadPromotion } from "../../app/platform/rewards/promotion-rows.server";
import { formatMoney } from "../../app/utils/money";
import { expect, label, test } from "../fixtures";

const PASSWORD = "Player123";
const WITHDRAW_PASSWORD = "Vault4321";
/** The demo brand's currency (app/platform/system/brands/demo.json). */
const money = (minor: number) => formatMoney(minor, { symbol: "Rs", minorUnits: 2 }, "en");
const BONUS = 40_00;

/**
 * A bonus the member is wagering, made through the platform as the rewards
 * tests do: a fresh registration promotion (10× turnover, forfeited by a
 * withdrawal) published by the demo operator, its bonus issued to the member,
 * then closed so nobody registering later gets it. Plus what withdrawing
 * needs: a withdraw password and a payee account. Returns the promotion's code.
 */
async function wageringMember(db: Database, account: string) {
  const [member, operator] = await Promise.all([
    findMemberByAccount(db, account),
    findMemberByAccount(db, "ops01"),
  ]);
  if (!member || !operator) throw new Error("no member or no ops01 in the e2e database");
  const act = { operatorId: operator.id, context: { ip: "203.0.113.7", userAgent: "playwright" } };
  const code = `e2e-wb-${randomUUID().slice(0, 8)}`;
  const promotionId = await createPromotion(
    db,
    {
      code,
      category: "newPlayer",
      kind: "registration",
      claimMode: "automatic",
      titles: { en: "E2E wagered bonus", ur: "ای ٹو ای بونس" },
      startsAt: new Date(Date.now() - 86_400_000).toISOString(),
      rewardFixed: BONUS,
      turnoverMultiple: 1_000,
      withdrawalRule: "forfeit",
    },
    { ...act, timeZone: "Asia/Karachi" },
  );
  await setPromotionStatus(db, promotionId, "published", act);
  await inTransaction(db, async (trx) =>
    payNewEntry(
      trx,
      {
        promotion: await loadPromotion(trx, promotionId),
        memberId: member.id,
        periodKey: "once",
        action: "issue",
        amount: BigInt(BONUS),
      },
      new Date(),
    ),
  );
  await setPromotionStatus(db, promotionId, "closed", act);
  await db
    .updateTable("members")
    .set({ withdraw_password_hash: await hashPassword(WITHDRAW_PASSWORD) })
    .where("id", "=", member.id)
    .execute();
  await db
    .insertInto("payee_accounts")
    .values({
      member_id: member.id,
      kind: "bank",
      provider: "HBL",
      holder_name: "Test Holder",
      account_number: "0123456789",
    })
    .execute();
  return code;
}

test.describe("withdrawing with a bonus being wagered", () => {
  test("warned with the amount, refused without the box, accepted with it; the bonus is forfeited in the reward centre's history", async ({
    page,
    signIn,
    createMember,
    fundMember,
    serverDatabase,
  }) => {
    const { account } = await createMember({ password: PASSWORD });
    await fundMember(account, 500_00);
    const code = await wageringMember(serverDatabase!, account);
    await signIn(account, PASSWORD);

    await page.goto("/member/withdraw");
    await expect(page.getByTestId("withdraw-bonus-warning")).toContainText(
      label("en", "withdraw.bonus.wagering", { amount: money(BONUS) }),
    );
    const form = page.getByTestId("withdraw-form");
    const box = form.getByLabel(label("en", "withdraw.bonus.forfeit"));
    await expect(box).not.toBeChecked();

    // Without the box: refused on it, the amount typed kept.
    await form.getByLabel(label("en", "withdraw.amount")).fill("100");
    await form.getByLabel(label("en", "withdraw.withdrawPassword")).fill(WITHDRAW_PASSWORD);
    await form.getByRole("button", { name: label("en", "withdraw.submit"), exact: true }).click();
    await expect(form.getByRole("alert")).toHaveText(
      label("en", "rewards.error.bonus_forfeit_required", { amount: money(BONUS) }),
    );
    await expect(form.getByLabel(label("en", "withdraw.amount"))).toHaveValue("100");
    await expect(page.getByTestId("withdraw-balance")).toHaveText(money(500_00));

    // With it: the withdrawal is made and the bonus forfeited.
    await box.check();
    await form.getByLabel(label("en", "withdraw.withdrawPassword")).fill(WITHDRAW_PASSWORD);
    await form.getByRole("button", { name: label("en", "withdraw.submit"), exact: true }).click();
    await expect(page).toHaveURL(/\/member\/withdraw\?requested=\d+$/);
    await expect(page.getByTestId("withdraw-notice")).toBeVisible();
    await expect(page.getByTestId("withdraw-balance")).toHaveText(money(400_00));
    await expect(page.getByTestId("withdraw-bonus-warning")).toHaveCount(0);

    // The reward centre lists it in the history as forfeited.
    await page.goto(`/member/rewards?promotion=${code}`);
    const card = page.locator(`[data-testid="promotion-card"][data-code="${code}"]`);
    await expect(card).toHaveAttribute("data-state", "forfeited");
    await expect(card.getByTestId("promotion-state")).toHaveText(
      label("en", "rewards.states.forfeited"),
    );
  });
});
