import {
  BetAmountCells,
  BetAmountHeads,
  BetTotalsRow,
} from "~/components/member/records/bet-columns";
import { BetFilters } from "~/components/member/records/bet-filters";
import { DateRangeFilter } from "~/components/member/records/date-range-filter";
import { FilterSelect } from "~/components/member/records/filter-select";
import { RecordTable, TimeCell } from "~/components/member/records/record-table";
import { useTranslation } from "~/utils/i18n";
import { BetRound, type GameRoundView } from "./bet-round";

type Currency = { symbol: string; minorUnits: number };

/** A bet on the player page, as JSON (the platform's PlayerBetRow). */
export interface PlayerBetView {
  id: string;
  placedAt: string;
  settledAt: string | null;
  vassalage: string;
  category: string;
  gameName: string;
  roundId: string;
  stake: string;
  validBet: string;
  payout: string;
  winLoss: string | null;
  status: "open" | "settled" | "void";
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
      <RecordTable
        records={records}
        head={
          <>
            <th scope="col">{t("records.columns.time")}</th>
            <th scope="col">{t("records.columns.vendor")}</th>
            <th scope="col">{t("records.columns.game")}</th>
            <th scope="col">{t("records.columns.round")}</th>
            <BetAmountHeads />
          </>
        }
        foot={<BetTotalsRow totals={records.totals} currency={currency} leading={4} />}
      >
        {records.rows.map((row) => (
          <tr key={row.id} data-testid="ops-player-bet">
            <TimeCell iso={row.placedAt} timeZone={timeZone} />
            <td>{vendorName(row.vassalage)}</td>
            <td>
              {row.gameName}{" "}
              <span className="muted">
                {t(`category.${row.category}`, { defaultValue: row.category })}
              </span>
            </td>
            <td>
              <BetRound
                roundId={row.roundId}
                settledAt={row.settledAt}
                detail={row.detail}
                gameRound={row.gameRound}
                currency={currency}
                timeZone={timeZone}
              />
            </td>
            <BetAmountCells row={row} currency={currency} />
          </tr>
        ))}
      </RecordTable>
    </>
  );
}
