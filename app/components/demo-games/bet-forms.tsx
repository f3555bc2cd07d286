import { Form } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import type { MoneyFormat, RouletteBetView } from "./types";

/** The roulette bets offered, in the order of the select. */
export const ROULETTE_BET_KINDS = [
  "straight",
  "red",
  "black",
  "odd",
  "even",
  "low",
  "high",
  "dozen",
] as const;

function StakeSelect({
  stakes,
  selected,
  money,
}: {
  stakes: string[];
  selected: string;
  money: MoneyFormat;
}) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor="demo-stake">{t("demoGame.stake")}</label>
      <select id="demo-stake" name="stake" defaultValue={selected}>
        {stakes.map((stake) => (
          <option key={stake} value={stake}>
            {formatMoney(stake, money.currency, money.locale)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The round key: made with the page, so a second copy of this POST is the same round. */
const RoundKey = ({ value }: { value: string }) => (
  <input type="hidden" name="roundKey" value={value} />
);

function SpinButton() {
  const { t } = useTranslation();
  return (
    <button type="submit" name="intent" value="spin" className="button primary demo-spin">
      {t("demoGame.spin")}
    </button>
  );
}

/** The slot's spin: a stake and a button; a plain POST without JavaScript. */
export function SlotSpinForm({
  action,
  roundKey,
  stakes,
  stake,
  money,
}: {
  action: string;
  roundKey: string;
  stakes: string[];
  stake: string;
  money: MoneyFormat;
}) {
  return (
    <Form method="post" action={action} className="demo-bet-form" data-testid="spin-form">
      <RoundKey value={roundKey} />
      <StakeSelect stakes={stakes} selected={stake} money={money} />
      <SpinButton />
    </Form>
  );
}

/** The roulette bet: the kind, its number or dozen when it needs one, the stake. */
export function RouletteBetForm({
  action,
  roundKey,
  stakes,
  stake,
  bet,
  money,
}: {
  /** The game's own path: the form never posts to the result it shows. */
  action: string;
  roundKey: string;
  stakes: string[];
  stake: string;
  bet: RouletteBetView;
  money: MoneyFormat;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" action={action} className="demo-bet-form" data-testid="spin-form">
      <RoundKey value={roundKey} />
      <div className="field">
        <label htmlFor="demo-bet-kind">{t("demoGame.betKind")}</label>
        <select id="demo-bet-kind" name="betKind" defaultValue={bet.kind}>
          {ROULETTE_BET_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`demoGame.bets.${kind}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="demo-bet-number">{t("demoGame.number")}</label>
        <input
          id="demo-bet-number"
          name="number"
          type="number"
          inputMode="numeric"
          min={0}
          max={36}
          step={1}
          defaultValue={bet.number ?? 17}
        />
      </div>
      <div className="field">
        <label htmlFor="demo-bet-dozen">{t("demoGame.dozen")}</label>
        <select id="demo-bet-dozen" name="dozen" defaultValue={String(bet.dozen ?? 1)}>
          {[1, 2, 3].map((dozen) => (
            <option key={dozen} value={dozen}>
              {t(`demoGame.dozens.${dozen}`)}
            </option>
          ))}
        </select>
      </div>
      <StakeSelect stakes={stakes} selected={stake} money={money} />
      <p className="field-hint">{t("demoGame.tablePays")}</p>
      <SpinButton />
    </Form>
  );
}
