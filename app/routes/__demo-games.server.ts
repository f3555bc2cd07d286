import { json, redirect } from "@remix-run/node";
import * as z from "zod/v4";
import type { OutcomeView } from "~/components/demo-games/types";
import { tableRoom } from "~/platform/contact/chat-rules";
import { PlatformError } from "~/platform/errors";
import { engineFor, stakeOptions, type Outcome } from "~/platform/play/demo/engines";
import { BET_KINDS, type RouletteBet } from "~/platform/play/demo/engines/roulette";
import { rotateSeedPair } from "~/platform/play/demo/fair.server";
import { demoGamePage, demoSessionFor } from "~/platform/play/demo/page.server";
import { playRound, ROUND_KEY } from "~/platform/play/demo/rounds.server";
import { isTableCategory } from "~/platform/play/tables.server";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { getViewer } from "~/utils/auth.server";
import { CHAT_FORM, chatRoomView, postChat } from "~/utils/chat.server";
import { readForm } from "~/utils/form.server";
import { i18next, translatorFor } from "~/utils/i18next.server";
import { notFound } from "~/utils/misc";
import { realityView } from "~/utils/reality-check.server";
import { newFormKey, walletErrorMessage } from "~/utils/wallet.server";

/**
 * The demo game pages' server side (demo-games.$token and its verify view):
 * the game session behind the launch token, the page's data, and the spin,
 * seed and chat posts.
 */

/** The game session the token names, for the signed-in member (or a visitor): a 404 otherwise. */
export async function sessionOf(request: Request, token: string | undefined) {
  const db = await getDb();
  const viewer = await getViewer(request);
  const session = await demoSessionFor(db, token ?? "", viewer?.member.id ?? null);
  if (!session) throw notFound();
  return { db, session, viewer };
}

export const gamePath = (token: string) => `/demo-games/${encodeURIComponent(token)}`;

/** A round's outcome as the page draws it: the reels or the pocket, the wins, the payout. */
function outcomeView(outcome: Outcome): OutcomeView {
  if (outcome.engine === "slot") {
    const { rows, wins, payout, summary } = outcome;
    return { engine: "slot", rows, wins, payout, summary };
  }
  const { pocket, colour, bet, won, payout, summary } = outcome;
  return { engine: "roulette", pocket, colour, bet, won, payout, summary };
}

export async function demoGameLoader(request: Request, token: string | undefined) {
  const { db, session, viewer } = await sessionOf(request, token);
  const url = new URL(request.url);
  const roundId = url.searchParams.get("round");
  const path = gamePath(token!);
  const table = isTableCategory(session.game.category);
  const [brand, locale, t, chat] = await Promise.all([
    getBrandConfig(db),
    i18next.getLocale(request),
    translatorFor(request),
    table ? chatRoomView(request, tableRoom(session.game.nodeId), path) : null,
  ]);
  const page = await demoGamePage(db, session, brand, {
    roundId,
    rotated: url.searchParams.get("rotated") === "1",
  });
  if (!page) throw notFound();
  // Real money only: free-trial play money is no session's spend.
  const reality = session.mode === "real" ? await realityView(db, viewer, brand, locale) : null;
  return json(
    {
      ...page,
      result: page.result && { ...page.result, outcome: outcomeView(page.result.outcome) },
      brandName: brand.name,
      path,
      game: { name: session.game.gameName, nodeId: session.game.nodeId },
      // A live table or PVP room has a chat room (issue 16): its panel here, the full room linked.
      chatHref: table ? `/chat/${tableRoom(session.game.nodeId)}` : null,
      chat,
      // Whose stream brings the panel's new messages (JavaScript only).
      liveMemberId: chat && viewer ? viewer.member.id : null,
      mode: session.mode,
      currency: { symbol: brand.currency.symbol, minorUnits: brand.currency.minorUnits },
      playMoneySymbol: t("demoGame.playMoneySymbol"),
      locale,
      timeZone: brand.timeZone,
      // A new key with every page: the spin it is posted with plays once.
      roundKey: newFormKey(),
      reality,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

// Schemas are made by functions: a module-level zod call would stay in the browser bundle.
const spinSchema = () =>
  z.object({
    intent: z.literal("spin"),
    roundKey: z.string().regex(ROUND_KEY),
    stake: z.string().regex(/^\d{1,15}$/),
    betKind: z.enum(BET_KINDS).optional(),
    number: z.coerce.number().int().min(0).max(36).optional(),
    dozen: z.coerce.number().int().min(1).max(3).optional(),
  });
const rotateSchema = () =>
  z.object({
    intent: z.literal("rotate"),
    clientSeed: z
      .string()
      .trim()
      .max(64)
      .regex(/^[A-Za-z0-9_-]*$/),
  });
const actionSchema = () => z.discriminatedUnion("intent", [spinSchema(), rotateSchema()]);

function rouletteBet(form: z.infer<ReturnType<typeof spinSchema>>): RouletteBet | null {
  switch (form.betKind) {
    case undefined:
      return null;
    case "straight":
      return form.number === undefined ? null : { kind: "straight", number: form.number };
    case "dozen":
      return form.dozen === undefined ? null : { kind: "dozen", dozen: form.dozen as 1 | 2 | 3 };
    default:
      return { kind: form.betKind };
  }
}

export async function demoGameAction(request: Request, token: string | undefined) {
  const formData = await readForm(request, CHAT_FORM);
  const { db, session } = await sessionOf(request, token);
  const path = gamePath(token!);
  // Another game's node has no room: the room lookup answers its chat post with a 404.
  if (formData.get("intent") === "chat")
    return postChat(request, formData, tableRoom(session.game.nodeId), path);
  const t = await translatorFor(request);
  const parsed = actionSchema().safeParse(Object.fromEntries(formData));
  const intent = formData.get("intent") === "rotate" ? "rotate" : "spin";
  const failure = (
    code: string,
    // Player protection's refusals (reality check, session limit, spin pace) have their own wording.
    error = t(`demoGame.errors.${code}`, {
      defaultValue: t(`realityCheck.error.${code}`, { defaultValue: t("demoGame.errors.unknown") }),
    }),
  ) => json({ intent, error }, { status: 400 });
  if (!parsed.success) return failure(intent === "rotate" ? "invalid_client_seed" : "invalid_form");
  const form = parsed.data;
  const brand = await getBrandConfig(db);
  try {
    if (form.intent === "rotate") {
      await rotateSeedPair(db, session.memberId, form.clientSeed || undefined);
      return redirect(`${path}?rotated=1`);
    }
    const engine = engineFor(session.game);
    const stake = BigInt(form.stake);
    if (!stakeOptions(engine, brand.currency.minorUnits).includes(stake))
      return failure("invalid_bet");
    const bet = engine === "roulette" ? rouletteBet(form) : undefined;
    if (bet === null) return failure("invalid_bet");
    const round = await playRound(
      db,
      session,
      { roundKey: form.roundKey, stake, bet },
      { spinGapMs: brand.realityCheck.spinGapMs },
    );
    return redirect(`${path}?round=${round.id}`);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    // A stake above a wagered bonus's max bet: the rewards platform's refusal, with the limit in money.
    // …and the member's own loss and wager limits (ADR 20), with what is still allowed.
    if (["bonus_max_bet", "loss_limit", "wager_limit"].includes(error.code))
      return failure(
        error.code,
        walletErrorMessage(error, t, brand, await i18next.getLocale(request)),
      );
    return failure(error.code);
  }
}
