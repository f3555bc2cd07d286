import { describe, expect, test, vi } from "vitest";
import { drawInterval } from "~/platform/play/lottery/draws.server";
import { openDrawNo } from "~/platform/play/lottery/schedule";
import { mainBalance } from "~/platform/wallet/balance.server";
import { formatMoney } from "~/utils/money";
import en from "../../locales/en/common.json";
import { useSeededDatabase } from "../helpers/database";
import { fundMain } from "../helpers/play";
import { wageringBonus } from "../helpers/rewards";
import { jsonBody, routeArgs, signInMember, thrownResponse } from "../helpers/routes";
import { formKey, insertMember } from "../helpers/wallet";

// Draws last a day, so no test straddles a close (set before anything reads the config:
// imports are hoisted above plain code).
vi.hoisted(() => {
  process.env.LOTTERY_DRAW_SECONDS = "86400";
});

// The routes' database is this test database.
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

/** The demo brand's currency. */
const CURRENCY = { symbol: "Rs", minorUnits: 2 };

const lottery = () => import("~/routes/_portal+/lottery");
const seaLottery = () => import("~/routes/_portal+/seaLottery");
const vnLottery = () => import("~/routes/_portal+/vnLottery");

async function signedIn(minor: bigint, type = 0) {
  const id = await insertMember(handle.db, { type });
  if (minor > 0n) await fundMain(handle.db, id, minor);
  const { cookie } = await signInMember(handle.db, id);
  return { id, cookie };
}

const page = (path: string, cookie?: string) =>
  routeArgs(path, { headers: cookie ? { Cookie: cookie } : {} });

/** A bet form's POST as a browser sends it: repeated `pick` fields, same origin unless told otherwise. */
function betPost(
  cookie: string,
  fields: [string, string][],
  headers: Record<string, string> = {},
  path = "/lottery?gameCode=ELOTT-0005",
) {
  return routeArgs(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      Origin: "http://localhost",
      Referer: `http://localhost${path}`,
      Cookie: cookie,
      ...headers,
    },
  });
}

const openDraw = () => String(openDrawNo(new Date(), drawInterval()));

/** An SSC "sum big/small" bet on ELOTT-0005 (the /lottery page's SSC game in the ELOTT prize mode). */
const sscBet = (
  overrides: Record<string, string> = {},
  picks: string[] = ["big"],
): [string, string][] => {
  const fields = {
    gameCode: "ELOTT-0005",
    betKind: "sum_big_small",
    drawNo: openDraw(),
    stake: "10",
    roundKey: formKey() + formKey(),
    ...overrides,
  };
  return [...Object.entries(fields), ...picks.map((pick): [string, string] => ["pick", pick])];
};

const bets = (memberId: string) =>
  handle.db.selectFrom("bets").selectAll().where("member_id", "=", memberId).execute();
const balance = (memberId: string) => mainBalance(handle.db, { id: memberId });

