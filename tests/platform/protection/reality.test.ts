import { beforeAll, describe, expect, test } from "vitest";
import { createSession, readSession } from "~/platform/identity/sessions.server";
import { playRound } from "~/platform/play/demo/rounds.server";
import {
  createGameSession,
  findGameSession,
  type GameSession,
} from "~/platform/play/game-sessions.server";
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

/** A real-money slot spin of the player's game at `at`: "ok" or the refusal's code. */
const spinAt = (game: GameSession, at: Date) =>
  codeOf(playRound(handle.db, game, { roundKey: formKey(), stake: 500n }, { account: MAIN, at }));

async function choose(
  memberId: string,
  intervalMinutes: number,
  sessionLimitMinutes: number | null,
) {
  const brand = await getBrandConfig(handle.db);
  return codeOf(
    saveRealitySettings(
      handle.db,
      memberId,
      { intervalMinutes, sessionLimitMinutes },
      brand,
      context,
    ),
  );
}

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
    expect(await choose(player.memberId, 15, null)).toBe("ok");
    const spin = (at: Date) => spinAt(player.game, at);
    expect(await spin(later(start, 14 * MINUTE))).toBe("ok");
    const due = later(start, 15 * MINUTE);
    expect(await spin(due)).toBe("reality_check_due");
    expect(await spin(later(due, 10_000))).toBe("reality_check_due");
    const state = await realityState(handle.db, player.memberId, player.sessionId, brand, due);
    expect(state).toMatchObject({ due: true, intervalMinutes: 15 });
    // The net of this session: the one round played, its payout less its stake.
    const round = await handle.db
      .selectFrom("game_rounds")
      .select(["stake", "payout"])
      .where("member_id", "=", player.memberId)
      .executeTakeFirstOrThrow();
    expect(state!.net).toBe(BigInt(round.payout) - BigInt(round.stake));

    await answerReality(
      handle.db,
      player.memberId,
      player.sessionId,
      "continue",
      context,
      later(due, 20_000),
    );
    expect(await spin(later(due, 25_000))).toBe("ok");
    // The next reminder counts from the answer, not from the sign-in.
    expect(await spin(later(due, 20_000 + 15 * MINUTE))).toBe("reality_check_due");
  });

  test("reminders off: play goes on", async () => {
    const start = new Date(Date.now() - 120 * MINUTE);
    const player = await signedIn(start);
    expect(await choose(player.memberId, 0, null)).toBe("ok");
    expect(await spinAt(player.game, later(start, 90 * MINUTE))).toBe("ok");
  });

  test("the session time limit ends the session and refuses stakes", async () => {
    const start = new Date(Date.now() - 60 * MINUTE);
    const player = await signedIn(start);
    expect(await choose(player.memberId, 0, 30)).toBe("ok");
    const end = later(start, 30 * MINUTE);
    expect(await spinAt(player.game, end)).toBe("session_limit_reached");
    expect(await readSession(handle.db, player.token, policy, later(end, -1000))).not.toBeNull();
    expect(await readSession(handle.db, player.token, policy, end)).toBeNull();
    // Signed out, the game's token still open: stakes stay refused until the next sign-in.
    expect(await spinAt(player.game, later(end, MINUTE))).toBe("session_limit_reached");
    const again = later(end, 2 * MINUTE);
    await createSession(
      handle.db,
      { memberId: player.memberId, site: "member", remember: false, ...context },
      policy,
      again,
    );
    expect(await spinAt(player.game, later(again, 1000))).toBe("ok");
  });

  test("choices the brand does not offer are refused and nothing is stored", async () => {
    const memberId = await insertMember(handle.db);
    expect(await choose(memberId, 7, null)).toBe("invalid_interval");
    expect(await choose(memberId, 30, 10)).toBe("invalid_session_limit");
    expect(await choose(memberId, 30, 721)).toBe("invalid_session_limit");
    const brand = await getBrandConfig(handle.db);
    expect((await realitySettings(handle.db, memberId, brand)).chosen).toBe(false);
  });
});

describe("slot pace", () => {
  test("a spin within 2.5 s of the previous one's start is refused", async () => {
    const start = new Date(Date.now() - 5 * MINUTE);
    const player = await signedIn(start);
    const first = later(start, MINUTE);
    expect(await spinAt(player.game, first)).toBe("ok");
    expect(await spinAt(player.game, later(first, 2499))).toBe("spin_too_fast");
    expect(await spinAt(player.game, later(first, 2500))).toBe("ok");
  });
});
