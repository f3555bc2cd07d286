import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import * as z from "zod/v4";
import { ChatRoom } from "~/components/chat/chat-room";
import { RouletteBetForm, SlotSpinForm } from "~/components/demo-games/bet-forms";
import { FairnessPanel } from "~/components/demo-games/fairness-panel";
import { DemoGameNotFound } from "~/components/demo-games/not-found";
import { RouletteBoard } from "~/components/demo-games/roulette-board";
import { RoundRecall } from "~/components/demo-games/round-recall";
import { SlotBoard } from "~/components/demo-games/slot-board";
import type { MoneyFormat, OutcomeView } from "~/components/demo-games/types";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LiveEvents } from "~/components/live-events/live-events";
import { payoutKind } from "~/components/reality-check/payout";
import { RealityBar } from "~/components/reality-check/reality-bar";
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
import { useTranslation } from "~/utils/i18n";
import { i18next, translatorFor } from "~/utils/i18next.server";
import { titleMeta } from "~/utils/meta";
import { notFound } from "~/utils/misc";
import { formatMoney } from "~/utils/money";
import { realityView } from "~/utils/reality-check.server";
import { newFormKey, walletErrorMessage } from "~/utils/wallet.server";

/**
 * A game of the built-in demo provider: the page the game popup frames
 * (outside the portal layout). The launch token in the path is the only key:
 * it names one game session and so one member. A spin is a plain POST
 * (POST → redirect → GET `?round=<id>` showing the result); choosing a client
 * seed rotates the provably fair seed pair. A live table or PVP room shows
 * its chat room below the game (issue 16): `intent=chat` posts there and
 * comes back here.
 */

export const meta = titleMeta<typeof loader>((data) => data.game.name);

async function sessionOf(request: Request, token: string | undefined) {
  const db = await getDb();
  const viewer = await getViewer(request);
  const session = await demoSessionFor(db, token ?? "", viewer?.member.id ?? null);
  if (!session) throw notFound();
  return { db, session, viewer };
}

const gamePath = (token: string) => `/demo-games/${encodeURIComponent(token)}`;

/** A round's outcome as the page draws it: the reels or the pocket, the wins, the payout. */
function outcomeView(outcome: Outcome): OutcomeView {
  if (outcome.engine === "slot") {
    const { rows, wins, payout, summary } = outcome;
    return { engine: "slot", rows, wins, payout, summary };
  }
  const { pocket, colour, bet, won, payout, summary } = outcome;
  return { engine: "roulette", pocket, colour, bet, won, payout, summary };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, session, viewer } = await sessionOf(request, params.token);
  const url = new URL(request.url);
  const roundId = url.searchParams.get("round");
  const path = gamePath(params.token!);
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

export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await readForm(request, CHAT_FORM);
  const { db, session } = await sessionOf(request, params.token);
  const path = gamePath(params.token!);
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

