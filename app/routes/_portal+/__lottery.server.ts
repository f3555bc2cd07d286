import type { SubmissionResult } from "@conform-to/react";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type TypedResponse,
} from "@remix-run/node";
import * as z from "zod/v4";
import type { TFunction } from "~/i18n";
import { formatTimestamp } from "~/platform/calendar/datetime";
import type { Database } from "~/platform/db/open.server";
import { PlatformError } from "~/platform/errors";
import { playAccount } from "~/platform/play/game-sessions.server";
import {
  hasDueLotteryBets,
  memberLotteryBets,
  placeLotteryBet,
} from "~/platform/play/lottery/bets.server";
import {
  drawInterval,
  openDraw,
  recentDraws,
  settleDueDraws,
} from "~/platform/play/lottery/draws.server";
import { lotteryMenu, pagePrizeMode, type LotteryGame } from "~/platform/play/lottery/menu.server";
import { LOTTERY_PAGES, type LotteryPageName } from "~/platform/play/lottery/pages";
import {
  oddsText,
  percentText,
  rtpOf,
  rulesOf,
  selectionClasses,
} from "~/platform/play/lottery/rules";
import { secondsUntilClose } from "~/platform/play/lottery/schedule";
import { seamlessBalance } from "~/platform/play/seamless-wallet.server";
import { getDb } from "~/platform/start.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { requireMember, requireRealMember } from "~/utils/auth.server";
import { readForm, parseSubmission, formFailure } from "~/utils/form.server";
import { i18next, translatorFor } from "~/utils/i18next.server";
import { notFound } from "~/utils/misc";
import { realityView } from "~/utils/reality-check.server";
import {
  amountField,
  idempotencyKeyField,
  newFormKey,
  walletErrorMessage,
} from "~/utils/wallet.server";

/**
 * The loader and action the three lottery pages share (/lottery,
 * /seaLottery, /vnLottery): each route names its page and calls these.
 */

const GAME_CODE = /^[A-Za-z0-9_-]{1,64}$/;

/** Where a page shows a game (and where a bet comes back to). */
export function lotteryHref(
  page: LotteryPageName,
  gameCode: string,
  extra: Record<string, string> = {},
) {
  return `${LOTTERY_PAGES[page].path}?${new URLSearchParams({ gameCode, ...extra })}`;
}

async function pageGame(
  db: Database,
  brand: BrandConfig,
  language: string,
  page: LotteryPageName,
  gameCode: string | null,
) {
  const prizeMode = await pagePrizeMode(db, brand, language, page);
  return { prizeMode, ...(await lotteryMenu(db, { page, prizeMode, language, gameCode })) };
}

/** The bet kinds of the game's type as the bet forms need them: what to pick, odds and RTP as text. */
function betKinds(game: LotteryGame) {
  return rulesOf(game.type).kinds.map((kind) => ({
    code: kind.code,
    pick: kind.pick,
    odds: oddsText(kind.odds),
    rtp: percentText(rtpOf(kind)),
    // One per form and render: a double submit of this form is one bet, any other form or render a new one.
    roundKey: newFormKey(),
    // Valid at once (different numbers where they must differ), so the untouched form is a real bet.
    defaults: (() => {
      const first = selectionClasses(kind)[0]!;
      return typeof first === "string" ? [first] : first.map(String);
    })(),
  }));
}

export async function lotteryLoader(page: LotteryPageName, { request }: LoaderFunctionArgs) {
  const viewer = await requireMember(request);
  const url = new URL(request.url);
  const requested = url.searchParams.get("gameCode");
  if (requested !== null && !GAME_CODE.test(requested)) throw notFound();
  const db = await getDb();
  const [brand, t, language] = await Promise.all([
    getBrandConfig(db),
    translatorFor(request),
    i18next.getLocale(request),
  ]);
  const now = new Date();
  // Lazy settling: whoever looks at a lottery settles what has closed. The layout read the
  // header's balance alongside this loader; when the member's own bets were just paid, the
  // page is asked for again, so the header shows the balance after the payout.
  const due = await hasDueLotteryBets(db, viewer.member.id, now);
  await settleDueDraws(db, now);
  if (due && !(await hasDueLotteryBets(db, viewer.member.id, now)))
    throw redirect(url.pathname + url.search);
  const { prizeMode, menu, game } = await pageGame(db, brand, language, page, requested || null);
  if (requested && !game) throw notFound();
  const time = (at: Date) => formatTimestamp(at.toISOString(), brand.timeZone);
  const base = {
    title: t(`lottery.page.${page}`),
    brandName: brand.name,
    page,
    prizeMode,
    currency: brand.currency,
    menu: menu.groups.map((group) => ({
      accountTypeName: group.accountTypeName,
      games: group.games.map((entry) => ({
        gameCode: entry.gameCode,
        gameName: entry.gameName,
        href: lotteryHref(page, entry.gameCode),
        current: entry.gameCode === game?.gameCode,
      })),
    })),
    canBet: !viewer.member.isTrial,
    reality: viewer.member.isTrial ? null : await realityView(db, viewer, brand, language, now),
    path: url.pathname + url.search,
  };
  if (!game) return json({ ...base, game: null }, { headers: { "Cache-Control": "no-store" } });

  const interval = drawInterval();
  const recent = await recentDraws(db, game.gameCode, now, { interval, limit: 10 });
  const draw = await openDraw(db, game.gameCode, now, interval);
  const bets = await memberLotteryBets(db, { memberId: viewer.member.id, game, limit: 20 });
  // What this game's bets are paid from (MAIN, or the vendor's wallet), read after the bets.
  const balance = await seamlessBalance(db, {
    memberId: viewer.member.id,
    account: playAccount(brand.wallet, game.vassalage),
    game,
  });
  const placed = Number(url.searchParams.get("placed"));
  return json(
    {
      ...base,
      game: {
        gameCode: game.gameCode,
        gameName: game.gameName,
        type: game.type,
        vassalage: game.vassalage,
        href: lotteryHref(page, game.gameCode),
        special: rulesOf(game.type).draw.special,
      },
      draw: {
        drawNo: draw.drawNo,
        closesAt: time(draw.closesAt),
        secondsLeft: secondsUntilClose(draw.drawNo, interval, now),
        seedHash: draw.seedHash,
      },
      kinds: betKinds(game),
      balance: balance.toString(),
      recent: recent.map((entry) => ({
        drawNo: entry.drawNo,
        closedAt: time(entry.closesAt),
        numbers: entry.numbers,
        seed: entry.seed,
        seedHash: entry.seedHash,
      })),
      bets: bets.map((entry) => ({
        roundId: entry.roundId,
        drawNo: entry.drawNo,
        betKind: entry.betKind,
        selection: entry.selection,
        odds: oddsText(entry.odds),
        stake: entry.stake,
        payout: entry.payout,
        status: entry.status,
        placedAt: time(entry.placedAt),
      })),
      placed: Number.isSafeInteger(placed) && placed > 0 ? placed : null,
    },
    // Draws and balances move on by themselves: never from a cache.
    { headers: { "Cache-Control": "no-store" } },
  );
}

