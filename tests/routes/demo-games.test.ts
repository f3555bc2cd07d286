import { createRemixStub } from "@remix-run/testing";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { createGameSession } from "~/platform/play/game-sessions.server";
import { setLimit } from "~/platform/protection/limits.server";
import { mainBalance } from "~/platform/wallet/balance.server";
import { HOUSE, MAIN, memberKey, postEntry } from "~/platform/wallet/ledger.server";
import { I18nProvider, LabelSourceProvider, type LabelSource } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import en from "../../locales/en/common.json";
import { useSeededDatabase } from "../helpers/database";
import { seededGame } from "../helpers/play";
import { wageringBonus } from "../helpers/rewards";
import {
  formPost,
  jsonBody,
  routeArgs,
  signInMember,
  thrownResponse,
  quietServerRenderWarnings,
} from "../helpers/routes";
import { formKey, insertMember } from "../helpers/wallet";

const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const gameRoute = () => import("~/routes/demo-games.$token");
const verifyRoute = () => import("~/routes/demo-games.$token_.verify.$roundId");

/** A member with `minor` on MAIN and a launched session of a game. */
async function launched(minor: bigint, category = "RNG", mode: "real" | "demo" = "real") {
  const memberId = await insertMember(handle.db);
  if (minor > 0n) {
    await postEntry(handle.db, {
      key: memberKey(memberId, "test-credit", formKey()),
      kind: "deposit",
      memberId,
      movements: [{ from: { house: HOUSE.payments }, to: { memberId, kind: MAIN }, amount: minor }],
    });
  }
  const game = await seededGame(handle.db, category);
  const { id, token } = await createGameSession(handle.db, {
    memberId,
    game,
    provider: "demo",
    mode,
    language: "en",
  });
  return { memberId, sessionId: id, token, game };
}

const page = (token: string, query = "", headers: Record<string, string> = {}) => ({
  ...routeArgs(`/demo-games/${token}${query}`, { headers }),
  params: { token },
});
const post = (
  token: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) => ({
  ...formPost(`/demo-games/${token}`, fields, headers),
  params: { token },
});
const spin = (
  token: string,
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
) => post(token, { intent: "spin", roundKey: formKey(), stake: "100", ...fields }, headers);

async function roundIdOf(response: Response, token: string) {
  expect(response.status).toBe(302);
  const location = response.headers.get("Location") ?? "";
  expect(location).toMatch(new RegExp(`^/demo-games/${token}\\?round=\\d+$`));
  return location.split("round=")[1]!;
}

const betsOf = (memberId: string) =>
  handle.db.selectFrom("bets").selectAll().where("member_id", "=", memberId).execute();

