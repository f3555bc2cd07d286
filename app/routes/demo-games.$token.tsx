import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ChatRoom } from "~/components/chat/chat-room";
import { DemoGameBar } from "~/components/demo-games/demo-game-bar";
import { DemoTable } from "~/components/demo-games/demo-table";
import { FairnessPanel } from "~/components/demo-games/fairness-panel";
import { DemoGameNotFound } from "~/components/demo-games/not-found";
import { RoundRecall } from "~/components/demo-games/round-recall";
import type { MoneyFormat } from "~/components/demo-games/types";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LiveEvents } from "~/components/live-events/live-events";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { demoGameAction, demoGameLoader } from "./__demo-games.server";

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

export async function loader({ request, params }: LoaderFunctionArgs) {
  return demoGameLoader(request, params.token);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return demoGameAction(request, params.token);
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
  const failed = actionData && "intent" in actionData ? actionData : null;
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
        <DemoGameBar
          name={data.game.name}
          mode={data.mode}
          reality={data.reality}
          path={data.path}
          chatHref={data.chatHref}
          balance={data.balance}
          money={shown}
        />
        <DemoTable
          engine={data.engine}
          result={data.result}
          spinError={failed?.intent === "spin" ? failed.error : null}
          path={data.path}
          roundKey={data.roundKey}
          stakes={data.stakes}
          stake={data.stake}
          bet={data.bet}
          money={shown}
        />

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
        <FairnessPanel
          action={data.path}
          fairness={data.fairness}
          error={failed?.intent === "rotate" ? failed.error : null}
        />
        <p>
          <Link to={data.path}>{t("demoGame.refresh")}</Link>
        </p>
      </main>
    </LiveEvents>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <DemoGameNotFound /> }} />;
}
