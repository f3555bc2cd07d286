import { describe, expect, test } from "vitest";
import { getConfig } from "~/config.server";
import { encryptCsPath } from "~/platform/system/cs-cipher";
import { useSeededDatabase, withBrand } from "../helpers/database";
import { renderRouteHtml } from "../helpers/render-html";
import {
  getAs,
  jsonBody,
  quietServerRenderWarnings,
  routeArgs,
  signInAs,
  signedInNewMember,
  thrownResponse,
} from "../helpers/routes";
import { opsCookie } from "../helpers/withdrawals";

/**
 * The customer-service resolver, /member/support and /ops/support with real
 * Requests: who may use them, every bad input a translated field error with
 * nothing stored, text rendered as text, and no way into another member's
 * conversation.
 */
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const resolver = () => import("~/routes/resources+/cs.$csType");
const memberRoute = () => import("~/routes/_portal+/member+/support");
const opsQueue = () => import("~/routes/ops+/support._index");
const opsConversation = () => import("~/routes/ops+/support.$conversationId");

const member = (type?: number) => signedInNewMember(handle.db, type);

const post = (url: string, cookie: string | null, fields: Record<string, string>, params = {}) => ({
  ...routeArgs(url, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Origin: "http://localhost", ...(cookie ? { Cookie: cookie } : {}) },
  }),
  params,
});

const messagesOf = (memberId: string) =>
  handle.db
    .selectFrom("support_messages as m")
    .innerJoin("support_conversations as c", "c.id", "m.conversation_id")
    .select(["m.author", "m.body", "c.id as conversationId"])
    .where("c.member_id", "=", memberId)
    .orderBy("m.id")
    .execute();

describe("/resources/cs/:csType", () => {
  const resolve = async (csType: string) => {
    const { loader } = await resolver();
    try {
      return (await loader(getAs(`/resources/cs/${csType}`, null, { csType }))) as Response;
    } catch (thrown) {
      return thrown as Response;
    }
  };

  test("a visitor is redirected to the decrypted target; SUPPORT goes to the member page", async () => {
    const live = await resolve("LIVECHAT");
    expect(live.status).toBe(302);
    expect(live.headers.get("Location")).toBe("https://support.example.com/chat?merchant=DEMO01");
    expect((await resolve("SUPPORT")).headers.get("Location")).toBe("/member/support");
  });

  test("an unknown entry is a 404; a stored non-http or tampered target is refused", async () => {
    expect((await resolve("NOPE")).status).toBe(404);
    const key = getConfig().CS_PATH_KEY;
    await withBrand(
      handle.db,
      (brand) => {
        brand.customerService.push(
          { csType: "EVIL", label: "x", path: encryptCsPath("javascript:alert(1)", key) },
          { csType: "BENT", label: "y", path: `${brand.customerService[1]!.path!.slice(0, -2)}AA` },
        );
      },
      async () => {
        expect((await resolve("EVIL")).status).toBe(403);
        expect((await resolve("BENT")).status).toBe(403);
      },
    );
  });
});

describe("/member/support", () => {
  test("a visitor logs in first, a trial account gets the real-account notice; nothing is stored", async () => {
    const { loader, action } = await memberRoute();
    const visitor = await thrownResponse(loader(getAs("/member/support", null)));
    expect(visitor.headers.get("Location")).toMatch(/^\/login\?redirectTo=%2Fmember%2Fsupport/);
    const trial = await member(4);
    const refused = await thrownResponse(
      action(post("/member/support", trial.cookie, { body: "hello" })),
    );
    expect(refused.headers.get("Location")).toContain("modal=real-account");
    expect(await messagesOf(trial.id)).toEqual([]);
  });

  test("bad input is a translated field error and nothing is stored; a throttled second post too", async () => {
    const someone = await member();
    const { action } = await memberRoute();
    for (const [body, message] of [
      ["", "Write a message."],
      ["   ", "Write a message."],
      ["x".repeat(1001), "A message has at most 1000 characters."],
    ] as const) {
      const response = (await action(
        post("/member/support", someone.cookie, { body }),
      )) as Response;
      expect(response.status).toBe(400);
      expect((await jsonBody(response)).result.error.body).toEqual([message]);
    }
    expect(await messagesOf(someone.id)).toEqual([]);
    const first = (await action(
      post("/member/support", someone.cookie, { body: "hi" }),
    )) as Response;
    expect(first.status).toBe(302);
    const second = (await action(
      post("/member/support", someone.cookie, { body: "hi" }),
    )) as Response;
    expect((await jsonBody(second)).result.error.body).toEqual([
      "One message every 2 seconds, please wait a moment.",
    ]);
    expect(await messagesOf(someone.id)).toHaveLength(1);
  });

  test("a message with <script> is stored as typed and rendered as text", async () => {
    quietServerRenderWarnings();
    const someone = await member();
    const route = await memberRoute();
    const payload = "<script>alert('xss')</script> where is my deposit";
    await route.action(post("/member/support", someone.cookie, { body: payload }));
    expect((await messagesOf(someone.id))[0]!.body).toBe(payload);
    const data = await jsonBody(route.loader(getAs("/member/support", someone.cookie)));
    const html = renderRouteHtml({
      id: "member-support",
      path: "/member/support",
      Component: route.default,
      loaderData: data,
    });
    expect(html).not.toMatch(/<script>alert/i);
    expect(html).toContain("&lt;script&gt;alert(&#x27;xss&#x27;)&lt;/script&gt;");
  });
});

