import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  answerFeedback,
  closeFeedback,
  listFeedback,
} from "~/platform/contact/feedback-ops.server";
import { findFeedbackImage, findThread } from "~/platform/contact/feedback-threads.server";
import { countWords } from "~/platform/contact/feedback-words";
import { createFeedback, memberFeedback } from "~/platform/contact/feedback.server";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { PlatformError } from "~/platform/errors";
import { createTestDatabase } from "../../helpers/database";
import { insertMember } from "../../helpers/wallet";
import { TINY_PNG } from "../../helpers/withdrawals";

/**
 * Feedback (issue 16) against a real database: stored with its images,
 * answered (the answer reaches the member's messages) and closed, audited;
 * the word rule, images by their bytes, the open-thread throttle, and a
 * member never reaching another member's thread or image.
 */
let handle: DatabaseHandle;
const db = () => handle.db;
const limits = { minWords: 5, maxWords: 12, maxOpen: 2 };
const context = { ip: "203.0.113.9", userAgent: "vitest" };
const CONTENT = "The deposit did not arrive yet";
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle?.close());

const errorOf = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    if (error instanceof PlatformError) return { code: error.code, details: error.details };
    throw error;
  }
  throw new Error("expected a refusal");
};

const threadCount = async (memberId: string) =>
  (await memberFeedback(db(), memberId, { page: 1, pageSize: 50 })).total;

describe("countWords", () => {
  it("counts spaced words in English, Portuguese, Korean and Urdu", () => {
    expect(countWords("  The deposit, did not arrive!  ")).toBe(5);
    expect(countWords("O depósito não chegou")).toBe(4);
    expect(countWords("입금이 아직 도착하지 않았습니다")).toBe(4);
    // Urdu with a zero-width non-joiner and diacritics inside words.
    expect(countWords("میری رقم ابھی تک نہیں پہنچی")).toBe(6);
    expect(countWords("ج\u200cمع کرائی گئی")).toBe(3);
  });
  it("counts each Chinese character, hiragana and katakana as a word", () => {
    expect(countWords("入金が届きません")).toBe(8);
    expect(countWords("存款未到账")).toBe(5);
    expect(countWords("ゲーム game 2")).toBe(5);
    expect(countWords("々ー")).toBe(2);
  });
  it("counts no word in punctuation and symbols alone", () => {
    expect(countWords("!!! ... --- ❤️")).toBe(0);
    expect(countWords("")).toBe(0);
  });
});