describe("lottery pages: loaders", () => {
  test("a visitor goes to log in, with the page to come back to", async () => {
    for (const [load, path] of [
      [lottery, "/lottery?gameCode=LOTT-0001"],
      [seaLottery, "/seaLottery"],
      [vnLottery, "/vnLottery"],
    ] as const) {
      const { loader } = await load();
      const response = await thrownResponse(loader(page(path)));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(
        `/login?redirectTo=${encodeURIComponent(path)}`,
      );
    }
  });

  test("/lottery: the menu of the prize mode (ELOTT in the demo brand) by type, its first game, the open draw and bet kinds", async () => {
    const member = await signedIn(0n);
    const { loader } = await lottery();
    const data = await jsonBody(loader(page("/lottery", member.cookie)));
    expect(data.prizeMode).toBe("ELOTT");
    expect(data.menu.map((group: { accountTypeName: string }) => group.accountTypeName)).toEqual([
      "11x5",
      "LF",
      "LHC",
      "PK10",
      "SSC",
    ]);
    expect(
      data.menu.flatMap((group: { games: { gameCode: string }[] }) =>
        group.games.map((game) => game.gameCode),
      ),
    ).toEqual(["ELOTT-0001", "ELOTT-0002", "ELOTT-0003", "ELOTT-0004", "ELOTT-0005"]);
    expect(data.game).toMatchObject({ gameCode: "ELOTT-0001", type: "11x5" });
    expect(data.menu[0].games[0]).toMatchObject({
      href: "/lottery?gameCode=ELOTT-0001",
      current: true,
    });
    expect(data.draw.drawNo).toBe(Number(openDraw()));
    expect(data.draw.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(data.draw.secondsLeft).toBeGreaterThan(0);
    expect(data.kinds.map((kind: { code: string }) => kind.code)).toEqual([
      "first",
      "any_one",
      "any_two",
      "all_five",
    ]);
    expect(data.kinds[2]).toMatchObject({ odds: "5.40", rtp: "98.18", defaults: ["1", "2"] });
    expect(data.recent).toHaveLength(10);
    expect(data.recent[0].numbers).toHaveLength(5);
    expect(data.recent[0].seed).toMatch(/^[0-9a-f]{64}$/);
    expect(data.bets).toEqual([]);
    expect(data.canBet).toBe(true);
  });

  test("?gameCode= picks the game: one of the other lane joins the menu; one of another page's vendor is a 404", async () => {
    const member = await signedIn(0n);
    const { loader } = await lottery();
    const data = await jsonBody(loader(page("/lottery?gameCode=LOTT-0004", member.cookie)));
    expect(data.game).toMatchObject({ gameCode: "LOTT-0004", type: "PK10" });
    const pk10 = data.menu.find(
      (group: { accountTypeName: string }) => group.accountTypeName === "PK10",
    );
    expect(pk10.games.map((game: { gameCode: string }) => game.gameCode)).toEqual([
      "ELOTT-0004",
      "LOTT-0004",
    ]);
    expect(
      (await thrownResponse(loader(page("/lottery?gameCode=TCG_SEA-0001", member.cookie)))).status,
    ).toBe(404);
    expect(
      (await thrownResponse(loader(page("/lottery?gameCode=nope'", member.cookie)))).status,
    ).toBe(404);
  });

  test("/seaLottery shows the SEA vendor (prize mode SEA), /vnLottery the VN one", async () => {
    const member = await signedIn(0n);
    const sea = await jsonBody((await seaLottery()).loader(page("/seaLottery", member.cookie)));
    expect(sea.prizeMode).toBe("SEA");
    expect(sea.game.gameCode).toBe("TCG_SEA-0001");
    expect(
      sea.menu.flatMap((group: { games: { gameCode: string }[] }) =>
        group.games.map((game) => game.gameCode),
      ),
    ).toHaveLength(5);
    const vn = await jsonBody(
      (await vnLottery()).loader(page("/vnLottery?gameCode=TCG_LOTTO_VN-0003", member.cookie)),
    );
    expect(vn.game).toMatchObject({ gameCode: "TCG_LOTTO_VN-0003", type: "LHC", special: true });
    // The VN vendor sits in both lanes with the same codes: each game once.
    expect(
      vn.menu.flatMap((group: { games: { gameCode: string }[] }) =>
        group.games.map((game) => game.gameCode),
      ),
    ).toHaveLength(5);
  });
});

describe("lottery pages: bets", () => {
  test("a bet is debited and listed as open; the page says so", async () => {
    const member = await signedIn(100_00n);
    const { action, loader } = await lottery();
    const response = (await action(betPost(member.cookie, sscBet()))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      `/lottery?gameCode=ELOTT-0005&placed=${openDraw()}`,
    );
    expect(await balance(member.id)).toBe("9000");
    const [bet] = await bets(member.id);
    expect(bet).toMatchObject({
      vassalage: "ELOTT",
      category: "ELOTT",
      game_code: "ELOTT-0005",
      status: "open",
      stake: "1000",
    });
    expect(bet!.round_id).toMatch(new RegExp(`^ELOTT-0005-${openDraw()}-`));
    const data = await jsonBody(loader(page(response.headers.get("Location")!, member.cookie)));
    expect(data.placed).toBe(Number(openDraw()));
    expect(data.bets).toEqual([
      expect.objectContaining({
        betKind: "sum_big_small",
        selection: "big",
        odds: "1.96",
        stake: "1000",
        status: "open",
        drawNo: Number(openDraw()),
      }),
    ]);
  });

  test("a page that settles the member's bet asks for itself again, so the header's balance is the paid one", async () => {
    const member = await signedIn(100_00n);
    const { action, loader } = await lottery();
    // LF (3D) sum big/small, on a game no other test bets on: its draw is closed below.
    const lf = { gameCode: "ELOTT-0002" };
    await action(betPost(member.cookie, sscBet(lf, ["big"])));
    await action(betPost(member.cookie, sscBet(lf, ["small"])));
    // The draw closes (its row says so: draws here last a day).
    await handle.db
      .updateTable("lottery_draws")
      .set({ closes_at: new Date(Date.now() - 1_000) })
      .where("game_code", "=", "ELOTT-0002")
      .where("draw_no", "=", openDraw())
      .execute();
    const again = await thrownResponse(loader(page("/lottery?gameCode=ELOTT-0002", member.cookie)));
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/lottery?gameCode=ELOTT-0002");
    const data = await jsonBody(loader(page("/lottery?gameCode=ELOTT-0002", member.cookie)));
    expect(data.bets.map((bet: { status: string }) => bet.status)).toEqual(["settled", "settled"]);
    expect(data.bets.map((bet: { payout: string }) => bet.payout).sort()).toEqual(["0", "1960"]);
    // 100 − 2 × 10 + 19.60, on the page and in the ledger.
    expect(data.balance).toBe("9960");
    expect(await balance(member.id)).toBe("9960");
    const closed = data.recent.find(
      (draw: { drawNo: number }) => draw.drawNo === Number(openDraw()),
    );
    expect(closed.numbers).toHaveLength(3);
  });

  test("the same form twice is one bet", async () => {
    const member = await signedIn(100_00n);
    const { action } = await lottery();
    const fields = sscBet();
    expect(((await action(betPost(member.cookie, fields))) as Response).status).toBe(302);
    expect(((await action(betPost(member.cookie, fields))) as Response).status).toBe(302);
    expect(await bets(member.id)).toHaveLength(1);
    expect(await balance(member.id)).toBe("9000");
  });

  test("refusals come back as 400 on the bet kind's form, translated, and write nothing", async () => {
    const member = await signedIn(5_00n);
    const { action } = await lottery();
    const refuse = async (fields: [string, string][]) => {
      const response = (await action(betPost(member.cookie, fields))) as Response;
      expect(response.status).toBe(400);
      return jsonBody(response);
    };
    const badPick = await refuse(sscBet({}, ["huge"]));
    expect(badPick.betKind).toBe("sum_big_small");
    expect(badPick.result.error.pick).toEqual(["Please pick valid numbers for this bet."]);
    const twoNumbersAlike = await refuse(
      sscBet({ gameCode: "ELOTT-0001", betKind: "any_two" }, ["3", "3"]),
    );
    expect(twoNumbersAlike.result.error.pick).toEqual(["Please pick valid numbers for this bet."]);
    const noPick = await refuse(sscBet({}, []));
    expect(noPick.result.error.pick).toBeDefined();
    const tooMuch = await refuse(sscBet({ stake: "10" }));
    expect(tooMuch.result.error.stake).toEqual(["Insufficient balance"]);
    const noStake = await refuse(sscBet({ stake: "" }));
    expect(noStake.result.error.stake).toEqual(["Please enter an amount"]);
    const closed = await refuse(sscBet({ drawNo: String(Number(openDraw()) - 1) }));
    expect(closed.result.error[""]).toEqual([
      "This draw has closed. Reload the page to bet on the next one.",
    ]);
    const unknownKind = await refuse(sscBet({ betKind: "champion" }));
    expect(unknownKind.result.error[""]).toEqual(["This bet is not offered for this game."]);
    const noKey = await refuse(sscBet({ roundKey: "x" }));
    expect(noKey.result.error[""]).toEqual([
      "This form is out of date. Please reload the page and try again.",
    ]);
    expect(await bets(member.id)).toEqual([]);
    expect(await balance(member.id)).toBe("500");
    // A game of another page's vendor is not this page's to bet on.
    expect(
      (await thrownResponse(action(betPost(member.cookie, sscBet({ gameCode: "TCG_SEA-0005" })))))
        .status,
    ).toBe(404);
  });

  test("a stake above a wagered bonus's max bet is refused on the stake field, translated with the limit in money", async () => {
    const member = await signedIn(100_00n);
    await wageringBonus(handle.db, member.id, 10_00n, { maxBet: 5_00, maxBetRule: "refuse" });
    const { action } = await lottery();
    const response = (await action(betPost(member.cookie, sscBet({ stake: "5.01" })))) as Response;
    expect(response.status).toBe(400);
    const reply = await jsonBody(response);
    expect(reply.betKind).toBe("sum_big_small");
    expect(reply.result.error.stake).toEqual([
      en.rewards.error.bonus_max_bet.replace("{{max}}", formatMoney(5_00n, CURRENCY, "en")),
    ]);
    // The typed stake stays in the form.
    expect(reply.result.initialValue.stake).toBe("5.01");
    expect(await bets(member.id)).toEqual([]);
    // At the limit it is taken.
    expect(
      ((await action(betPost(member.cookie, sscBet({ stake: "5" })))) as Response).status,
    ).toBe(302);
  });

  test("a trial account gets the real-account notice and bets nothing; its page shows no betting", async () => {
    const trial = await signedIn(100_00n, 4);
    const { action, loader } = await lottery();
    const response = await thrownResponse(action(betPost(trial.cookie, sscBet())));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      "/lottery?gameCode=ELOTT-0005&modal=real-account",
    );
    expect(await bets(trial.id)).toEqual([]);
    expect((await jsonBody(loader(page("/lottery", trial.cookie)))).canBet).toBe(false);
  });

  test("a visitor's bet goes to log in; a post from another site is refused before anything else", async () => {
    const { action } = await lottery();
    const visitor = await thrownResponse(
      action(
        routeArgs("/lottery", {
          method: "POST",
          body: new URLSearchParams(sscBet()),
          headers: { Origin: "http://localhost" },
        }),
      ),
    );
    expect(visitor.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    const member = await signedIn(100_00n);
    const crossSite = await thrownResponse(
      action(betPost(member.cookie, sscBet(), { Origin: "https://evil.example" })),
    );
    expect(crossSite.status).toBe(403);
    const fetchSite = await thrownResponse(
      action(betPost(member.cookie, sscBet(), { "Sec-Fetch-Site": "cross-site" })),
    );
    expect(fetchSite.status).toBe(403);
    expect(await bets(member.id)).toEqual([]);
  });
});
