import { expect, label, test, waitForHydrated } from "../fixtures";

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
test.describe("feedback", () => {
  test("a member sends feedback with an image; ops01 answers and closes it; the member reads the answer", async ({
    signIn,
    createMember,
    page,
    javaScriptEnabled,
  }) => {
    const member = await createMember({ password: "Member123" });
    await signIn(member.account, "Member123");
    await page.goto("/member/feedback");
    const form = page.getByTestId("feedback-form");
    if (javaScriptEnabled) await waitForHydrated(form);
    const content = `Deposit ${member.account} has not arrived <b>yet</b> since this morning`;
    await form
      .getByLabel(label("en", "feedback.questionType"), { exact: true })
      .selectOption("deposit");
    await form.getByLabel(label("en", "feedback.content"), { exact: true }).fill(content);
    await form.getByLabel(label("en", "feedback.images"), { exact: true }).setInputFiles({
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
    const member = await createMember({ password: "Member123" });
    await signIn(member.account, "Member123");
    await page.goto("/member/feedback");
    const form = page.getByTestId("feedback-form");
    if (javaScriptEnabled) await waitForHydrated(form);
    await form
      .getByLabel(label("en", "feedback.questionType"), { exact: true })
      .selectOption("game");
    const content = form.getByLabel(label("en", "feedback.content"), { exact: true });
    await content.fill("Slot froze");
    await form.getByRole("button", { name: label("en", "feedback.submit") }).click();
    await expect(
      form.getByText(label("en", "feedback.errors.feedback_too_few_words").replace("{{min}}", "5")),
    ).toBeVisible();
    await expect(content).toHaveValue("Slot froze");
    await expect(
      form.getByLabel(label("en", "feedback.questionType"), { exact: true }),
    ).toHaveValue("game");
  });
});
