import { http, HttpResponse } from "msw";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { createGameSession } from "~/platform/play/game-sessions.server";
import { startGame } from "~/platform/play/launch.server";
import { answerAggregatorWalletCall } from "~/platform/play/providers/aggregator-wallet.server";
import { signBody, unixSeconds, verifySignature } from "~/platform/signed-messages.server";
import { createTestDatabase } from "../../helpers/database";
import { useMswServer } from "../../helpers/msw";
import { fundMain, insertGame } from "../../helpers/play";
import { insertMember, testWalletPolicy } from "../../helpers/wallet";

const AGGREGATOR_URL = "https://aggregator.games.test/api";
const KEY = "aggregator-shared-key-0123456789";
// The registry reads the aggregator from the environment (parsed once, on first use).
process.env.GAME_AGGREGATOR_URL = AGGREGATOR_URL;
process.env.GAME_AGGREGATOR_KEY = KEY;

const server = useMswServer();
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase({ poolSize: 8 });
});
afterAll(async () => {
  await handle?.close();
});

const brand = {
  play: { aggregatorVendors: ["AGG"] },
  launchGameCdns: ["https://cdn1.games.example"],
  currency: { code: "PKR", symbol: "Rs", minorUnits: 2 },
  wallet: testWalletPolicy(),
};

/** The aggregator's launch endpoint: checks our signature, answers with its game URL. */
function launchEndpoint(
  answer: (body: Record<string, unknown>) => Response = () =>
    HttpResponse.json({ url: "https://play.aggregator.test/g/1" }),
) {
  const seen: { body: Record<string, unknown>; signed: boolean; idempotencyKey: string | null }[] =
    [];
  server.use(
    http.post(`${AGGREGATOR_URL}/launch`, async ({ request }) => {
      const raw = await request.text();
      const body = JSON.parse(raw) as Record<string, unknown>;
      seen.push({
        body,
        signed: verifySignature(raw, request.headers.get("x-signature"), KEY),
        idempotencyKey: request.headers.get("idempotency-key"),
      });
      return answer(body);
    }),
  );
  return seen;
}

async function aggregatorPlayer() {
  const memberId = await insertMember(handle.db);
  await fundMain(handle.db, memberId, 10_000n);
  const game = await insertGame(handle.db, {
    nodeId: 9_100_000 + Math.floor(Math.random() * 99_999),
    vassalage: "AGG",
  });
  const seen = launchEndpoint();
  const started = await startGame(handle.db, {
    member: { id: memberId, account: "agg" },
    game,
    mode: "real",
    language: "en",
    brand,
  });
  return { memberId, game, started, playerToken: seen[0]!.body.playerToken as string, seen };
}

/** The aggregator calling our wallet: a signed JSON message. */
function call(
  message: Record<string, unknown>,
  options: { key?: string | null; timestamp?: number } = {},
) {
  const rawBody = JSON.stringify({
    timestamp: options.timestamp ?? unixSeconds(new Date()),
    ...message,
  });
  const signature = options.key === null ? null : signBody(rawBody, options.key ?? KEY);
  return answerAggregatorWalletCall(handle.db, { rawBody, signature, key: KEY, brand });
}

describe("HTTP aggregator: launch", () => {
  test("a launch is a signed request naming the session; the game URL is the aggregator's own (no CDN)", async () => {
    const { started, seen } = await aggregatorPlayer();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ signed: true, idempotencyKey: `launch-${started.sessionId}` });
    expect(seen[0]!.body).toMatchObject({
      vassalage: "AGG",
      mode: "real",
      currency: "PKR",
      language: "en",
    });
    expect(started.url).toBe("https://play.aggregator.test/g/1");
  });

  test("an unusable answer (javascript: URL, 4xx) is provider_unavailable and nothing is framed", async () => {
    const memberId = await insertMember(handle.db);
    const game = await insertGame(handle.db, { nodeId: 9_099_001, vassalage: "AGG" });
    launchEndpoint(() => HttpResponse.json({ url: "javascript:alert(1)" }));
    await expect(
      startGame(handle.db, {
        member: { id: memberId, account: "x" },
        game,
        mode: "real",
        language: "en",
        brand,
      }),
    ).rejects.toMatchObject({
      code: "provider_unavailable",
    });
    launchEndpoint(() => HttpResponse.json({ error: "no" }, { status: 403 }));
    await expect(
      startGame(handle.db, {
        member: { id: memberId, account: "x" },
        game,
        mode: "real",
        language: "en",
        brand,
      }),
    ).rejects.toMatchObject({
      code: "provider_unavailable",
    });
  });
});

