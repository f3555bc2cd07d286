import type { FrameLocator, Page } from "@playwright/test";
import { sql } from "kysely";
import type { Database } from "../../app/platform/db/open.server";
import { expect, label, test } from "../fixtures";
import { launchFirstSlot, waitSpinGap } from "../play/slot-steps";

/**
 * Issue 17's reality checks, with JavaScript on and off: the settings page
 * and its field errors; a reminder that interrupts play (the session is
 * backdated in the e2e database instead of waiting 30 minutes), is shown in
 * the game and must be answered before the next spin; the slot's 2.5 s gap.
 */

const PASSWORD = "Reality1234";
const PATH = "/member/protection/reality-check";

async function spin(page: Page, frame: FrameLocator) {
  const form = frame.getByTestId("spin-form");
  await form.getByLabel(label("en", "demoGame.stake"), { exact: true }).selectOption({ index: 0 });
  await form.getByRole("button", { name: label("en", "demoGame.spin"), exact: true }).click();
}

/** Moves the member's sign-in back, as if they had been playing for `minutes`. */
async function backdateSession(db: Database, account: string, minutes: number) {
  await sql`update sessions set created_at = now() - make_interval(mins => ${minutes})
            where member_id = (select id from members where account = ${account})`.execute(db);
}

test.describe("reality checks", () => {
  test("the member picks a reminder interval and a session limit; bad input is a field error", async ({
    page,
    signIn,
    createMember,
  }) => {
    const { account } = await createMember({ password: PASSWORD });
    await signIn(account, PASSWORD);
    await page.goto(PATH);
    const form = page.getByTestId("reality-settings-form");
    await expect(
      form.getByLabel(label("en", "realityCheck.everyMinutes", { minutes: 30 })),
    ).toBeChecked();
    await form.getByLabel(label("en", "realityCheck.everyMinutes", { minutes: 15 })).check();
    const limit = form.getByLabel(label("en", "realityCheck.sessionLimit"));
    await limit.fill("5");
    await form.getByRole("button", { name: label("en", "realityCheck.save") }).click();
    await expect(
      page.getByText(
        label("en", "realityCheck.error.invalid_session_limit", { min: 30, max: 720 }),
      ),
    ).toBeVisible();
    await form.getByLabel(label("en", "realityCheck.sessionLimit")).fill("120");
    await form.getByRole("button", { name: label("en", "realityCheck.save") }).click();
    await expect(page.getByTestId("reality-saved")).toBeVisible();
    await expect(form.getByLabel(label("en", "realityCheck.sessionLimit"))).toHaveValue("120");
    await expect(
      form.getByLabel(label("en", "realityCheck.everyMinutes", { minutes: 15 })),
    ).toBeChecked();
  });

  test("a due reminder stops the next spin until the member answers Continue", async ({
    page,
    signIn,
    createMember,
    fundMember,
    serverDatabase,
  }) => {
    test.skip(!serverDatabase, "needs E2E_DATABASE_URL to move the session's start");
    const { account } = await createMember({ password: PASSWORD });
    await fundMember(account, 100_00);
    await signIn(account, PASSWORD);
    const frame = await launchFirstSlot(page);
    await expect(page.getByTestId("session-clock")).toContainText(/\d+:\d\d:\d\d/);
    await expect(frame.getByTestId("reality-check")).toHaveCount(0);

    // 31 minutes into the session: the demo brand's 30-minute reminder is due.
    await backdateSession(serverDatabase!, account, 31);
    await spin(page, frame);
    await expect(frame.getByTestId("spin-error")).toHaveText(
      label("en", "realityCheck.error.reality_check_due"),
    );
    const reminder = frame.getByTestId("reality-check");
    await expect(reminder).toBeVisible();
    await expect(reminder).toContainText(/0:3\d:\d\d/);
    await expect(reminder.getByTestId("reality-net")).toBeVisible();

    await reminder.getByRole("button", { name: label("en", "realityCheck.continue") }).click();
    await expect(frame.getByTestId("reality-check")).toHaveCount(0);
    await waitSpinGap(page);
    await spin(page, frame);
    await expect(frame.getByTestId("demo-result")).toHaveText(/\S/);
    await expect(frame.getByTestId("spin-error")).toHaveCount(0);
  });

  test("the slot refuses a spin within 2.5 seconds of the previous one", async ({
    page,
    signIn,
    createMember,
    fundMember,
  }) => {
    const { account } = await createMember({ password: PASSWORD });
    await fundMember(account, 100_00);
    await signIn(account, PASSWORD);
    const frame = await launchFirstSlot(page);
    await spin(page, frame);
    await expect(frame.getByTestId("demo-result")).toHaveText(/\S/);
    await spin(page, frame);
    await expect(frame.getByTestId("spin-error")).toHaveText(
      label("en", "realityCheck.error.spin_too_fast"),
    );
  });
});
