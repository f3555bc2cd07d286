import { BetFilters } from "~/components/member/records/bet-filters";
import { BetRecordTable, type BetRecordRow } from "~/components/member/records/bet-record-table";
import { DateRangeFilter } from "~/components/member/records/date-range-filter";
import { FilterSelect } from "~/components/member/records/filter-select";
import { useTranslation } from "~/utils/i18n";
import { BetRound, type GameRoundView } from "./bet-round";

type Currency = { symbol: string; minorUnits: number };

/** A bet on the player page, as JSON (the platform's PlayerBetRow): the betting record's row and its round. */
export interface PlayerBetView extends BetRecordRow {
  settledAt: string | null;
  detail?: unknown;
  gameRound: GameRoundView | null;
}

/**
 * The member's bets by days, category, vendor, game and status (a GET form,
 * so the filters are in the URL and work without JavaScript), newest first,
 * with the filter's totals and each bet's round.
 */
export function BetsPanel({
  range,
  filter,
  vendors,
  vendorNames,
  games,
  statuses,
  records,
  currency,
  timeZone,
}: {
  range: { from: string; to: string; today: string };
  filter: { category: string; vendor: string; game: string; status: string };
  vendors: string[];
  vendorNames: Record<string, string>;
  games: { vassalage: string; gameCode: string; gameName: string }[];
  statuses: readonly string[];
  records: {
    rows: PlayerBetView[];
    totals: { stake: string; validBet: string; payout: string; winLoss: string };
    total: number;
    page: number;
    pageCount: number;
  };
  currency: Currency;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const vendorName = (vassalage: string) => vendorNames[vassalage] ?? vassalage;
  return (
    <>
      <h2>{t("opsPlayers.tabs.bets")}</h2>
      <DateRangeFilter range={range}>
        <input type="hidden" name="tab" value="bets" />
        <BetFilters
          filter={filter}
          vendors={vendors}
          vendorNames={vendorNames}
          statuses={statuses}
        />
        <FilterSelect
          name="game"
          label={t("records.columns.game")}
          value={filter.game}
          allLabel={t("records.filter.all")}
          options={games.map((game) => ({
            value: game.gameCode,
            label: t("opsPlayers.bets.gameOption", {
              game: game.gameName,
              vendor: vendorName(game.vassalage),
            }),
          }))}
        />
      </DateRangeFilter>
      <BetRecordTable
        records={records}
        vendorNames={vendorNames}
        currency={currency}
        timeZone={timeZone}
        round={(row) => (
          <BetRound
            roundId={row.roundId}
            settledAt={row.settledAt}
            detail={row.detail}
            gameRound={row.gameRound}
            currency={currency}
            timeZone={timeZone}
          />
        )}
      />
    </>
  );
}