describe("HTTP aggregator: seamless wallet callbacks", () => {
  test("bet then win; a replayed callback answers like the first and moves nothing", async () => {
    const { playerToken } = await aggregatorPlayer();
    expect((await call({ action: "balance", playerToken })).body).toEqual({
      ok: true,
      balance: "10000",
    });
    const bet = await call({
      action: "debit",
      playerToken,
      txId: "t-1",
      roundId: "R1",
      amount: "2500",
    });
    expect(bet).toEqual({
      status: 200,
      body: { ok: true, balance: "7500", txId: "t-1", replayed: false },
    });
    const replay = await call({
      action: "debit",
      playerToken,
      txId: "t-1",
      roundId: "R1",
      amount: "2500",
    });
    expect(replay.body).toMatchObject({ ok: true, balance: "7500", replayed: true });
    const win = await call({
      action: "credit",
      playerToken,
      txId: "t-2",
      roundId: "R1",
      amount: "6000",
    });
    expect(win.body).toMatchObject({ ok: true, balance: "13500", replayed: false });
    expect(
      (await call({ action: "credit", playerToken, txId: "t-2", roundId: "R1", amount: "6000" }))
        .body,
    ).toMatchObject({ balance: "13500", replayed: true });
  });

  test("out of order: a win before its bet is refused (the aggregator retries), a rollback before its bet blocks the bet", async () => {
    const { playerToken } = await aggregatorPlayer();
    expect(
      (await call({ action: "credit", playerToken, txId: "w-9", roundId: "R9", amount: "100" }))
        .body,
    ).toEqual({
      ok: false,
      error: "bet_not_found",
      balance: "10000",
    });
    await call({ action: "debit", playerToken, txId: "b-9", roundId: "R9", amount: "100" });
    expect(
      (await call({ action: "credit", playerToken, txId: "w-9", roundId: "R9", amount: "100" }))
        .body,
    ).toMatchObject({ ok: true, balance: "10000" });

    expect(
      (await call({ action: "rollback", playerToken, txId: "x-8", refTxId: "b-8", roundId: "R8" }))
        .body,
    ).toMatchObject({ ok: true, balance: "10000" });
    expect(
      (await call({ action: "debit", playerToken, txId: "b-8", roundId: "R8", amount: "500" }))
        .body,
    ).toMatchObject({
      ok: false,
      error: "transaction_rolled_back",
      balance: "10000",
    });
  });

  test("unsigned, wrongly signed, altered and stale callbacks are refused before anything is read", async () => {
    const { playerToken } = await aggregatorPlayer();
    const message = { action: "debit", playerToken, txId: "u-1", roundId: "U1", amount: "100" };
    expect(await call(message, { key: null })).toEqual({
      status: 401,
      body: { ok: false, error: "invalid_signature" },
    });
    expect((await call(message, { key: "someone-elses-key-0123456789" })).status).toBe(401);
    const rawBody = JSON.stringify({ ...message, timestamp: unixSeconds(new Date()) });
    const altered = rawBody.replace('"100"', '"1"');
    expect(
      (
        await answerAggregatorWalletCall(handle.db, {
          rawBody: altered,
          signature: signBody(rawBody, KEY),
          key: KEY,
          brand,
        })
      ).status,
    ).toBe(401);
    expect((await call(message, { timestamp: unixSeconds(new Date()) - 3600 })).body).toEqual({
      ok: false,
      error: "stale",
    });
    expect((await call({ action: "balance", playerToken })).body).toMatchObject({
      balance: "10000",
    });
  });

  test("only real-money sessions the aggregator launched may move money", async () => {
    const memberId = await insertMember(handle.db);
    await fundMain(handle.db, memberId, 1_000n);
    const game = await insertGame(handle.db, { nodeId: 9_099_002, vassalage: "AGG" });
    const demo = await createGameSession(handle.db, {
      memberId,
      game,
      provider: "aggregator",
      mode: "demo",
      language: "en",
    });
    const ours = await createGameSession(handle.db, {
      memberId,
      game,
      provider: "demo",
      mode: "real",
      language: "en",
    });
    for (const token of [demo.token, ours.token, "not-a-session-token-at-all"]) {
      expect(
        (
          await call({
            action: "debit",
            playerToken: token,
            txId: `s-${token.slice(0, 6)}`,
            roundId: "S",
            amount: "10",
          })
        ).body,
      ).toEqual({
        ok: false,
        error: "invalid_session",
      });
    }
  });

  test("malformed messages (bad amount, unknown action) are 400", async () => {
    const { playerToken } = await aggregatorPlayer();
    expect(
      (await call({ action: "debit", playerToken, txId: "m-1", roundId: "M", amount: "-5" }))
        .status,
    ).toBe(400);
    expect((await call({ action: "steal", playerToken })).status).toBe(400);
  });
});
