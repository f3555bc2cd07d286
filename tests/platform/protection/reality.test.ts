import { beforeAll, describe, expect, test } from "vitest";
import { createSession, readSession } from "~/platform/identity/sessions.server";
import { createGameSession, findGameSession } from "~/platform/play/game-sessions.server";
import { playRound } from "~/platform/play/demo/rounds.server";
import {
  answerReality,
  realitySettings,
  realityState,
  saveRealitySettings,
} from "~/platform/protection/reality.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { MAIN } from "~/platform/wallet/ledger.server";
import { useSeededDatabase } from "../../helpers/database";
import { codeOf, fundMain, insertGame } from "../../helpers/play";
import { formKey, insertMember } from "../../helpers/wallet";

const handle = useSeededDatabase();
const SLOT_NODE = 9_300_001;
const context = { ip: "127.0.0.1", userAgent: "vitest" };
const policy = { sessionAbsoluteMs: 24 * 3600_000, sessionIdleMs: 24 * 3600_000 };
const MINUTE = 60_000;

beforeAll(async () => {
  await insertGame(handle.db, { nodeId: SLOT_NODE, vassalage: "PG", category: "RNG" });
});

/** A funded member signed in at `start`, with a real-money slot session. */
async function signedIn(start: Date) {
  const memberId = await insertMember(handle.db);
  await fundMain(handle.db, memberId, 1_000_000n);
  const login = await createSession(
    handle.db,
    { memberId, site: "member", remember: false, ...context },
    policy,
    start,
  );
  const session = (await readSession(handle.db, login.token, policy, start))!;
  const game = await createGameSession(handle.db, {
    memberId,
    game: {
      nodeId: SLOT_NODE,
      vassalage: "PG",
      category: "RNG",
      gameCode: `G${SLOT_NODE}`,
      gameName: "Slot",
    },
    provider: "demo",
    mode: "real",
    language: "en",
  });
  return {
    memberId,
    token: login.token,
    sessionId: session.sessionId,
    game: (await findGameSession(handle.db, game.token))!,
  };
}

const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

describe("reality checks", () => {
  test("the demo brand reminds every 30 minutes unless the member chose otherwise", async () => {
    const brand = await getBrandConfig(handle.db);
    const memberId = await insertMember(handle.db);
    expect(await realitySettings(handle.db, memberId, brand)).toEqual({
      intervalMinutes: 30,
      sessionLimitMinutes: null,
      chosen: false,
    });
  });

  test("a due reminder refuses the next stake until the member answers it", async () => {
    const start = new Date(Date.now() - 60 * MINUTE);
    const player = await signedIn(start);
    const brand = await getBrandConfig(handle.db);
    await saveRealitySettings(
      handle.db,
      player.memberId,
      { intervalMinutes: 15, sessionLimitMinutes: null },
      brand,
      context,
      start,
    );
    const spin = (at: Date) =>
      playRound(
        handle.db,
        player.game,
        { roundKey: formKey(), stake: 500n },
        { account: MAIN, at },
      );
    expect(await codeOf(spin(later(start, 14 * MINUTE)))).toBe("ok");
    const due = later(start, 15 * MINUTE);
    expect(await codeOf(spin(due))).toBe("reality_check_due");
    expect(await codeOf(spin(later(due, 10_000)))).toBe("reality_check_due");
    const state = await realityState(handle.db, player.memberId, player.sessionId, brand, due);
    expect(state).toMatchObject({ due: true, intervalMinutes: 15 });
    expect(state!.net).toBeLessThanOrEqual(0n);

    await answerReality(
      handle.db,
      player.memberId,
      player.sessionId,
      "continue",
      context,
      later(due, 20_000),
    );
    expect(await codeOf(spin(later(due, 25_000)))).toBe("ok");
    // The next reminder counts from the answer, not from the sign-in.
    expect(await codeOf(spin(later(due, 20_000 + 15 * MINUTE)))).toBe("reality_check_due");
  });

  test("reminders off: play goes on", async () => {
    const start = new Date(Date.now() - 120 * MINUTE);
    const player = await signedIn(start);
    const brand = await getBrandConfig(handle.db);
    await saveRealitySettings(
      handle.db,
      player.memberId,
      { intervalMinutes: 0, sessionLimitMinutes: null },
      brand,
      context,
    );
    const at = later(start, 90 * MINUTE);
    expect(
      await codeOf(
        playRound(
          handle.db,
          player.game,
          { roundKey: formKey(), stake: 500n },
          { account: MAIN, at },
        ),
      ),
    ).toBe("ok");
  });

  test("the session time limit ends the session and refuses stakes", async () => {
    const start = new Date(Date.now() - 60 * MINUTE);
    const player = await signedIn(start);
    const brand = await getBrandConfig(handle.db);
    await saveRealitySettings(
      handle.db,
      player.memberId,
      { intervalMinutes: 0, sessionLimitMinutes: 30 },
      brand,
      context,
    );
    const end = later(start, 30 * MINUTE);
    expect(
      await codeOf(
        playRound(
          handle.db,
          player.game,
          { roundKey: formKey(), stake: 500n },
          { account: MAIN, at: end },
        ),
      ),
    ).toBe("session_limit_reached");
    expect(await readSession(handle.db, player.token, policy, later(end, -1000))).not.toBeNull();
    expect(await readSession(handle.db, player.token, policy, end)).toBeNull();
    // Signed out, the game's token still open: stakes stay refused until the next sign-in.
    const stake = (at: Date) =>
      playRound(
        handle.db,
        player.game,
        { roundKey: formKey(), stake: 500n },
        { account: MAIN, at },
      );
    expect(await codeOf(stake(later(end, MINUTE)))).toBe("session_limit_reached");
    const again = later(end, 2 * MINUTE);
    await createSession(
      handle.db,
      { memberId: player.memberId, site: "member", remember: false, ...context },
      policy,
      again,
    );
    expect(await codeOf(stake(later(again, 1000)))).toBe("ok");
  });

  test("choices the brand does not offer are refused and nothing is stored", async () => {
    const brand = await getBrandConfig(handle.db);
    const memberId = await insertMember(handle.db);
    const save = (intervalMinutes: number, sessionLimitMinutes: number | null) =>
      codeOf(
        saveRealitySettings(
          handle.db,
          memberId,
          { intervalMinutes, sessionLimitMinutes },
          brand,
          context,
        ),
      );
    expect(await save(7, null)).toBe("invalid_interval");
    expect(await save(30, 10)).toBe("invalid_session_limit");
    expect(await save(30, 721)).toBe("invalid_session_limit");
    expect((await realitySettings(handle.db, memberId, brand)).chosen).toBe(false);
  });
});

describe("slot pace", () => {
  test("a spin within 2.5 s of the previous one's start is refused", async () => {
    const start = new Date(Date.now() - 5 * MINUTE);
    const player = await signedIn(start);
    const spin = (at: Date) =>
      playRound(
        handle.db,
        player.game,
        { roundKey: formKey(), stake: 500n },
        { account: MAIN, at },
      );
    const first = later(start, MINUTE);
    expect(await codeOf(spin(first))).toBe("ok");
    expect(await codeOf(spin(later(first, 2499)))).toBe("spin_too_fast");
    expect(await codeOf(spin(later(first, 2500)))).toBe("ok");
  });
});
