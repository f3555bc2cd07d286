import type { Locator, Page } from "@playwright/test";
import { sql } from "kysely";
import { postChatMessage } from "../../app/platform/contact/chat.server";
import { createFeedback } from "../../app/platform/contact/feedback.server";
import { postMemberMessage } from "../../app/platform/contact/support.server";
import { findMemberByAccount } from "../../app/platform/identity/members.server";
import { getBrandConfig } from "../../app/platform/system/settings.server";
import { expect, test } from "../fixtures";
import { XSS_CORPUS } from "./xss-corpus";

/**
 * Issue 16: the XSS corpus posted as chat messages, support messages and
 * feedback (through the platform calls the forms use, with a clock that
 * steps past each throttle), then rendered in Chromium with JavaScript on and
 * off: no dialog opens, every payload reads back as the text that was sent,
 * and the containers hold no element a payload could have made.
 */
const PASSWORD = "Corpus123";
const STEP_MS = 3_000;
const FEEDBACK_THREADS = 5;
const CHAT_SHOWN = 50;
/** What a payload could have made: no such element belongs inside the user-text containers. */
const INJECTED =
  "script, img, svg, iframe, frame, object, embed, a, input, style, link, meta, video, audio, math, details, marquee, body, table, noscript";

function watchDialogs(page: Page) {
  const opened: string[] = [];
  page.on("dialog", async (dialog) => {
    opened.push(dialog.message());
    await dialog.dismiss();
  });
  return opened;
}

async function expectOnlyText(container: Locator, texts: Locator, expected: readonly string[]) {
  await expect(container).toBeVisible();
  await expect(container.locator(INJECTED)).toHaveCount(0);
  const shown = await texts.evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ""));
  for (const payload of expected) expect(shown.join("\n")).toContain(payload);
}

test("the XSS corpus posted to chat, support and feedback renders as text and runs nothing", async ({
  page,
  signIn,
  createMember,
  serverDatabase,
  javaScriptEnabled,
}) => {
  test.skip(!serverDatabase, "posts through the platform into the e2e database");
  const db = serverDatabase!;
  expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(50);
  const { account } = await createMember({ password: PASSWORD });
  const member = (await findMemberByAccount(db, account))!;
  const brand = await getBrandConfig(db);
  // A PVP room of its own per project (the js and nojs runs go side by side), so no other
  // test's chat messages push a payload out of its latest 50.
  const { rows } = await sql<{ node_id: number }>`
    select node_id from games where category = 'PVP' order by node_id desc
    limit 1 offset ${javaScriptEnabled ? 0 : 1}`.execute(db);
  const room = `table-${rows[0]!.node_id}`;
  const start = Date.now() - XSS_CORPUS.length * STEP_MS;
  for (const [index, text] of XSS_CORPUS.entries()) {
    const now = new Date(start + index * STEP_MS);
    await postChatMessage(db, { room, memberId: member.id, text, now }, brand);
    await postMemberMessage(db, { memberId: member.id, body: text, now });
  }
  const perThread = Math.ceil(XSS_CORPUS.length / FEEDBACK_THREADS);
  for (let thread = 0; thread < FEEDBACK_THREADS; thread++) {
    const payloads = XSS_CORPUS.slice(thread * perThread, (thread + 1) * perThread);
    await createFeedback(
      db,
      {
        memberId: member.id,
        questionType: "other",
        content: `Please look at these lines:\n${payloads.join("\n")}`,
        images: [],
      },
      brand.feedback,
    );
  }

  const dialogs = watchDialogs(page);
  await signIn(account, PASSWORD);

  await page.goto(`/chat/${room}`);
  // A room shows its latest 50 messages.
  await expectOnlyText(
    page.getByTestId("chat-messages"),
    page.locator(".chat-text"),
    XSS_CORPUS.slice(-CHAT_SHOWN),
  );

  await page.goto("/member/support");
  await expectOnlyText(
    page.getByTestId("support-messages"),
    page.locator(".support-body"),
    XSS_CORPUS,
  );

  await page.goto("/member/feedback");
  const threads = page.locator(".feedback-thread");
  await expect(threads).toHaveCount(FEEDBACK_THREADS);
  for (const thread of await threads.all()) await expect(thread.locator(INJECTED)).toHaveCount(0);
  await expectOnlyText(threads.first(), page.getByTestId("feedback-content"), XSS_CORPUS);

  expect(dialogs, "dialogs opened by a payload").toEqual([]);
});