describe("/demo-games/:token", () => {
  test("an unknown or expired token is a 404, for the page, the spin and the verify view", async () => {
    const { loader, action } = await gameRoute();
    expect((await thrownResponse(loader(page("no-such-token")))).status).toBe(404);
    expect((await thrownResponse(action(spin("no-such-token")))).status).toBe(404);
    const { token, sessionId } = await launched(0n);
    await handle.db
      .updateTable("game_sessions")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", sessionId)
      .execute();
    expect((await thrownResponse(loader(page(token)))).status).toBe(404);
    const verify = await verifyRoute();
    expect(
      (await thrownResponse(verify.loader({ ...page(token), params: { token, roundId: "1" } })))
        .status,
    ).toBe(404);
  });

  test("the page shows the slot, the balance, a fresh round key and the active seed hash (no cookie needed)", async () => {
    const { token, game } = await launched(50_000n);
    const { loader } = await gameRoute();
    const data = await jsonBody(loader(page(token)));
    expect(data).toMatchObject({
      mode: "real",
      balance: "50000",
      game: { nodeId: game.nodeId },
      engine: { kind: "slot" },
      result: null,
      recall: [],
    });
    expect(data.engine.rtp).toMatch(/^9[4-7]\.00$/);
    expect(data.stakes[0]).toBe("100");
    expect(data.roundKey).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(data.fairness.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(data.fairness.nextNonce).toBe(0);
    expect((await jsonBody(loader(page(token)))).roundKey).not.toBe(data.roundKey);
  });

  test("a spin is a form POST: it bets through the wallet and redirects to its result; the same key again plays nothing new", async () => {
    const { memberId, token } = await launched(50_000n);
    const { loader, action } = await gameRoute();
    const fields = { roundKey: formKey() };
    const roundId = await roundIdOf(await action(spin(token, fields)), token);
    const data = await jsonBody(loader(page(token, `?round=${roundId}`)));
    expect(data.result.id).toBe(roundId);
    expect(data.result.outcome.engine).toBe("slot");
    expect(data.balance).toBe((50_000n - 100n + BigInt(data.result.payout)).toString());
    expect(await mainBalance(handle.db, { id: memberId })).toBe(
      (50_000n - 100n + BigInt(data.result.payout)).toString(),
    );
    expect(data.recall).toHaveLength(1);
    expect(data.recall[0]).toMatchObject({
      id: roundId,
      mode: "real",
      stake: "100",
      verifiable: false,
    });
    expect(data.fairness.nextNonce).toBe(1);
    // A double click or a reloaded POST carries the same key.
    expect(await roundIdOf(await action(spin(token, fields)), token)).toBe(roundId);
    expect(await betsOf(memberId)).toHaveLength(1);
    expect((await betsOf(memberId))[0]).toMatchObject({
      round_id: `demo-${roundId}`,
      stake: "100",
      status: "settled",
    });
  });

  test("insufficient balance, a stake not offered or a malformed form is a 400 with a translated message; another site's POST is refused", async () => {
    const { memberId, token } = await launched(50n);
    const { action } = await gameRoute();
    const poor = await action(spin(token));
    expect(poor.status).toBe(400);
    expect(await jsonBody(poor)).toEqual({
      intent: "spin",
      error: en.demoGame.errors.insufficient_balance,
    });
    const odd = await action(spin(token, { stake: "150" }));
    expect(await jsonBody(odd)).toEqual({ intent: "spin", error: en.demoGame.errors.invalid_bet });
    const bad = await action(spin(token, { stake: "lots" }));
    expect(bad.status).toBe(400);
    expect(await jsonBody(bad)).toEqual({ intent: "spin", error: en.demoGame.errors.invalid_form });
    const foreign = await thrownResponse(
      action(spin(token, {}, { Origin: "https://evil.example" })),
    );
    expect(foreign.status).toBe(403);
    expect(await betsOf(memberId)).toHaveLength(0);
    expect(
      await handle.db
        .selectFrom("game_rounds")
        .select("id")
        .where("member_id", "=", memberId)
        .execute(),
    ).toHaveLength(0);
  });

  test("a stake above a wagered bonus's max bet is a 400 with the rewards refusal, its limit in money, and plays nothing", async () => {
    const { memberId, token } = await launched(50_000n);
    await wageringBonus(handle.db, memberId, 10_00n, { maxBet: 99, maxBetRule: "refuse" });
    const { action } = await gameRoute();
    const refused = await action(spin(token, { stake: "100" }));
    expect(refused.status).toBe(400);
    const max = formatMoney(99n, { symbol: "Rs", minorUnits: 2 }, "en");
    expect(await jsonBody(refused)).toEqual({
      intent: "spin",
      error: en.rewards.error.bonus_max_bet.replace("{{max}}", max),
    });
    expect(await betsOf(memberId)).toHaveLength(0);
    expect(await mainBalance(handle.db, { id: memberId })).toBe("50000");
  });

  test("a stake past the member's wager limit is a 400 with the protection refusal and plays nothing (issue 17)", async () => {
    const { memberId, token } = await launched(50_000n);
    const context = { ip: null, userAgent: null };
    await setLimit(handle.db, { memberId, kind: "wager", period: "day", amount: 50n }, context);
    const { action } = await gameRoute();
    const refused = await action(spin(token, { stake: "100" }));
    expect(refused.status).toBe(400);
    expect(await jsonBody(refused)).toEqual({
      intent: "spin",
      error: en.protection.error.wager_limit
        .replace("{{period}}", en.protection.period.day)
        .replace("{{allowed}}", formatMoney(50n, { symbol: "Rs", minorUnits: 2 }, "en")),
    });
    expect(await betsOf(memberId)).toHaveLength(0);
  });

  test("a token opens only its own member's game: not while another member is signed in, and never another member's round", async () => {
    const owner = await launched(50_000n);
    const other = await launched(50_000n);
    const { loader, action } = await gameRoute();
    const roundId = await roundIdOf(await action(spin(owner.token)), owner.token);
    const { cookie } = await signInMember(handle.db, other.memberId);
    expect((await thrownResponse(loader(page(owner.token, "", { Cookie: cookie })))).status).toBe(
      404,
    );
    expect((await thrownResponse(action(spin(owner.token, {}, { Cookie: cookie })))).status).toBe(
      404,
    );
    // Their own token, the owner's round id.
    expect((await thrownResponse(loader(page(other.token, `?round=${roundId}`)))).status).toBe(404);
    const verify = await verifyRoute();
    expect(
      (
        await thrownResponse(
          verify.loader({ ...page(other.token), params: { token: other.token, roundId } }),
        )
      ).status,
    ).toBe(404);
    // The owner, signed in, uses it as usual.
    const mine = await signInMember(handle.db, owner.memberId);
    expect(
      (await jsonBody(loader(page(owner.token, `?round=${roundId}`, { Cookie: mine.cookie }))))
        .result.id,
    ).toBe(roundId);
    expect(await betsOf(other.memberId)).toHaveLength(0);
  });

  test("rotating the seed pair reveals the server seed, and the verify view recomputes the round and says it matches", async () => {
    const { token } = await launched(50_000n);
    const { loader, action } = await gameRoute();
    const before = await jsonBody(loader(page(token)));
    const roundId = await roundIdOf(await action(spin(token)), token);
    const verify = await verifyRoute();
    const sealed = await jsonBody(verify.loader({ ...page(token), params: { token, roundId } }));
    expect(sealed).toMatchObject({ outcomeMatches: null, seed: { serverSeed: null } });

    const badSeed = await action(post(token, { intent: "rotate", clientSeed: "no spaces" }));
    expect(await jsonBody(badSeed)).toEqual({
      intent: "rotate",
      error: en.demoGame.errors.invalid_client_seed,
    });
    const rotated = await action(post(token, { intent: "rotate", clientSeed: "lucky-7" }));
    expect(rotated.headers.get("Location")).toBe(`/demo-games/${token}?rotated=1`);
    const after = await jsonBody(loader(page(token, "?rotated=1")));
    expect(after.fairness).toMatchObject({ clientSeed: "lucky-7", nextNonce: 0, rotated: true });
    expect(after.fairness.revealed[0]).toMatchObject({
      serverSeedHash: before.fairness.serverSeedHash,
      rounds: 1,
    });
    expect(after.recall[0]).toMatchObject({ id: roundId, verifiable: true });

    const checked = await jsonBody(verify.loader({ ...page(token), params: { token, roundId } }));
    expect(checked).toMatchObject({
      outcomeMatches: true,
      hashMatches: true,
      seed: { serverSeed: after.fairness.revealed[0].serverSeed },
    });
    expect(checked.recomputed.summary).toBe(checked.round.summary);
  });

  test("free trial spins with play money: the session's balance changes, the wallet and the bets do not", async () => {
    const { memberId, token } = await launched(50_000n, "RNG", "demo");
    const { loader, action } = await gameRoute();
    const start = await jsonBody(loader(page(token)));
    expect(start).toMatchObject({ mode: "demo", balance: "200000" });
    const roundId = await roundIdOf(await action(spin(token, { stake: "1000" })), token);
    const data = await jsonBody(loader(page(token, `?round=${roundId}`)));
    expect(data.balance).toBe((200_000n - 1_000n + BigInt(data.result.payout)).toString());
    expect(await mainBalance(handle.db, { id: memberId })).toBe("50000");
    expect(await betsOf(memberId)).toHaveLength(0);
  });

  test("a live table plays roulette: the bet kind and number come from the form", async () => {
    const { memberId, token } = await launched(50_000n, "LIVE");
    const { loader, action } = await gameRoute();
    expect((await jsonBody(loader(page(token)))).engine).toMatchObject({
      kind: "roulette",
      rtp: "97.30",
    });
    const roundId = await roundIdOf(
      await action(spin(token, { betKind: "straight", number: "17", dozen: "1" })),
      token,
    );
    const data = await jsonBody(loader(page(token, `?round=${roundId}`)));
    expect(data.result.outcome).toMatchObject({
      engine: "roulette",
      bet: { kind: "straight", number: 17 },
    });
    expect(data.result.summary).toMatch(/^\d{1,2} [GRB]$/);
    expect(data.bet).toEqual({ kind: "straight", number: 17 });
    const missing = await action(spin(token, { betKind: "straight" }));
    expect(missing.status).toBe(400);
    expect((await betsOf(memberId))[0]).toMatchObject({ category: "LIVE", stake: "100" });
  });
});

describe("rendered game page", () => {
  quietServerRenderWarnings();

  test("reels with named symbols, a labelled stake, the spin form with its key, the result as a status, and the fairness panel", async () => {
    const { token } = await launched(50_000n);
    const module = await gameRoute();
    const roundId = await roundIdOf(await module.action(spin(token)), token);
    const loaderData = await jsonBody(module.loader(page(token, `?round=${roundId}`)));
    const source: LabelSource = { initialLocale: "en", get: () => en, load: async () => en };
    const path = `/demo-games/${token}`;
    const Stub = createRemixStub([
      { id: "game", path: "/demo-games/:token", Component: module.default },
    ]);
    const html = renderToString(
      createElement(
        LabelSourceProvider,
        { value: source },
        createElement(
          I18nProvider,
          null,
          createElement(Stub, {
            initialEntries: [`${path}?round=${roundId}`],
            hydrationData: { loaderData: { game: loaderData } },
          }),
        ),
      ),
    );
    expect(html).toContain('data-testid="slot-reels"');
    for (const row of loaderData.result.outcome.rows)
      for (const symbol of row)
        expect(html).toContain(
          `<span class="visually-hidden">${en.demoGame.symbols[symbol as keyof typeof en.demoGame.symbols]}</span>`,
        );
    expect(html).toContain(`<label for="demo-stake">${en.demoGame.stake}</label>`);
    expect(html).toContain(`name="roundKey" value="${loaderData.roundKey}"`);
    expect(html).toContain('role="status"');
    expect(html).toContain(loaderData.fairness.serverSeedHash);
    expect(html).toContain(
      `<strong data-testid="demo-balance">${formatMoney(loaderData.balance, { symbol: "Rs", minorUnits: 2 })}</strong>`,
    );
    expect(html).toContain('<option value="100" selected="">Rs 1.00</option>');
    // Posted to the game itself, not to the result it shows.
    expect(html).toContain(`action="/demo-games/${token}" class="demo-bet-form"`);
    expect(html).toContain(`>${en.demoGame.spin}</button>`);
  });
});