export default function DemoGame() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const money: MoneyFormat = { currency: data.currency, locale: data.locale };
  const playMoney: MoneyFormat = {
    currency: { ...data.currency, symbol: data.playMoneySymbol },
    locale: data.locale,
  };
  const shown = data.mode === "demo" ? playMoney : money;
  const outcome = data.result?.outcome ?? null;
  const failed = actionData && "intent" in actionData ? actionData : null;
  const spinError = failed?.intent === "spin" ? failed.error : null;
  const seedError = failed?.intent === "rotate" ? failed.error : null;
  const chatResult = actionData && "result" in actionData ? actionData.result : undefined;
  return (
    <LiveEvents
      memberId={data.liveMemberId}
      loaderBalance={null}
      currency={data.currency}
      locale={data.locale}
      chatOnly
    >
      <main className="demo-game" data-testid="demo-game">
        <header className="demo-game-bar">
          <h1>{data.game.name}</h1>
          <span className="badge">
            {data.mode === "demo" ? t("demoGame.modeDemo") : t("demoGame.modeReal")}
          </span>
          <RealityBar reality={data.reality} returnTo={data.path} />
          {data.chatHref ? (
            <a href={data.chatHref} target="_blank" rel="noreferrer" data-testid="demo-table-chat">
              {t("chat.tableLink")}
            </a>
          ) : null}
          <p className="demo-balance">
            <span>{data.mode === "demo" ? t("demoGame.playBalance") : t("demoGame.balance")}</span>{" "}
            <strong data-testid="demo-balance">
              {formatMoney(data.balance, shown.currency, shown.locale)}
            </strong>
          </p>
        </header>

        <section className="member-card demo-table" aria-labelledby="demo-play-title">
          <h2 id="demo-play-title" className="visually-hidden">
            {t("demoGame.play")}
          </h2>
          {data.engine.kind === "slot" ? (
            <SlotBoard
              outcome={outcome?.engine === "slot" ? outcome : null}
              resting={data.engine.restingRows!}
              money={shown}
            />
          ) : (
            <RouletteBoard outcome={outcome?.engine === "roulette" ? outcome : null} />
          )}
          <div role="status" className="demo-result" data-testid="demo-result">
            {data.result ? <ResultLine result={data.result} money={shown} /> : null}
          </div>
          {spinError ? (
            <p className="form-errors" role="alert" data-testid="spin-error">
              {spinError}
            </p>
          ) : null}
          {data.engine.kind === "slot" ? (
            <SlotSpinForm
              action={data.path}
              roundKey={data.roundKey}
              stakes={data.stakes}
              stake={data.stake}
              money={shown}
            />
          ) : (
            <RouletteBetForm
              action={data.path}
              roundKey={data.roundKey}
              stakes={data.stakes}
              stake={data.stake}
              bet={data.bet}
              money={shown}
            />
          )}
          <p className="muted demo-rules">
            {data.engine.kind === "slot" ? t("demoGame.slotRules") : t("demoGame.rouletteRules")}{" "}
            {t("demoGame.rtp", { rtp: data.engine.rtp })}
          </p>
          {data.engine.paytable ? (
            <details className="demo-paytable">
              <summary>{t("demoGame.paytable")}</summary>
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">{t("demoGame.symbol")}</th>
                    {[3, 4, 5].map((count) => (
                      <th scope="col" key={count} className="amount">
                        {t("demoGame.inARow", { n: count })}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.engine.paytable.map((row) => (
                    <tr key={row.symbol}>
                      <th scope="row">{t(`demoGame.symbols.${row.symbol}`)}</th>
                      {row.pays.map((pay, at) => (
                        <td key={at} className="amount">
                          {t("demoGame.lineBets", { n: pay })}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          ) : null}
        </section>

        {data.chat ? (
          <ChatRoom
            key={data.chat.room}
            room={data.chat.room}
            title={data.chat.title}
            messages={data.chat.messages}
            access={data.chat.access}
            timeZone={data.chat.timeZone}
            result={chatResult}
            formKey={data.chat.formKey}
            action={data.path}
            intent="chat"
          />
        ) : null}

        <RoundRecall
          rounds={data.recall}
          money={money}
          playMoney={playMoney}
          timeZone={data.timeZone}
          verifyHref={(roundId) => `${data.path}/verify/${roundId}`}
        />
        <FairnessPanel action={data.path} fairness={data.fairness} error={seedError} />
        <p>
          <Link to={data.path}>{t("demoGame.refresh")}</Link>
        </p>
      </main>
    </LiveEvents>
  );
}

/** A payout below the stake is told as part of the stake returned, never as a win. */
function ResultLine({
  result,
  money,
}: {
  result: { stake: string; payout: string; summary: string };
  money: MoneyFormat;
}) {
  const { t } = useTranslation();
  const amount = formatMoney(result.payout, money.currency, money.locale);
  switch (payoutKind(result.stake, result.payout)) {
    case "win":
      return t("demoGame.won", { amount, summary: result.summary });
    case "returned":
      return t("realityCheck.returnedLine", {
        amount,
        stake: formatMoney(result.stake, money.currency, money.locale),
        summary: result.summary,
      });
    default:
      return t("demoGame.lost", { summary: result.summary });
  }
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <DemoGameNotFound /> }} />;
}
