import { describe, expect, test, vi } from "vitest";
import { createGameSession } from "~/platform/play/game-sessions.server";
import { AGGREGATOR_PROVIDER } from "~/platform/play/providers/http-aggregator.server";
import { signBody, unixSeconds } from "~/platform/signed-messages.server";
import { useSeededDatabase } from "../helpers/database";
import { fundMain, insertGame } from "../helpers/play";
import { wageringBonus } from "../helpers/rewards";
import { jsonBody, routeArgs } from "../helpers/routes";
import { insertMember } from "../helpers/wallet";

// A configured aggregator, before anything reads the config (imports are hoisted above plain code).
const KEY = vi.hoisted(() => {
  process.env.GAME_AGGREGATOR_URL = "https://aggregator.games.test/api";
  process.env.GAME_AGGREGATOR_KEY = "route-test-aggregator-key-42";
  return "route-test-aggregator-key-42";
});

const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const walletRoute = () => import("~/routes/resources+/games.wallet");

function post(body: string, signature: string | null) {
  return routeArgs("/resources/games/wallet", {
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/json",
      ...(signature ? { "X-Signature": signature } : {}),
    },
  });
}

describe("POST /resources/games/wallet", () => {
  test("a signed bet moves money; the same bytes unsigned are 401 and move nothing", async () => {
    const memberId = await insertMember(handle.db);
    await fundMain(handle.db, memberId, 5_000n);
    const game = await insertGame(handle.db, { nodeId: 9_200_001, vassalage: "AGG" });
    const { token } = await createGameSession(handle.db, {
      memberId,
      game,
      provider: AGGREGATOR_PROVIDER,
      mode: "real",
      language: "en",
    });
    const { action } = await walletRoute();
    const body = JSON.stringify({
      action: "debit",
      playerToken: token,
      txId: "h-1",
      roundId: "H1",
      amount: "1200",
      timestamp: unixSeconds(new Date()),
    });

    const unsigned = await action(post(body, null));
    expect(unsigned.status).toBe(401);
    const signed = await action(post(body, signBody(body, KEY)));
    expect(signed.status).toBe(200);
    expect(await jsonBody(signed)).toMatchObject({ ok: true, balance: "3800", replayed: false });
    const replayed = await action(post(body, signBody(body, KEY)));
    expect(await jsonBody(replayed)).toMatchObject({ ok: true, balance: "3800", replayed: true });
  });

  test("a stake above a wagered bonus's max bet is refused with its own code and the limit; nothing moves", async () => {
    const memberId = await insertMember(handle.db);
    await fundMain(handle.db, memberId, 5_000n);
    await wageringBonus(handle.db, memberId, 1_000n, { maxBet: 500, maxBetRule: "refuse" });
    const game = await insertGame(handle.db, { nodeId: 9_200_002, vassalage: "AGG" });
    const { token } = await createGameSession(handle.db, {
      memberId,
      game,
      provider: AGGREGATOR_PROVIDER,
      mode: "real",
      language: "en",
    });
    const { action } = await walletRoute();
    const debit = (txId: string, amount: string) => {
      const body = JSON.stringify({
        action: "debit",
        playerToken: token,
        txId,
        roundId: txId.toUpperCase(),
        amount,
        timestamp: unixSeconds(new Date()),
      });
      return action(post(body, signBody(body, KEY)));
    };
    const refused = await debit("mb-1", "501");
    expect(refused.status).toBe(200);
    expect(await jsonBody(refused)).toEqual({
      ok: false,
      error: "bonus_max_bet",
      balance: "5000",
      maxBet: "500",
    });
    expect(await jsonBody(await debit("mb-2", "500"))).toMatchObject({ ok: true, balance: "4500" });
  });

  test("oversized bodies and other methods are refused", async () => {
    const { action } = await walletRoute();
    const big = "x".repeat(20_000);
    expect((await action(post(big, signBody(big, KEY)))).status).toBe(413);
    expect(
      (await action(routeArgs("/resources/games/wallet", { method: "PUT", body: "{}" }))).status,
    ).toBe(405);
  });
});