describe("/ops/support", () => {
  test("a member, an agent or a visitor is sent to the ops login, from the queue, a conversation and its actions", async () => {
    const someone = await member();
    const agent = await signInAs(handle.db, "agent01");
    const queue = await opsQueue();
    const conversation = await opsConversation();
    for (const cookie of [null, someone.cookie, agent.cookie]) {
      for (const attempt of [
        queue.loader(getAs("/ops/support", cookie)),
        conversation.loader(getAs("/ops/support/1", cookie, { conversationId: "1" })),
        conversation.action(
          post("/ops/support/1", cookie, { intent: "reply", body: "x" }, { conversationId: "1" }),
        ),
      ])
        expect((await thrownResponse(attempt)).headers.get("Location")).toBe("/ops/login");
    }
  });

  test("the operator replies (the member sees it, unread until read) and closes; a member never reads another's", async () => {
    const owner = await member();
    const other = await member();
    const memberPage = await memberRoute();
    await memberPage.action(post("/member/support", owner.cookie, { body: "my question" }));
    const [{ conversationId: id } = { conversationId: "" }] = await messagesOf(owner.id);
    const cookie = await opsCookie(handle.db);
    const queue = await jsonBody((await opsQueue()).loader(getAs("/ops/support", cookie)));
    expect(queue.conversations.find((row: { id: string }) => row.id === id)?.unread).toBe(1);

    const conversation = await opsConversation();
    const act = (fields: Record<string, string>, conversationId = id) =>
      conversation.action(
        post(`/ops/support/${conversationId}`, cookie, fields, { conversationId }),
      );
    const empty = (await act({ intent: "reply", body: " " })) as Response;
    expect((await jsonBody(empty)).result.error.body).toEqual(["Write a message."]);
    const replied = (await act({ intent: "reply", body: "the answer" })) as Response;
    expect(replied.headers.get("Location")).toBe(`/ops/support/${id}?done=replied`);
    expect((await thrownResponse(act({ intent: "close" }, "999999999"))).status).toBe(404);

    // The other member's page shows only their own (empty) conversation, whatever is in the URL.
    const theirs = await jsonBody(
      memberPage.loader(getAs(`/member/support?conversation=${id}`, other.cookie, { id })),
    );
    expect(theirs.messages).toEqual([]);
    const mine = await jsonBody(memberPage.loader(getAs("/member/support", owner.cookie)));
    expect(mine.messages.map((message: { body: string }) => message.body)).toEqual([
      "my question",
      "the answer",
    ]);

    expect(((await act({ intent: "close" })) as Response).headers.get("Location")).toBe(
      `/ops/support/${id}?done=closed`,
    );
    const closedReply = (await act({ intent: "reply", body: "late" })) as Response;
    expect((await jsonBody(closedReply)).result.error[""]).toEqual([
      "This conversation is closed.",
    ]);
    const audited = await handle.db
      .selectFrom("audit_log")
      .select("event")
      .where("event", "in", ["support_replied", "support_closed"])
      .orderBy("id")
      .execute();
    expect(audited.map((row) => row.event).sort()).toEqual(["support_closed", "support_replied"]);
  });
});
