import { describe, expect, test } from "vitest";
import { formReply } from "~/components/forms/field";
import { muteChatMember } from "~/platform/contact/chat-ops.server";
import { useSeededDatabase } from "../helpers/database";
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
import { operatorId, opsCookie } from "../helpers/withdrawals";

/**
 * /chat, /chat/<room>, /ops/chat and the event stream's `?rooms=` with real
 * Requests: every bad post a translated refusal with nothing stored (never a
 * 500), a script stays text in the HTML, visitors and trial accounts read
 * only, muted members are told until when, and only operators moderate.
 */
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const chatRoute = () => import("~/routes/_portal+/chat.($room)");
const opsRoute = () => import("~/routes/ops+/chat");
const eventsRoute = () => import("~/routes/resources+/events");

const member = (type?: number) => signedInNewMember(handle.db, type);

const post = (cookie: string | null, fields: Record<string, string>, room?: string) => ({
  ...routeArgs(room ? `/chat/${room}` : "/chat", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Origin: "http://localhost", ...(cookie ? { Cookie: cookie } : {}) },
  }),
  params: room ? { room } : {},
});

const storedBy = async (memberId: string) =>
  (
    await handle.db
      .selectFrom("chat_messages")
      .select("body")
      .where("member_id", "=", memberId)
      .execute()
  ).map((row) => row.body);

/** The refusal a failed post answers: its status and the text field's (or the form's) message. */
async function refusal(response: unknown) {
  const reply = response as Response;
  const { errors } = formReply((await jsonBody(reply)).result);
  return { status: reply.status, message: (errors.text ?? errors[""])?.[0] };
}

async function liveTable() {
  const game = await handle.db
    .selectFrom("games")
    .select("node_id")
    .where("category", "=", "LIVE")
    .executeTakeFirstOrThrow();
  return `table-${game.node_id}`;
}

