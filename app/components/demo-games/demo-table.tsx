import { useTranslation } from "~/utils/i18n";
import { RouletteBetForm, SlotSpinForm } from "./bet-forms";
import { Paytable } from "./paytable";
import { ResultLine } from "./result-line";
import { RouletteBoard } from "./roulette-board";
import { SlotBoard } from "./slot-board";
import type { MoneyFormat, OutcomeView, RouletteBetView } from "./types";

export interface DemoEngineView {
  kind: "slot" | "roulette";
  rtp: string;
  /** The slot's reels before a first spin. */
  restingRows: string[][] | null;
  paytable: { symbol: string; pays: number[] }[] | null;
}

/**
 * The game itself: the reels or the wheel, the last round's result, a
 * refused spin's error, the bet form, the rules and (a slot's) pays.
 */
export function DemoTable({
  engine,
  result,
  spinError,
  path,
  roundKey,
  stakes,
  stake,
  bet,
  money,
}: {
  engine: DemoEngineView;
  result: { stake: string; payout: string; summary: string; outcome: OutcomeView } | null;
  spinError: string | null;
  /** The game's own path: the forms post there. */
  path: string;
  roundKey: string;
  stakes: string[];
  stake: string;
  bet: RouletteBetView;
  money: MoneyFormat;
}) {
  const { t } = useTranslation();
  const outcome = result?.outcome ?? null;
  return (
    <section className="member-card demo-table" aria-labelledby="demo-play-title">
      <h2 id="demo-play-title" className="visually-hidden">
        {t("demoGame.play")}
      </h2>
      {engine.kind === "slot" ? (
        <SlotBoard
          outcome={outcome?.engine === "slot" ? outcome : null}
          resting={engine.restingRows!}
          money={money}
        />
      ) : (
        <RouletteBoard outcome={outcome?.engine === "roulette" ? outcome : null} />
      )}
      <div role="status" className="demo-result" data-testid="demo-result">
        {result ? <ResultLine result={result} money={money} /> : null}
      </div>
      {spinError ? (
        <p className="form-errors" role="alert" data-testid="spin-error">
          {spinError}
        </p>
      ) : null}
      {engine.kind === "slot" ? (
        <SlotSpinForm
          action={path}
          roundKey={roundKey}
          stakes={stakes}
          stake={stake}
          money={money}
        />
      ) : (
        <RouletteBetForm
          action={path}
          roundKey={roundKey}
          stakes={stakes}
          stake={stake}
          bet={bet}
          money={money}
        />
      )}
      <p className="muted demo-rules">
        {engine.kind === "slot" ? t("demoGame.slotRules") : t("demoGame.rouletteRules")}{" "}
        {t("demoGame.rtp", { rtp: engine.rtp })}
      </p>
      {engine.paytable ? <Paytable rows={engine.paytable} /> : null}
    </section>
  );
}
