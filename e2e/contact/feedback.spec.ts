import type { Page } from "@playwright/test";
import { expect, label, test, waitForHydrated, type SignIn } from "../fixtures";
import { IMAGES_ON } from "../images";

/** A small real PNG (1×1) for the image upload. */
const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

/**
 * Feedback (issue 16), with JavaScript on and off: a member sends feedback
 * with an image, ops01 answers and closes it, the member reads the answer in
 * the thread and in the platform messages; too few words keeps what was typed.
 */
/** A new member signed in on /member/feedback, the form ready for typing (hydrated when JavaScript is on). */
async function openFeedbackForm(fixtures: {
  signIn: SignIn;
  createMember: (options: { password: string }) => Promise<{ account: string }>;
  page: Page;
  javaScriptEnabled: boolean;
}) {
  const member = await fixtures.createMember({ password: "Member123" });
  await fixtures.signIn(member.account, "Member123");
  await fixtures.page.goto("/member/feedback");
  const form = fixtures.page.getByTestId("feedback-form");
  if (fixtures.javaScriptEnabled) await waitForHydrated(form);
  const field = (key: string) => form.getByLabel(label("en", `feedback.${key}`), { exact: true });
  return { member, form, field };
}

// The thread's image is read as a loaded picture.
test.use(IMAGES_ON);

test.describe("feedback", () => {
  test("a member sends feedback with an image; ops01 answers and closes it; the member reads the answer", async ({
    signIn,
    createMember,
    page,
    javaScriptEnabled,
  }) => {
    const { member, form, field } = await openFeedbackForm({
      signIn,
      createMember,
      page,
      javaScriptEnabled,
    });
    const content = `Deposit ${member.account} has not arrived <b>yet</b> since this morning`;
    await field("questionType").selectOption("deposit");
    await field("content").fill(content);
    await field("images").setInputFiles({
      name: "screen.png",
      mimeType: "image/png",
      buffer: TINY_PNG,
    });
    await form.getByRole("button", { name: label("en", "feedback.submit") }).click();
    await expect(page).toHaveURL(/\/member\/feedback\?sent=\d+$/);
    await expect(page.getByTestId("feedback-sent")).toBeVisible();
    const threadId = new URL(page.url()).searchParams.get("sent")!;
    const thread = page.getByTestId(`feedback-thread-${threadId}`);
    await expect(thread.getByTestId("feedback-content")).toHaveText(content);
    await expect(thread.getByRole("img")).toHaveJSProperty("naturalWidth", 1);

    await signIn("ops01", "Ops12345", { site: "ops" });
    await page.goto("/ops");
    await page.getByTestId("ops-nav-feedback").click();
    await expect(page).toHaveURL("/ops/feedback");
    await page.getByLabel(label("en", "feedback.ops.status"), { exact: true }).selectOption("open");
    await page.getByRole("button", { name: label("en", "feedback.ops.show") }).click();
    await expect(page).toHaveURL(/status=open/);
    await page.getByTestId(`ops-feedback-open-${threadId}`).click();
    await expect(page).toHaveURL(`/ops/feedback/${threadId}`);
    await expect(page.getByTestId("feedback-content")).toHaveText(content);
    await expect(page.getByRole("img")).toHaveJSProperty("naturalWidth", 1);
    const answer = `Credited at 10:00 for ${member.account}.`;
    const answerForm = page.getByTestId("ops-feedback-answer");
    if (javaScriptEnabled) await waitForHydrated(answerForm);
    await answerForm.getByLabel(label("en", "feedback.ops.answer"), { exact: true }).fill(answer);
    await answerForm.getByRole("button", { name: label("en", "feedback.ops.send") }).click();
    await expect(page.getByTestId("ops-feedback-done")).toHaveText(
      label("en", "feedback.ops.done.answered"),
    );
    await page.getByTestId("ops-feedback-close").getByRole("button").click();
    await expect(page.getByTestId("ops-feedback-done")).toHaveText(
      label("en", "feedback.ops.done.closed"),
    );
    await expect(page.getByTestId("feedback-status")).toHaveText(
      label("en", "feedback.statuses.closed"),
    );

    await page.goto("/member/feedback");
    await expect(thread.getByTestId("feedback-answer")).toContainText(answer);
    await expect(thread.getByTestId("feedback-status")).toHaveText(
      label("en", "feedback.statuses.closed"),
    );
    await page.goto("/member/messages");
    await expect(page.getByText(answer)).toBeVisible();
  });

  test("too few words is a field error that keeps the typed content", async ({
    signIn,
    createMember,
    page,
    javaScriptEnabled,
  }) => {
    const { form, field } = await openFeedbackForm({
      signIn,
      createMember,
      page,
      javaScriptEnabled,
    });
    await field("questionType").selectOption("game");
    const content = field("content");
    await content.fill("Slot froze");
    await form.getByRole("button", { name: label("en", "feedback.submit") }).click();
    await expect(
      form.getByText(label("en", "feedback.errors.feedback_too_few_words").replace("{{min}}", "5")),
    ).toBeVisible();
    await expect(content).toHaveValue("Slot froze");
    await expect(field("questionType")).toHaveValue("game");
  });
});