describe("posting to a room", () => {
  test("a member's message is stored and the page comes back with it", async () => {
    const { action, loader } = await chatRoute();
    const room = await liveTable();
    const someone = await member();
    const response = (await action(
      post(someone.cookie, { text: "  good luck all  " }, room),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(new RegExp(`^/chat/${room}\\?sent=\\d+$`));
    expect(await storedBy(someone.id)).toEqual(["good luck all"]);
    const data = await jsonBody(loader(getAs(`/chat/${room}`, null, { room })));
    expect(data.messages.at(-1).text).toBe("good luck all");
    expect(data.access.kind).toBe("visitor");
  });

  test("empty, 201 characters, a blocked word, too fast: translated field errors, nothing stored", async () => {
    const { action } = await chatRoute();
    const someone = await member();
    for (const [text, message] of [
      ["   ", "Please write a message."],
      ["x".repeat(201), "A message can have at most 200 characters."],
      ["what a SCAM", "Your message contains a word that is not allowed here: “scam”."],
    ] as const) {
      expect(await refusal(await action(post(someone.cookie, { text })))).toEqual({
        status: 400,
        message,
      });
    }
    expect(await refusal(await action(post(someone.cookie, {})))).toMatchObject({ status: 400 });
    expect(await storedBy(someone.id)).toEqual([]);
    expect((await action(post(someone.cookie, { text: "first" }))) as Response).toHaveProperty(
      "status",
      302,
    );
    expect(await refusal(await action(post(someone.cookie, { text: "second" })))).toEqual({
      status: 400,
      message: "Please wait 2 seconds between messages.",
    });
    expect(await storedBy(someone.id)).toEqual(["first"]);
  });

  test("a visitor, a trial account and a muted member are refused; the page says why", async () => {
    const { action, loader } = await chatRoute();
    expect(await refusal(await action(post(null, { text: "hello" })))).toEqual({
      status: 400,
      message: "Log in to join the conversation.",
    });
    const trial = await member(4);
    expect(await refusal(await action(post(trial.cookie, { text: "hello" })))).toEqual({
      status: 400,
      message: "Free-play accounts can read the chat but not write.",
    });
    expect((await jsonBody(loader(getAs("/chat", trial.cookie)))).access).toEqual({
      kind: "trial",
    });
    const muted = await member();
    await muteChatMember(handle.db, {
      memberId: muted.id,
      hours: 168,
      operatorId: await operatorId(handle.db),
      context: { ip: null, userAgent: null },
    });
    const refused = await refusal(await action(post(muted.cookie, { text: "hello" })));
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(
      /^You are muted until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d and cannot post\.$/,
    );
    expect((await jsonBody(loader(getAs("/chat", muted.cookie)))).access.kind).toBe("muted");
    for (const id of [trial.id, muted.id]) expect(await storedBy(id)).toEqual([]);
  });

  test("an unknown room is a 404, and so is a non-table game's", async () => {
    const { loader, action } = await chatRoute();
    for (const room of ["table-999999", "casino", "table-01"]) {
      expect((await thrownResponse(loader(getAs(`/chat/${room}`, null, { room })))).status).toBe(
        404,
      );
    }
    const someone = await member();
    expect(
      (await thrownResponse(action(post(someone.cookie, { text: "hi" }, "table-999999")))).status,
    ).toBe(404);
    expect(await storedBy(someone.id)).toEqual([]);
  });

  test("a filled honeypot is a 400 and stores nothing", async () => {
    const { action } = await chatRoute();
    const someone = await member();
    const response = await thrownResponse(
      action(post(someone.cookie, { text: "hi", name__confirm: "bot" })),
    );
    expect(response.status).toBe(400);
    expect(await storedBy(someone.id)).toEqual([]);
  });
});

describe("messages are rendered as text", () => {
  quietServerRenderWarnings();
  test("a script or HTML posted as a message stays text in the room's HTML", async () => {
    const { action, loader, default: Component } = await chatRoute();
    const payloads = [
      "<script>alert('xss')</script>",
      '"><img src=x onerror=alert(1)>',
      "<svg/onload=alert(1)>",
    ];
    for (const text of payloads) {
      const someone = await member();
      expect(((await action(post(someone.cookie, { text }))) as Response).status).toBe(302);
    }
    const html = renderRouteHtml({
      id: "chat",
      path: "/chat",
      Component,
      loaderData: await jsonBody(loader(getAs("/chat", null))),
    });
    expect(html).not.toMatch(/<script>alert/i);
    expect(html).not.toMatch(/<img src=x/i);
    expect(html).not.toMatch(/<svg\/onload/i);
    expect(html).toContain("&lt;script&gt;alert(&#x27;xss&#x27;)&lt;/script&gt;");
  });
});

describe("/ops/chat", () => {
  test("members, agents and visitors are sent to the operators' login", async () => {
    const { loader, action } = await opsRoute();
    const memberCookie = (await member()).cookie;
    const agentCookie = (await signInAs(handle.db, "agent01")).cookie;
    for (const cookie of [null, memberCookie, agentCookie]) {
      const refused = await thrownResponse(loader(getAs("/ops/chat", cookie)));
      expect(refused.headers.get("Location")).toBe("/ops/login");
      const posted = await thrownResponse(
        action({
          ...routeArgs("/ops/chat", {
            method: "POST",
            body: new URLSearchParams({ intent: "mute", memberId: "1", hours: "1" }),
            headers: { Origin: "http://localhost", ...(cookie ? { Cookie: cookie } : {}) },
          }),
          params: {},
        }),
      );
      expect(posted.headers.get("Location")).toBe("/ops/login");
    }
    expect(
      await handle.db
        .selectFrom("chat_mutes")
        .select("member_id")
        .where("member_id", "=", "1")
        .execute(),
    ).toEqual([]);
  });

  test("an operator deletes a message and mutes its author; a bad period is a 400", async () => {
    const { loader, action } = await opsRoute();
    const cookie = await opsCookie(handle.db);
    const author = await member();
    await (await chatRoute()).action(post(author.cookie, { text: "to be deleted" }));
    const [row] = await handle.db
      .selectFrom("chat_messages")
      .select("id")
      .where("member_id", "=", author.id)
      .execute();
    const opsPost = (fields: Record<string, string>) => ({
      ...routeArgs("/ops/chat", {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Origin: "http://localhost", Cookie: cookie },
      }),
      params: {},
    });
    const deleted = (await action(opsPost({ intent: "delete", messageId: row!.id }))) as Response;
    expect(deleted.headers.get("Location")).toBe("/ops/chat?done=deleted");
    const bad = await thrownResponse(
      action(opsPost({ intent: "mute", memberId: author.id, hours: "5" })),
    );
    expect(bad.status).toBe(400);
    const muted = (await action(
      opsPost({ intent: "mute", memberId: author.id, hours: "24" }),
    )) as Response;
    expect(muted.headers.get("Location")).toBe("/ops/chat?done=muted");
    const data = await jsonBody(loader(getAs("/ops/chat?done=muted", cookie)));
    expect(data.mutes.map((mute: { memberId: string }) => mute.memberId)).toContain(author.id);
    const listed = data.rooms.flatMap(
      (room: { messages: { id: string; deleted: boolean }[] }) => room.messages,
    );
    expect(listed.find((message: { id: string }) => message.id === row!.id).deleted).toBe(true);
    // Lifted early: the member posts again at once.
    const unmuted = (await action(opsPost({ intent: "unmute", memberId: author.id }))) as Response;
    expect(unmuted.headers.get("Location")).toBe("/ops/chat?done=unmuted");
    const after = await jsonBody(loader(getAs("/ops/chat", cookie)));
    expect(after.mutes.map((mute: { memberId: string }) => mute.memberId)).not.toContain(author.id);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const posted = (await (
      await chatRoute()
    ).action(post(author.cookie, { text: "back again" }))) as Response;
    expect(posted.status).toBe(302);
  });
});

describe("the stream's rooms", () => {
  test("a malformed or too long room list is a 400; no session is a 401", async () => {
    const { loader } = await eventsRoute();
    const someone = await member();
    for (const rooms of ["lobby,<x>", "lobby,table-1,table-2,table-3", "table-0"]) {
      const response = (await loader(
        getAs(`/resources/events?rooms=${encodeURIComponent(rooms)}`, someone.cookie),
      )) as Response;
      expect(response.status).toBe(400);
    }
    expect(((await loader(getAs("/resources/events?rooms=lobby", null))) as Response).status).toBe(
      401,
    );
  });

  test("a stream reopened for a room with ?after= replays the room's messages since, not other rooms'", async () => {
    const { loader } = await eventsRoute();
    const reader = await member();
    const after = (
      await handle.db
        .selectFrom("event_outbox")
        .select((eb) => eb.fn.max("id").as("id"))
        .executeTakeFirstOrThrow()
    ).id!;
    const room = await liveTable();
    await (await chatRoute()).action(post((await member()).cookie, { text: "in the lobby" }));
    await (await chatRoute()).action(post((await member()).cookie, { text: "at the table" }, room));
    const controller = new AbortController();
    const response = (await loader({
      ...routeArgs(`/resources/events?rooms=lobby&after=${after}`, {
        headers: { Cookie: reader.cookie },
        signal: controller.signal,
      }),
      params: {},
    })) as Response;
    const stream = response.body!.getReader();
    let text = "";
    const deadline = Date.now() + 2000;
    while (!text.includes("in the lobby") && Date.now() < deadline) {
      const chunk = await Promise.race([
        stream.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
      ]);
      if (!chunk || chunk.done) break;
      text += new TextDecoder().decode(chunk.value);
    }
    controller.abort();
    expect(text).toMatch(/event: chat_message\nid: \d+\ndata: \{[^\n]*"text":"in the lobby"/);
    expect(text).not.toContain("at the table");
  });
});
