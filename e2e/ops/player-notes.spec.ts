import type { Page } from "@playwright/test";
import { DEMO_STAFF_PASSWORD } from "~/platform/seed/staff.server";
import { expect, label, test } from "../fixtures";

/**
 * Staff notes and tags on the player page, with JavaScript on and off: support
 * writes a note (an empty one is refused with the form kept), adds a brand tag
 * and a tag of its own words, sees them as badges on another tab, and removes
 * one. Read-only staff reads the notes tab and is offered no form. Each project
 * works on a member of its own, so the two can run side by side.
 */

async function openNotes(page: Page, account: string) {
  await page.goto(`/ops/players?q=${account}`);
  await page.getByTestId("ops-player-result").getByRole("link", { name: account }).click();
  await page.getByTestId("ops-player-tab-notes").click();
  await expect(page.getByTestId("player-notes")).toBeVisible();
}

test.describe("staff notes and tags on the player page", () => {
  test("support writes a note, adds a brand tag and its own, and removes one", async ({
    page,
    signIn,
    javaScriptEnabled,
  }) => {
    const account = javaScriptEnabled ? "crew11" : "crew12";
    const note = `Called about a late payout (${javaScriptEnabled ? "js" : "nojs"} ${Date.now()})`;
    await signIn("support01", DEMO_STAFF_PASSWORD, { site: "ops" });
    await openNotes(page, account);

    // Spaces only pass the browser's own check; the server refuses them and keeps the form.
    const noteForm = page.getByTestId("player-note-form");
    const text = noteForm.getByLabel(label("en", "opsPlayers.notes.text"));
    await text.fill("   ");
    await noteForm.getByTestId("player-note-add").click();
    await expect(noteForm).toContainText(label("en", "opsPlayers.notes.error.note_required"));

    await text.fill(note);
    await noteForm.getByTestId("player-note-add").click();
    await expect(page.getByTestId("ops-player-done")).toHaveText(
      label("en", "opsPlayers.notes.done.noteAdded"),
    );
    const written = page.getByTestId("player-note").filter({ hasText: note });
    await expect(written).toHaveCount(1);
    await expect(written.getByTestId("player-note-by")).toContainText("support01 (support)");

    const brandForm = page.getByTestId("player-tag-brand-form");
    await brandForm
      .getByLabel(label("en", "opsPlayers.notes.brandTag"))
      .selectOption("bonus_abuser");
    await brandForm.getByTestId("player-tag-brand-add").click();
    await expect(page.getByTestId("ops-player-done")).toHaveText(
      label("en", "opsPlayers.notes.done.tagAdded"),
    );
    const freeForm = page.getByTestId("player-tag-free-form");
    await freeForm.getByLabel(label("en", "opsPlayers.notes.freeTag")).fill("  Wants Callback ");
    await freeForm.getByTestId("player-tag-free-add").click();
    await expect(page.getByTestId("player-tag").filter({ hasText: "wants_callback" })).toHaveCount(
      1,
    );

    // The tags show as badges on every tab.
    await page.getByTestId("ops-player-tab-profile").click();
    await expect(page.getByTestId("ops-player-profile")).toBeVisible();
    await expect(page.getByTestId("ops-player-tags")).toContainText(
      label("en", "opsPlayers.notes.brandTags.bonus_abuser"),
    );
    await expect(page.getByTestId("ops-player-tags")).toContainText("wants_callback");

    await page.getByTestId("ops-player-tab-notes").click();
    await page
      .locator('[data-testid=player-tag][data-tag="bonus_abuser"]')
      .getByTestId("player-tag-remove")
      .click();
    await expect(page.getByTestId("ops-player-done")).toHaveText(
      label("en", "opsPlayers.notes.done.tagRemoved"),
    );
    await expect(page.locator('[data-testid=ops-player-tag][data-tag="bonus_abuser"]')).toHaveCount(
      0,
    );
    await expect(
      page.locator('[data-testid=ops-player-tag][data-tag="wants_callback"]'),
    ).toHaveCount(1);
    // Tidy: the member carries no tag of this test for the next run on a kept database.
    await page
      .locator('[data-testid=player-tag][data-tag="wants_callback"]')
      .getByTestId("player-tag-remove")
      .click();
    await expect(page.getByTestId("ops-player-tags")).toHaveCount(0);
  });

  test("read-only staff reads the notes tab and is offered no form", async ({ page, signIn }) => {
    await signIn("readonly01", DEMO_STAFF_PASSWORD, { site: "ops" });
    await openNotes(page, "player01");
    await expect(page.getByTestId("player-tags")).toBeVisible();
    await expect(page.getByTestId("player-notes").locator("form")).toHaveCount(0);
    await expect(page.getByTestId("player-tags").locator("form")).toHaveCount(0);
  });
});
