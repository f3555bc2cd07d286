import { afterAll, beforeAll, expect, test } from "vitest";
import type { DatabaseHandle } from "~/platform/db/open.server";
import {
  createSession,
  purgeExpiredSessions,
  readSession,
  readSessionEnd,
} from "~/platform/identity/sessions.server";
import { saveRealitySettings } from "~/platform/protection/reality.server";
import { createTestDatabase } from "../../helpers/database";
import { insertMember } from "../../helpers/wallet";

let handle: DatabaseHandle;
const brand = {
  realityCheck: {
    intervals: [0, 15, 30, 60],
    defaultIntervalMinutes: 30,
    sessionLimitMinutes: { min: 30, max: 720 },
    spinGapMs: 2500,
  },
};
const context = { ip: "127.0.0.1", userAgent: "vitest" };
const policy = { sessionAbsoluteMs: 24 * 3600_000, sessionIdleMs: 24 * 3600_000 };
const MINUTE = 60_000;
const T0 = new Date("2026-03-01T12:00:00Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * MINUTE);

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle?.close());

test("a session at its time limit is kept as ended, refused, and says why until it is purged", async () => {
  const memberId = await insertMember(handle.db);
  await saveRealitySettings(
    handle.db,
    memberId,
    { intervalMinutes: 0, sessionLimitMinutes: 45 },
    brand,
    context,
    T0,
  );
  const session = await createSession(
    handle.db,
    { memberId, site: "member", remember: true, ...context },
    policy,
    T0,
  );
  expect(await readSession(handle.db, session.token, policy, at(44))).not.toBeNull();
  expect(await readSessionEnd(handle.db, session.token)).toBeNull();
  expect(await readSession(handle.db, session.token, policy, at(45))).toBeNull();
  // Ended, not deleted: a later read is still no session, and the reason is there to tell.
  expect(await readSession(handle.db, session.token, policy, at(46))).toBeNull();
  expect(await readSessionEnd(handle.db, session.token)).toEqual({
    reason: "session_limit",
    limitMinutes: 45,
  });
  // Still ended when the limit is lifted later (from a new sign-in): the end is stored, not re-derived.
  await handle.db
    .updateTable("reality_checks")
    .set({ session_limit_minutes: null })
    .where("member_id", "=", memberId)
    .execute();
  expect(await readSession(handle.db, session.token, policy, at(47))).toBeNull();
  // The purge goes by the original expiry, not by the end.
  await purgeExpiredSessions(handle.db, at(60));
  expect(await readSessionEnd(handle.db, session.token)).not.toBeNull();
  await purgeExpiredSessions(handle.db, session.expiresAt);
  expect(await readSessionEnd(handle.db, session.token)).toBeNull();
});

test("a session that expires or idles out is just gone, with no reason to show", async () => {
  const memberId = await insertMember(handle.db);
  const session = await createSession(
    handle.db,
    { memberId, site: "member", remember: false, ...context },
    policy,
    T0,
  );
  expect(await readSession(handle.db, session.token, policy, session.expiresAt)).toBeNull();
  expect(await readSessionEnd(handle.db, session.token)).toBeNull();
});
