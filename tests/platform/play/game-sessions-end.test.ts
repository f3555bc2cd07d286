import { afterAll, beforeAll, expect, test } from "vitest";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import {
  createSession,
  deleteOtherSessions,
  deleteSession,
  readSession,
} from "~/platform/identity/sessions.server";
import { createGameSession, findGameSession } from "~/platform/play/game-sessions.server";
import { createTestDatabase } from "../../helpers/database";
import { insertGame } from "../../helpers/play";
import { insertMember } from "../../helpers/wallet";

/**
 * A game's launch token lives no longer than the sign-in it was launched from:
 * signed out, signed out elsewhere, or ended by a rule, the token no longer
 * opens the game (while a provider can still find it to settle a round).
 */
let handle: DatabaseHandle;
const NODE = 9_300_001;
const game = { nodeId: NODE, vassalage: "PG", category: "RNG", gameCode: "G1", gameName: "G1" };

beforeAll(async () => {
  handle = await createTestDatabase();
  await insertGame(handle.db, { nodeId: NODE, vassalage: "PG", category: "RNG" });
});
afterAll(() => handle?.close());

async function signedInGame() {
  const memberId = await insertMember(handle.db);
  const login = await createSession(
    handle.db,
    { memberId, site: "member", remember: false, ip: "203.0.113.9", userAgent: "test" },
    identityPolicy(),
  );
  const session = (await readSession(handle.db, login.token, identityPolicy()))!;
  const launched = await createGameSession(handle.db, {
    memberId,
    portalSessionId: session.sessionId,
    game,
    provider: "demo",
    mode: "real",
    language: "en",
  });
  return { memberId, login, session, gameToken: launched.token };
}

test("a game launched from a sign-in works while the sign-in lasts", async () => {
  const { gameToken } = await signedInGame();
  expect(await findGameSession(handle.db, gameToken)).not.toBeNull();
});

test("signing out ends the game's token; a provider can still find it to settle", async () => {
  const { login, gameToken } = await signedInGame();
  await deleteSession(handle.db, login.token);
  expect(await findGameSession(handle.db, gameToken)).toBeNull();
  expect(
    await findGameSession(handle.db, gameToken, new Date(), { evenExpired: true }),
  ).not.toBeNull();
});

test("being signed out from another device ends it too", async () => {
  const { memberId, gameToken } = await signedInGame();
  await deleteOtherSessions(handle.db, memberId);
  expect(await findGameSession(handle.db, gameToken)).toBeNull();
});

test("a session ended by a rule (kept with its reason) ends it", async () => {
  const { session, gameToken } = await signedInGame();
  await handle.db
    .updateTable("sessions")
    .set({ ended_at: new Date(), ended_reason: "session_limit" })
    .where("id", "=", session.sessionId)
    .execute();
  expect(await findGameSession(handle.db, gameToken)).toBeNull();
});

test("another member's sign-out leaves the game alone", async () => {
  const mine = await signedInGame();
  const theirs = await signedInGame();
  await deleteSession(handle.db, theirs.login.token);
  expect(await findGameSession(handle.db, mine.gameToken)).not.toBeNull();
});
