import { afterEach, describe, expect, it } from "vitest";
import { postMemberMessage } from "~/platform/contact/support.server";
import { publishEvent } from "~/platform/events/outbox.server";
import { publishOpsQueue } from "~/platform/events/producers.server";
import { findMemberByAccount } from "~/platform/identity/members.server";
import { deleteSession } from "~/platform/identity/sessions.server";
import { loader } from "~/routes/resources+/events";
import { useSeededDatabase } from "../helpers/database";
import { routeArgs, signInMember } from "../helpers/routes";
import { insertMember } from "../helpers/wallet";
import { opsCookie } from "../helpers/withdrawals";

/**
 * The event stream route (issue 16): members only, three streams a session,
 * a reconnect replays what it missed, and the stream ends with the session.
 */
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const open: AbortController[] = [];
afterEach(() => {
  for (const controller of open.splice(0)) controller.abort();
});

async function openStream(
  cookie: string | null,
  headers: Record<string, string> = {},
  url = "/resources/events",
) {
  const controller = new AbortController();
  open.push(controller);
  const response = await loader(
    routeArgs(url, {
      headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers },
      signal: controller.signal,
    }),
  );
  return { response, controller };
}

/** What the stream sends until `until` matches its text, the stream ends, or `ms` pass. */
async function readUntil(response: Response, until: (text: string) => boolean, ms = 2000) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let ended = false;
  const deadline = Date.now() + ms;
  while (!until(text) && Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
    ]);
    if (!chunk) break;
    if (chunk.done) {
      ended = true;
      break;
    }
    text += decoder.decode(chunk.value);
  }
  reader.releaseLock();
  return { text, ended };
}

describe("/resources/events", () => {
  it("refuses a request without a member session with 401", async () => {
    const { response } = await openStream(null);
    expect(response.status).toBe(401);
  });

  it("opens three streams for one session and refuses a fourth with 429", async () => {
    const memberId = await insertMember(handle.db);
    const { cookie } = await signInMember(handle.db, memberId);
    const first = await openStream(cookie);
    for (let i = 0; i < 2; i++) expect((await openStream(cookie)).response.status).toBe(200);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get("Content-Type")).toBe("text/event-stream");
    expect((await openStream(cookie)).response.status).toBe(429);
    // Another session of the same member has its own three.
    const elsewhere = await signInMember(handle.db, memberId);
    expect((await openStream(elsewhere.cookie)).response.status).toBe(200);
    // A closed stream frees its place.
    first.controller.abort();
    expect((await openStream(cookie)).response.status).toBe(200);
  });

  it("replays what a reconnecting stream missed after its Last-Event-ID, then goes on live", async () => {
    const memberId = await insertMember(handle.db);
    const { cookie } = await signInMember(handle.db, memberId);
    const publish = (main: string, to = memberId) =>
      publishEvent(handle.db, { audience: { memberId: to }, type: "balance", data: { main } });
    await publish("100");
    const [seen] = await handle.db
      .selectFrom("event_outbox")
      .select("id")
      .where("member_id", "=", memberId)
      .execute();
    await publish("200");
    await publish("999", await insertMember(handle.db));
    await publish("300");
    const { response } = await openStream(cookie, { "Last-Event-ID": seen!.id });
    const replayed = await readUntil(response, (text) => text.includes('"300"'));
    expect(replayed.text).toMatch(/event: balance\nid: \d+\ndata: \{"main":"200"\}\n\n/);
    expect(replayed.text).toContain('{"main":"300"}');
    expect(replayed.text).not.toContain('"100"');
    expect(replayed.text).not.toContain('"999"');
    await publish("400");
    const live = await readUntil(response, (text) => text.includes('"400"'));
    expect(live.text).toContain('{"main":"400"}');
  });

  it("asks the page to revalidate when the outbox no longer reaches back to its Last-Event-ID", async () => {
    const memberId = await insertMember(handle.db);
    const { cookie } = await signInMember(handle.db, memberId);
    const publish = () =>
      publishEvent(handle.db, { audience: { memberId }, type: "balance", data: { main: "1" } });
    for (let i = 0; i < 3; i++) await publish();
    const ids = await handle.db
      .selectFrom("event_outbox")
      .select("id")
      .where("member_id", "=", memberId)
      .orderBy("id")
      .execute();
    // As the scheduler would, after the first two had passed the replay window.
    await handle.db.deleteFrom("event_outbox").where("id", "<=", ids[1]!.id).execute();
    const { response } = await openStream(cookie, { "Last-Event-ID": ids[0]!.id });
    const { text } = await readUntil(response, (sent) => sent.includes("revalidate"));
    expect(text).toContain("event: revalidate");
    expect(text).not.toContain("event: balance");
  });

  it("ends the stream when the member signs out", async () => {
    const memberId = await insertMember(handle.db);
    const { cookie, token } = await signInMember(handle.db, memberId);
    const { response } = await openStream(cookie);
    await deleteSession(handle.db, token);
    const { text, ended } = await readUntil(response, () => false, 3000);
    expect(text).toContain("event: signed_out\nid: ");
    expect(ended).toBe(true);
  });

  it("lets only operators follow ops: topics, and tells them when a member writes to support", async () => {
    const url = "/resources/events?topics=ops:support";
    const memberId = await insertMember(handle.db);
    const member = await signInMember(handle.db, memberId);
    expect((await openStream(null, {}, url)).response.status).toBe(403);
    expect((await openStream(member.cookie, {}, url)).response.status).toBe(403);
    const ops = await opsCookie(handle.db);
    expect(
      (await openStream(ops, {}, "/resources/events?topics=ops:secrets")).response.status,
    ).toBe(400);
    const { response } = await openStream(ops, {}, url);
    expect(response.status).toBe(200);
    // The member's own stream never carries the operators' topic.
    const memberStream = await openStream(member.cookie);
    await postMemberMessage(handle.db, { memberId, body: "Where is my deposit?" });
    const { text } = await readUntil(response, (sent) => sent.includes("conversationId"));
    expect(text).toMatch(/event: support_queue\nid: \d+\ndata: \{"conversationId":"\d+"\}/);
    const { text: memberText } = await readUntil(memberStream.response, () => false, 500);
    expect(memberText).not.toContain("support_queue");
  });

  it("lets any staff member follow ops:queues (the home's counts); ops:support only with support's permission", async () => {
    const comply = await findMemberByAccount(handle.db, "comply01");
    await handle.db
      .updateTable("staff_roles")
      .set({ permissions: ["age_checks.view", "age_checks.review"] })
      .where("name", "=", "compliance")
      .execute();
    const cookie = await opsCookie(handle.db, comply!.id);
    const support = await openStream(cookie, {}, "/resources/events?topics=ops:queues,ops:support");
    expect(support.response.status).toBe(403);
    const memberId = await insertMember(handle.db);
    const member = await signInMember(handle.db, memberId);
    const queues = "/resources/events?topics=ops:queues";
    expect((await openStream(member.cookie, {}, queues)).response.status).toBe(403);
    const { response } = await openStream(cookie, {}, queues);
    expect(response.status).toBe(200);
    await publishOpsQueue(handle.db, "age_checks");
    const { text } = await readUntil(response, (sent) => sent.includes("age_checks"));
    expect(text).toMatch(/event: ops_queue\nid: \d+\ndata: \{"queue":"age_checks"\}/);
  });
});
