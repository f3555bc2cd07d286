import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";

type Figures = { deposits: string; withdrawals: string; net: string };

/** Deposits, withdrawals and what is left of them over the chosen window. */
export function NetDeposits({
  figures,
  currency,
}: {
  figures: Figures;
  currency: { symbol: string; minorUnits: number };
}) {
  const { t, i18n } = useTranslation();
  return (
    <dl className="member-card protection-figures" data-testid="net-deposits">
      {(["deposits", "withdrawals", "net"] as const).map((name) => (
        <div key={name}>
          <dt>{t(`protection.figure.${name}`)}</dt>
          <dd data-testid={`net-${name}`}>{formatMoney(figures[name], currency, i18n.language)}</dd>
        </div>
      ))}
    </dl>
  );
}
