import * as z from "zod/v4";
import { parseDateRange } from "~/platform/calendar/date-range";
import { CATEGORIES } from "~/platform/catalog/categories";
import type { Database } from "~/platform/db/open.server";
import { playerBetGames, playerBets } from "~/platform/players/bets.server";
import { BET_STATUSES } from "~/platform/wallet/records.server";
import { vendorDisplayNames } from "~/platform/wallet/vendor-names.server";
import { optionalChoice, optionalCode } from "~/utils/records.server";

/**
 * The player page's bets tab (`?tab=bets`): the member's bets by days, game
 * category, vendor, game and status, all in the URL like the member's own
 * betting record, each with its round's details.
 */

/** The bets tab's own filters, read with the page's others: nonsense is no filter. */
export const BET_FILTER_FIELDS = {
  category: optionalChoice(CATEGORIES),
  vendor: optionalCode,
  game: z.string().trim().min(1).max(64).optional().catch(undefined),
  status: optionalChoice(BET_STATUSES),
};

type BetFilterValues = z.infer<z.ZodObject<typeof BET_FILTER_FIELDS>>;

export async function playerBetsPanel(
  db: Database,
  memberId: string,
  filters: BetFilterValues & { from?: string; to?: string; page: number },
  options: { pageSize: number; timeZone: string },
) {
  const range = parseDateRange(filters, options.timeZone);
  const [games, records] = await Promise.all([
    playerBetGames(db, memberId),
    playerBets(db, memberId, {
      window: { from: range.fromStart, to: range.toEnd },
      category: filters.category,
      vassalage: filters.vendor,
      gameCode: filters.game,
      status: filters.status,
      page: filters.page,
      pageSize: options.pageSize,
    }),
  ]);
  // The vendors offered are the ones the member has bets with, by the names on the vendor tiles.
  const vendors = [...new Set(games.map((game) => game.vassalage))];
  return {
    range: { from: range.from, to: range.to, today: range.today },
    filter: {
      category: filters.category ?? "",
      vendor: filters.vendor ?? "",
      game: filters.game ?? "",
      status: filters.status ?? "",
    },
    vendors,
    vendorNames: await vendorDisplayNames(db, vendors),
    // With a vendor chosen, only its games.
    games: games.filter((game) => !filters.vendor || game.vassalage === filters.vendor),
    statuses: BET_STATUSES,
    records,
  };
}