const betSchema = (brand: BrandConfig, t: TFunction) =>
  z.object({
    gameCode: z.string().regex(GAME_CODE),
    betKind: z.string().regex(/^[a-z_]{1,32}$/),
    drawNo: z.coerce.number().int().positive(),
    // One value per picked number, or the option; the rules check them against the bet kind.
    pick: z.array(z.string().max(8)).min(1, t("lottery.errors.invalid_selection")).max(10),
    stake: amountField(brand, t),
    roundKey: idempotencyKeyField,
  });

/** Which field a refusal belongs to; the rest are about the whole form. */
const FIELD_OF_ERROR: Record<string, string> = {
  insufficient_balance: "stake",
  // A stake above a wagered bonus's max bet (rewards platform, ADR 15).
  bonus_max_bet: "stake",
  loss_limit: "stake",
  wager_limit: "stake",
  amount_out_of_range: "stake",
  invalid_amount: "stake",
  invalid_selection: "pick",
};

/** A refusal as the member reads it: the lottery's own, else the wallet's. */
function betErrorMessage(error: unknown, t: TFunction, brand: BrandConfig, locale: string) {
  if (
    error instanceof PlatformError &&
    [
      "draw_closed",
      "invalid_selection",
      "unknown_bet_kind",
      "duplicate_transaction",
      "invalid_transaction",
    ].includes(error.code)
  ) {
    return t(`lottery.errors.${error.code}`);
  }
  return walletErrorMessage(error, t, brand, locale);
}

/** What a refused bet answers: the bet kind whose form shows it, and conform's result. */
export type LotteryReply = { betKind: string; result: SubmissionResult<string[]> };

/**
 * A bet (POST from one of the page's bet forms): trial accounts get the
 * real-account notice, a placed bet goes back to the page (POST → redirect →
 * GET), a refused one comes back as a 400 with the reason on its form.
 */
export async function lotteryAction(
  page: LotteryPageName,
  { request }: ActionFunctionArgs,
): Promise<TypedResponse<LotteryReply>> {
  const formData = await readForm(request);
  const viewer = await requireRealMember(request);
  const db = await getDb();
  const [brand, t, language] = await Promise.all([
    getBrandConfig(db),
    translatorFor(request),
    i18next.getLocale(request),
  ]);
  const submission = parseSubmission(formData, { schema: betSchema(brand, t) });
  const betKind = String(formData.get("betKind") ?? "");
  if (submission.status !== "success") {
    const stale =
      submission.error?.roundKey || submission.error?.drawNo || submission.error?.gameCode;
    return formFailure(submission.reply(stale ? { formErrors: [t("lottery.errors.stale")] } : {}), {
      betKind,
    });
  }
  const { gameCode, drawNo, pick, stake, roundKey } = submission.value;
  const { game } = await pageGame(db, brand, language, page, gameCode);
  if (!game) throw notFound();
  try {
    await placeLotteryBet(db, {
      memberId: viewer.member.id,
      account: playAccount(brand.wallet, game.vassalage),
      game,
      betKind: submission.value.betKind,
      selection: pick,
      stake,
      drawNo,
      key: roundKey,
    });
  } catch (error) {
    const message = betErrorMessage(error, t, brand, language);
    const field = error instanceof PlatformError ? FIELD_OF_ERROR[error.code] : undefined;
    return formFailure(
      submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }),
      { betKind },
    );
  }
  return redirect(lotteryHref(page, game.gameCode, { placed: String(drawNo) }));
}
