import { randomInt } from "node:crypto";
import { expect, label, test } from "../fixtures";

/** A small real PNG (1×1) for the proof upload. */
const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

test.describe("operator promotions", () => {
  test("an operator creates a promotion (a negative percentage first), previews, saves and publishes it; a member sees it", async ({
    signIn,
    createMember,
    page,
  }) => {
    await signIn("ops01", "Ops12345", { site: "ops" });
    await page.goto("/ops");
    await page.getByTestId("ops-nav-promotions").click();
    await expect(page).toHaveURL("/ops/promotions");
    await page.getByTestId("ops-promotion-new").click();
    await expect(page).toHaveURL("/ops/promotions/new");

    const code = `e2e-${Date.now().toString(36)}-${randomInt(1000)}`;
    const title = `Weekend match ${code}`;
    const form = page.getByTestId("ops-promotion-form");
    const field = (name: string) =>
      form.getByLabel(label("en", `opsPromotions.form.fields.${name}`), { exact: true });
    await field("code").fill(code);
    await field("title_en").fill(title);
    await field("title_ur").fill("ویک اینڈ میچ");
    await field("rules_en").fill("<p>Deposit and get half of it back.</p>");
    // Started yesterday (in any time zone), so it is open at once.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 16);
    await field("startsAt").fill(yesterday);
    await field("rewardBps").fill("-5");
    await field("rewardCap").fill("500");
    await page.getByTestId("ops-promotion-save").click();
    await expect(form.getByText(label("en", "rewards.input.number_min"))).toBeVisible();
    await expect(field("rewardBps")).toHaveValue("-5");
    await expect(field("code")).toHaveValue(code);

    await field("rewardBps").fill("50");
    await page.getByTestId("ops-promotion-preview").click();
    const preview = page.getByTestId("ops-promotion-preview-card");
    await expect(preview.getByRole("heading", { name: title })).toBeVisible();
    await expect(field("rewardBps")).toHaveValue("50");

    await page.getByTestId("ops-promotion-save").click();
    await expect(page).toHaveURL(/\/ops\/promotions\/\d+\?note=created$/);
    await expect(page.getByTestId("ops-promotion-note")).toHaveText(
      label("en", "opsPromotions.form.note.created"),
    );
    await page.getByTestId("ops-promotion-publish").click();
    await expect(page).toHaveURL(/\?note=published$/);
    await expect(page.getByTestId("ops-promotion-status-value")).toHaveText(
      label("en", "opsPromotions.status.published"),
    );

    // The member signs in beside the operator (the back office has its own cookie).
    const member = await createMember({ password: "Member123" });
    await signIn(member.account, "Member123");
    await page.goto("/promotions");
    await expect(page.locator(`[data-testid="promotion-card"][data-code="${code}"]`)).toContainText(
      title,
    );
  });

  test("a member applies for vip-apply with a comment and a proof; the operator approves it; the member sees it claimed and a message", async ({
    signIn,
    createMember,
    page,
  }) => {
    const member = await createMember({ password: "Member123" });
    await signIn(member.account, "Member123");
    await page.goto("/member/rewards?promotion=vip-apply&apply=1");
    const apply = page.getByTestId("apply-form");
    await apply
      .getByLabel(label("en", "rewardCentre.comment"), { exact: true })
      .fill("VIP 5 elsewhere");
    await apply.getByLabel(label("en", "rewardCentre.proofs"), { exact: true }).setInputFiles({
      name: "proof.png",
      mimeType: "image/png",
      buffer: TINY_PNG,
    });
    await apply.getByRole("button", { name: label("en", "rewardCentre.applySubmit") }).click();
    await expect(page).toHaveURL(/done=apply/);

    // The operator works in the same browser: the back office has its own cookie.
    const ops = page;
    await signIn("ops01", "Ops12345", { site: "ops" });
    await ops.goto("/ops/promotions/applications");
    const row = ops.locator(`[data-testid="ops-application"][data-account="${member.account}"]`);
    await expect(row).toContainText("VIP 5 elsewhere");
    await expect(row.getByRole("img")).toHaveCount(1);
    await row
      .getByLabel(label("en", "opsPromotions.applications.amount", { symbol: "Rs" }))
      .fill("25");
    await row.getByTestId("ops-application-approve").click();
    await expect(ops.getByTestId("ops-application-done")).toHaveText(
      label("en", "opsPromotions.applications.done.approve"),
    );
    await expect(row).toHaveCount(0);

    await page.goto("/member/rewards?tab=history");
    await expect(
      page.locator('[data-testid="promotion-card"][data-code="vip-apply"]'),
    ).toHaveAttribute("data-state", "claimed");
    // The decision's message is unread (the wording is another page's work): a badge, then a row.
    await expect(page.getByTestId("badge-messages")).toBeVisible();
    await page.goto("/member/messages");
    await expect(page.getByTestId("message")).not.toHaveCount(0);
  });
});
