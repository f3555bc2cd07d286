// Issue 16's two-process test (ADR 22, 25): two portal processes on one
// PostgreSQL (CLUSTER_DATABASE_URL). A deposit credited through process A
// (the gateway's callback) reaches a member's event stream on process B
// within 1 s; a chat message posted on A appears on B's stream of that room;
// a stream reopened on B with Last-Event-ID replays what it missed.
// Prints one JSON line; exits 1 when a check failed.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "~/platform/db/open.server";
import { check, report, run } from "./checks";
import { followEvents, login, type SseEvent } from "./http";
import { createClusterMembers, openGatewayDeposit, paidCallback, PASSWORD } from "./members";
import { startPortal, stopPortal, type Portal, stopAll } from "./portals";

const url = process.env.CLUSTER_DATABASE_URL;
if (!url) throw new Error("CLUSTER_DATABASE_URL is required");
const BASE = Number(process.env.CLUSTER_PORT_BASE ?? 4210);
const AMOUNT = 100_000n;

const postChat = (base: string, cookie: string, text: string) =>
  fetch(`${base}/chat/lobby`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams({ text }),
  });

const credited = (event: SseEvent) =>
  event.event === "deposit" && (JSON.parse(event.data) as { status: string }).status === "credited";
const chatSaying = (text: string) => (event: SseEvent) =>
  event.event === "chat_message" && (JSON.parse(event.data) as { text: string }).text === text;

async function main() {
  const logDir = mkdtempSync(join(tmpdir(), "portal-events-"));
  const handle = await openDatabase({ kind: "postgres", url: url!, poolSize: 2 });
  const portals: Portal[] = [];
  try {
    const a = await startPortal({ name: "a", port: BASE + 1, databaseUrl: url, logDir });
    portals.push(a);
    const b = await startPortal({ name: "b", port: BASE + 2, databaseUrl: url, logDir });
    portals.push(b);
    const [follower, first, second] = await createClusterMembers(handle.db, 3, "evt");
    const followerCookie = (await login(b.url, follower!.account, PASSWORD))!;
    const firstCookie = (await login(a.url, first!.account, PASSWORD))!;
    const secondCookie = (await login(a.url, second!.account, PASSWORD))!;
    check(Boolean(followerCookie && firstCookie && secondCookie), "the members sign in on A and B");

    const stream = await followEvents(b.url, followerCookie, { rooms: "lobby" });
    check(stream.status === 200, "the member's stream opens on B");
    const deposit = await openGatewayDeposit(handle.db, follower!.id, AMOUNT);
    const sent = Date.now();
    const answer = await paidCallback(a.url, deposit.gatewayRef, AMOUNT);
    check(answer.status === 200, `A takes the gateway's callback (${answer.status})`);
    const arrived = await stream.waitFor(credited, 3_000).catch(() => null);
    const depositMs = arrived ? arrived.at - sent : Infinity;
    check(depositMs <= 1_000, `the deposit reaches the stream on B within 1 s (${depositMs} ms)`);

    const text = `hello from A ${Date.now()}`;
    const chatSent = Date.now();
    const posted = await postChat(a.url, firstCookie, text);
    check(
      posted.status === 302 || posted.status === 303,
      `A takes the chat message (${posted.status})`,
    );
    const line = await stream.waitFor(chatSaying(text), 3_000).catch(() => null);
    const chatMs = line ? line.at - chatSent : Infinity;
    check(chatMs <= 1_000, `the chat message appears on B's stream (${chatMs} ms)`);

    // Away for a while: what happens meanwhile comes back with Last-Event-ID.
    const lastId = [...stream.events].reverse().find((event) => event.id)?.id ?? undefined;
    stream.close();
    const missedDeposit = await openGatewayDeposit(handle.db, follower!.id, AMOUNT);
    await (await paidCallback(a.url, missedDeposit.gatewayRef, AMOUNT)).arrayBuffer();
    const missedText = `while you were away ${Date.now()}`;
    await (await postChat(a.url, secondCookie, missedText)).arrayBuffer();
    const reopened = await followEvents(b.url, followerCookie, {
      rooms: "lobby",
      lastEventId: lastId,
    });
    const replayed = await Promise.all([
      reopened.waitFor(credited, 3_000).then(
        () => true,
        () => false,
      ),
      reopened.waitFor(chatSaying(missedText), 3_000).then(
        () => true,
        () => false,
      ),
    ]);
    check(
      replayed.every(Boolean),
      `the reopened stream replays the missed deposit and message (${replayed.join(", ")})`,
    );
    reopened.close();

    const stopped = await Promise.all(portals.map((portal) => stopPortal(portal)));
    check(
      stopped.every((s) => s.code === 0),
      "both processes stop gracefully",
    );
    report({ test: "two-process-events", depositMs, chatMs, replayed: replayed.every(Boolean) });
  } finally {
    await stopAll(portals);
    await handle.close();
  }
}

run(main);