describe("createFeedback", () => {
  it("stores a thread as typed, with its images typed by their bytes", async () => {
    const memberId = await insertMember(db());
    const content = `<script>alert(1)</script> ${CONTENT}`;
    const id = await createFeedback(
      db(),
      {
        memberId,
        questionType: "deposit",
        content,
        images: [{ bytes: TINY_PNG }, { bytes: JPEG }],
      },
      limits,
    );
    const thread = await findThread(db(), id, memberId);
    expect(thread).toMatchObject({ questionType: "deposit", content, status: "open", answers: [] });
    expect(thread!.imageIds).toHaveLength(2);
    const images = await Promise.all(
      thread!.imageIds.map((image) => findFeedbackImage(db(), image)),
    );
    expect(images.map((image) => image?.content_type)).toEqual(["image/png", "image/jpeg"]);
    expect(images[0]?.member_id).toBe(memberId);
  });

  it("refuses bad input and stores nothing", async () => {
    const memberId = await insertMember(db());
    const post = (input: { questionType?: string; content?: string; images?: Uint8Array[] }) =>
      errorOf(
        createFeedback(
          db(),
          {
            memberId,
            questionType: input.questionType ?? "game",
            content: input.content ?? CONTENT,
            images: (input.images ?? []).map((bytes) => ({ bytes })),
          },
          limits,
        ),
      );
    expect(await post({ content: "   " })).toMatchObject({ code: "feedback_content_required" });
    expect(await post({ content: "too few words" })).toMatchObject({
      code: "feedback_too_few_words",
      details: { min: 5 },
    });
    expect(await post({ content: "word ".repeat(13) })).toMatchObject({
      code: "feedback_too_many_words",
      details: { max: 12 },
    });
    expect(await post({ questionType: "casino" })).toMatchObject({
      code: "feedback_question_type",
    });
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="x()"/>');
    expect(await post({ images: [html] })).toMatchObject({ code: "proof_type" });
    expect(await post({ images: [svg] })).toMatchObject({ code: "proof_type" });
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(TINY_PNG);
    expect(await post({ images: [big] })).toMatchObject({ code: "proof_size" });
    expect(await post({ images: [TINY_PNG, TINY_PNG, TINY_PNG, TINY_PNG] })).toMatchObject({
      code: "proof_count",
    });
    expect(await threadCount(memberId)).toBe(0);
  });

  it("refuses more open threads than the brand allows, and allows one again once answered", async () => {
    const memberId = await insertMember(db());
    const operatorId = await insertMember(db());
    const post = () =>
      createFeedback(
        db(),
        { memberId, questionType: "other", content: CONTENT, images: [] },
        limits,
      );
    // Posted together: the lock on the member lets only two through.
    const results = await Promise.allSettled([post(), post(), post()]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(2);
    expect(await errorOf(post())).toMatchObject({
      code: "feedback_throttled",
      details: { max: 2 },
    });
    const { threads } = await memberFeedback(db(), memberId, { page: 1, pageSize: 10 });
    await answerFeedback(db(), { threadId: threads[0]!.id, operatorId, body: "Looking", context });
    await expect(post()).resolves.toMatch(/^\d+$/);
  });
});

describe("answering and closing", () => {
  it("answers into the member's messages, closes, and audits both", async () => {
    const memberId = await insertMember(db());
    const operatorId = await insertMember(db());
    const id = await createFeedback(
      db(),
      { memberId, questionType: "withdrawal", content: CONTENT, images: [] },
      limits,
    );
    await answerFeedback(db(), {
      threadId: id,
      operatorId,
      body: "  Credited at 10:00. ",
      context,
    });
    let thread = await findThread(db(), id, memberId);
    expect(thread).toMatchObject({ status: "answered", answers: [{ body: "Credited at 10:00." }] });
    const messages = await db()
      .selectFrom("member_messages")
      .select(["kind", "params"])
      .where("member_id", "=", memberId)
      .execute();
    expect(messages).toEqual([
      { kind: "feedback_answered", params: { thread: id, answer: "Credited at 10:00." } },
    ]);
    expect(await closeFeedback(db(), { threadId: id, operatorId, context })).toEqual({
      changed: true,
    });
    expect(await closeFeedback(db(), { threadId: id, operatorId, context })).toEqual({
      changed: false,
    });
    thread = await findThread(db(), id, memberId);
    expect(thread?.status).toBe("closed");
    expect(
      await errorOf(answerFeedback(db(), { threadId: id, operatorId, body: "x", context })),
    ).toMatchObject({ code: "feedback_closed" });
    const audits = await db()
      .selectFrom("audit_log")
      .select("event")
      .where("member_id", "=", memberId)
      .orderBy("id")
      .execute();
    expect(audits.map((row) => row.event)).toEqual(["feedback_answered", "feedback_closed"]);
  });

  it("refuses an empty or too long answer and an unknown thread", async () => {
    const operatorId = await insertMember(db());
    const memberId = await insertMember(db());
    const id = await createFeedback(
      db(),
      { memberId, questionType: "service", content: CONTENT, images: [] },
      limits,
    );
    const answer = (threadId: string, body: string) =>
      errorOf(answerFeedback(db(), { threadId, operatorId, body, context }));
    expect(await answer(id, "  ")).toMatchObject({ code: "feedback_answer_invalid" });
    expect(await answer(id, "x".repeat(2001))).toMatchObject({ code: "feedback_answer_invalid" });
    expect(await answer("999999999", "ok")).toMatchObject({ code: "feedback_not_found" });
    expect(await answer("1 or 1=1", "ok")).toMatchObject({ code: "feedback_not_found" });
    expect((await findThread(db(), id))?.status).toBe("open");
  });

  it("lists by status and question type for the operators", async () => {
    const memberId = await insertMember(db());
    const id = await createFeedback(
      db(),
      { memberId, questionType: "application", content: CONTENT, images: [] },
      limits,
    );
    const listed = await listFeedback(
      db(),
      { status: "open", questionType: "application" },
      { page: 1, pageSize: 50 },
    );
    expect(listed.threads.map((thread) => thread.id)).toContain(id);
    const closed = await listFeedback(
      db(),
      { status: "closed", questionType: "application" },
      {
        page: 1,
        pageSize: 50,
      },
    );
    expect(closed.threads.map((thread) => thread.id)).not.toContain(id);
  });
});

describe("authorisation", () => {
  it("a member never reads another member's thread, whatever id is sent", async () => {
    const owner = await insertMember(db());
    const other = await insertMember(db());
    const id = await createFeedback(
      db(),
      { memberId: owner, questionType: "game", content: CONTENT, images: [{ bytes: TINY_PNG }] },
      limits,
    );
    expect(await findThread(db(), id, other)).toBeUndefined();
    for (const forged of ["0", "-1", `${id} `, `${id}; drop table feedback_threads`, "1e3"])
      expect(await findThread(db(), forged, other)).toBeUndefined();
    expect((await memberFeedback(db(), other, { page: 1, pageSize: 50 })).total).toBe(0);
    const [imageId] = (await findThread(db(), id, owner))!.imageIds;
    // The image says whose it is; the resource route compares it with the viewer.
    expect((await findFeedbackImage(db(), imageId!))?.member_id).toBe(owner);
  });
});
