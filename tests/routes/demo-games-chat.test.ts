import { describe, expect, test } from "vitest";
import { formReply } from "~/components/forms/field";
import { createGameSession } from "~/platform/play/game-sessions.server";
import en from "../../locales/en/common.json";
import { useSeededDatabase } from "../helpers/database";
import { seededGame } from "../helpers/play";
import { renderRouteHtml } from "../helpers/render-html";
import {
  formPost,
  jsonBody,
  quietServerRenderWarnings,
  routeArgs,
  signInMember,
  thrownResponse,
} from "../helpers/routes";
import { insertMember } from "../helpers/wallet";

/**
 * The chat panel of a table game's demo page (issue 16): `intent=chat` posts
 * to the table's room and comes back to the game; the room's rules hold there
 * too (a trial account and a visitor read only, bad input a field error,
 * nothing stored); a game that is no table has no panel and no chat intent.
 */
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const gameRoute = () => import("~/routes/demo-games.$token");

/** A member (type 4: a trial account) signed in, with a demo session of a seeded game of `category`. */
async function seated(category: string, type = 0) {
  const memberId = await insertMember(handle.db, { type });
  const game = await seededGame(handle.db, category);
  const { token } = await createGameSession(handle.db, {
    memberId,
    game,
    provider: "demo",
    mode: "demo",
    language: "en",
  });
  const { cookie } = await signInMember(handle.db, memberId);
  return { memberId, token, cookie, room: `table-${game.nodeId}` };
}

const headersOf = (cookie: string | null): Record<string, string> =>
  cookie ? { Cookie: cookie } : {};
const page = (token: string, cookie: string | null, query = "") => ({
  ...routeArgs(`/demo-games/${token}${query}`, { headers: headersOf(cookie) }),
  params: { token },
});
const chat = (token: string, cookie: string | null, fields: Record<string, string>) => ({
  ...formPost(`/demo-games/${token}`, { intent: "chat", ...fields }, headersOf(cookie)),
  params: { token },
});

const stored = async (room: string) =>
  (
    await handle.db
      .selectFrom("chat_messages")
      .select(["member_id", "body"])
      .where("room", "=", room)
      .execute()
  ).map((row) => `${row.member_id}: ${row.body}`);

/** The text field's (or the form's) message of a refused post. */
async function refusal(response: unknown) {
  const reply = response as Response;
  const { errors } = formReply((await jsonBody(reply)).result);
  return { status: reply.status, message: (errors.text ?? errors[""])?.[0] };
}

describe("the chat panel of a table game's demo page", () => {
  test("a member's post is stored in the table's room and the game page comes back with it", async () => {
    const { action, loader } = await gameRoute();
    const { memberId, token, cookie, room } = await seated("LIVE");
    const response = (await action(chat(token, cookie, { text: "  nice spin  " }))) as Response;
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(new RegExp(`^/demo-games/${token}\\?sent=\\d+$`));
    expect(await stored(room)).toEqual([`${memberId}: nice spin`]);
    const data = await jsonBody(loader(page(token, cookie, location.slice(location.indexOf("?")))));
    expect(data.chat).toMatchObject({ room, access: { kind: "member" } });
    expect(data.chat.formKey).toBe(location.split("sent=")[1]);
    expect(data.chat.messages.at(-1).text).toBe("nice spin");
    expect(data.liveMemberId).toBe(memberId);
  });

  test("empty, 201 characters, too fast: translated field errors, nothing more stored", async () => {
    const { action } = await gameRoute();
    const { memberId, token, cookie, room } = await seated("PVP");
    for (const [text, message] of [
      ["   ", en.chat.errors.chat_empty],
      ["x".repeat(201), "A message can have at most 200 characters."],
    ] as const) {
      expect(await refusal(await action(chat(token, cookie, { text })))).toEqual({
        status: 400,
        message,
      });
    }
    expect(await stored(room)).toEqual([]);
    expect(((await action(chat(token, cookie, { text: "first" }))) as Response).status).toBe(302);
    expect(await refusal(await action(chat(token, cookie, { text: "second" })))).toEqual({
      status: 400,
      message: "Please wait 2 seconds between messages.",
    });
    expect(await stored(room)).toEqual([`${memberId}: first`]);
  });

  test("a trial account and a visitor read only; a filled honeypot is a 400", async () => {
    const { action, loader } = await gameRoute();
    const trial = await seated("LIVE", 4);
    expect(await refusal(await action(chat(trial.token, trial.cookie, { text: "hi" })))).toEqual({
      status: 400,
      message: "Free-play accounts can read the chat but not write.",
    });
    expect((await jsonBody(loader(page(trial.token, trial.cookie)))).chat.access).toEqual({
      kind: "trial",
    });
    // The launch token alone opens the page: a visitor there is asked to log in, back to the game.
    const visitor = await jsonBody(loader(page(trial.token, null)));
    expect(visitor.chat.access).toEqual({
      kind: "visitor",
      loginHref: `/login?redirectTo=${encodeURIComponent(`/demo-games/${trial.token}`)}`,
    });
    expect(visitor.liveMemberId).toBeNull();
    expect(await refusal(await action(chat(trial.token, null, { text: "hi" })))).toEqual({
      status: 400,
      message: en.chat.visitor,
    });
    const member = await seated("LIVE");
    const spam = await thrownResponse(
      action(chat(member.token, member.cookie, { text: "hi", name__confirm: "bot" })),
    );
    expect(spam.status).toBe(400);
    const authors = (await stored(trial.room)).map((line) => line.split(":")[0]);
    expect(authors).not.toContain(trial.memberId);
    expect(authors).not.toContain(member.memberId);
  });

  test("a game that is no table has no panel, and its chat intent is a 404", async () => {
    const { action, loader } = await gameRoute();
    const { token, cookie } = await seated("RNG");
    expect((await jsonBody(loader(page(token, cookie)))).chat).toBeNull();
    const refused = await thrownResponse(action(chat(token, cookie, { text: "hello" })));
    expect(refused.status).toBe(404);
    expect(
      await handle.db
        .selectFrom("chat_messages")
        .select("id")
        .where("body", "=", "hello")
        .execute(),
    ).toEqual([]);
  });
});

describe("the panel's HTML", () => {
  quietServerRenderWarnings();
  test("below the game, its form posts to the game page with intent=chat and a honeypot", async () => {
    const module = await gameRoute();
    const { token, cookie } = await seated("LIVE");
    const loaderData = await jsonBody(module.loader(page(token, cookie)));
    const html = renderRouteHtml({
      id: "game",
      path: `/demo-games/${token}`,
      Component: module.default,
      loaderData,
    });
    const form = html.slice(html.indexOf('data-testid="chat-form"') - 200);
    expect(form).toMatch(new RegExp(`<form method="post" action="/demo-games/${token}"`));
    expect(form).toContain('<input type="hidden" name="intent" value="chat"/>');
    expect(form).toContain('name="name__confirm"');
    expect(html.indexOf('data-testid="demo-result"')).toBeLessThan(
      html.indexOf('data-testid="chat-room"'),
    );
    expect(html).toContain(`href="/chat/${loaderData.chat.room}"`);
  });
});
