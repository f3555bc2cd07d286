import { MoneyCell } from "~/components/member/records/record-table";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { useTranslation } from "~/utils/i18n";
import { formatRate } from "~/utils/rates";

type Currency = { symbol: string; minorUnits: number };

export interface RebateQuoteView {
  since: string | null;
  cutOff: string;
  lines: { category: string; validBet: string; rateBps: number; amount: string }[];
  validBet: string;
  amount: string;
  minimum: string;
  nextClaimAt: string | null;
}

/** The member's level and, per game category, its rate, the valid bet since the last claim and the rebate it pays. */
export function RebateTable({
  level,
  quote,
  currency,
  timeZone,
}: {
  level: { level: number; name: string | null };
  quote: RebateQuoteView;
  currency: Currency;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const levelText =
    level.level > 0
      ? t("vipLevels.headerLabel", { name: level.name ?? "", level: level.level })
      : (level.name ?? t("vipLevels.noRebate"));
  return (
    <section className="member-card" aria-labelledby="rebate-rates-title">
      <h2 id="rebate-rates-title">
        {t("rebate.yourLevel")}: <span data-testid="rebate-level">{levelText}</span>
      </h2>
      <p className="muted" data-testid="rebate-since">
        {quote.since
          ? t("rebate.since", { time: formatTimestamp(quote.since, timeZone) })
          : t("rebate.sinceEver")}
      </p>
      {quote.lines.length === 0 ? (
        <p className="empty-state">{t("rebate.noRates")}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table" data-testid="rebate-table">
            <thead>
              <tr>
                <th scope="col">{t("rebate.columns.category")}</th>
                <th scope="col" className="amount">
                  {t("rebate.columns.rate")}
                </th>
                <th scope="col" className="amount">
                  {t("rebate.columns.validBet")}
                </th>
                <th scope="col" className="amount">
                  {t("rebate.columns.amount")}
                </th>
              </tr>
            </thead>
            <tbody>
              {quote.lines.map((line) => (
                <tr key={line.category} data-testid={`rebate-line-${line.category}`}>
                  <th scope="row">{t(`category.${line.category}`)}</th>
                  <td className="amount">{formatRate(line.rateBps)}</td>
                  <MoneyCell minor={line.validBet} currency={currency} />
                  <MoneyCell minor={line.amount} currency={currency} />
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  {t("rebate.total")}
                </th>
                <MoneyCell minor={quote.validBet} currency={currency} />
                <MoneyCell minor={quote.amount} currency={currency} testId="rebate-total" />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      <p className="muted">{t("rebate.upTo", { time: formatTimestamp(quote.cutOff, timeZone) })}</p>
    </section>
  );
}
