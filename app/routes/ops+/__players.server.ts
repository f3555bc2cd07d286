import { json } from "@remix-run/node";
import * as z from "zod/v4";
import {
  PLAYER_TAB_PERMISSION,
  PLAYER_TABS,
  type PlayerTab,
} from "~/components/ops/players/player-tabs";
import { parseDateRange } from "~/platform/calendar/date-range";
import { roleOf } from "~/platform/identity/member-types";
import { playerAgency } from "~/platform/players/agency.server";
import { PLAYER_BONUSES_SHOWN, playerBonuses } from "~/platform/players/bonuses.server";
import { playerLedger } from "~/platform/players/ledger.server";
import { LINKED_SHOWN, linkedAccounts } from "~/platform/players/linked.server";
import { PLAYER_MESSAGES_SHOWN, playerMessages } from "~/platform/players/messages.server";
import { playerNotes } from "~/platform/players/notes.server";
import { PLAYER_PAYMENTS_SHOWN, playerPayments } from "~/platform/players/payments.server";
import { loadPlayer, playerAccounts, playerSignIns } from "~/platform/players/player.server";
import { playerProtection } from "~/platform/players/protection.server";
import { PLAYER_SEARCH_LIMIT, searchPlayers } from "~/platform/players/search.server";
import { playerTags } from "~/platform/players/tags.server";
import { staffWithPermission } from "~/utils/auth.server";
import { notFound } from "~/utils/misc";
import { pageParam } from "~/utils/pagination";
import { optionalChoice } from "~/utils/records.server";
import { adjustmentsPanel } from "./__adjustments.server";
import { opsRequest, type OpsRequest } from "./__ops-request.server";
import { PLAYER_ACTION_DONE } from "./__player-actions.server";
import { BET_FILTER_FIELDS, playerBetsPanel } from "./__player-bets.server";

/**
 * /ops/players and /ops/players/:memberId: find a member or agent by anything
 * staff may have in hand, then read the player page, one tab at a time (the
 * tab and its filters are in the URL). Read-only: `players.view`.
 */
export const PLAYER_PAGE_SIZE = 25;

const searchText = z.string().trim().max(100).catch("");

export async function opsPlayersLoader(request: Request) {
  const { db, brand, t } = await opsRequest(request, "players.view");
  const q = searchText.parse(new URL(request.url).searchParams.get("q") ?? "");
  const found = q ? await searchPlayers(db, q) : [];
  return json({
    title: t("opsPlayers.title"),
    brandName: brand.name,
    timeZone: brand.timeZone,
    q,
    limit: PLAYER_SEARCH_LIMIT,
    results: found.map((player) => ({ ...player, role: roleOf(player.type, brand) })),
  });
}

const playerFilters = z.object({
  tab: optionalChoice(PLAYER_TABS),
  from: z.string().optional().catch(undefined),
  to: z.string().optional().catch(undefined),
  page: z
    .string()
    .optional()
    .catch(undefined)
    .transform((page) => pageParam(page ?? null)),
  ...BET_FILTER_FIELDS,
});

/** A paged tab's rows to read for its page, and its pages once the rows are counted. */
const pageOf = (page: number) => ({
  read: { offset: (page - 1) * PLAYER_PAGE_SIZE, limit: PLAYER_PAGE_SIZE },
  shown: (total: number) => ({ page, pageCount: Math.max(1, Math.ceil(total / PLAYER_PAGE_SIZE)) }),
});

/** The tab's own data: one query set per tab, so a tab costs only what it shows. */
async function panelOf(
  ops: OpsRequest,
  memberId: string,
  filters: z.infer<typeof playerFilters>,
  timeZone: string,
) {
  const { db, brand, staff } = ops;
  const tab: PlayerTab = filters.tab ?? "profile";
  switch (tab) {
    case "profile":
      return { tab, accounts: await playerAccounts(db, memberId) } as const;
    case "ledger": {
      const range = parseDateRange(filters, timeZone);
      const ledger = await playerLedger(db, memberId, {
        window: { from: range.fromStart, to: range.toEnd },
        page: filters.page,
        pageSize: PLAYER_PAGE_SIZE,
      });
      return {
        tab,
        range: { from: range.from, to: range.to, today: range.today },
        ledger,
      } as const;
    }
    case "bets": {
      const bets = await playerBetsPanel(db, memberId, filters, {
        pageSize: PLAYER_PAGE_SIZE,
        timeZone,
      });
      return { tab, ...bets } as const;
    }
    case "bonuses":
      return {
        tab,
        bonuses: await playerBonuses(db, memberId),
        shown: PLAYER_BONUSES_SHOWN,
      } as const;
    case "payments":
      return {
        tab,
        payments: await playerPayments(db, memberId),
        shown: PLAYER_PAYMENTS_SHOWN,
      } as const;
    case "protection":
      return { tab, protection: await playerProtection(db, memberId, brand) } as const;
    case "messages": {
      // Feedback is read only for a role that may open the feedback screens.
      const feedback = staff.permissions.has("feedback.view");
      const messages = await playerMessages(db, memberId, { feedback });
      return { tab, ...messages, shown: PLAYER_MESSAGES_SHOWN } as const;
    }
    case "agency": {
      const paging = { page: filters.page, pageSize: PLAYER_PAGE_SIZE };
      return { tab, ...(await playerAgency(db, memberId, paging, brand)) } as const;
    }
    case "linked":
      return { tab, linked: await linkedAccounts(db, memberId), shown: LINKED_SHOWN } as const;
    case "sign-ins": {
      const paged = pageOf(filters.page);
      const signIns = await playerSignIns(db, memberId, paged.read);
      return { tab, signIns: signIns.rows, ...paged.shown(signIns.total) } as const;
    }
    case "adjustments":
      return { tab, ...(await adjustmentsPanel(ops, memberId)) } as const;
    case "notes": {
      const paged = pageOf(filters.page);
      const notes = await playerNotes(db, memberId, paged.read);
      return { tab, notes: notes.rows, ...paged.shown(notes.total) } as const;
    }
  }
}

export async function opsPlayerLoader(request: Request, memberId: string) {
  const ops = await opsRequest(request, "players.view");
  const { db, brand, t, currency, staff } = ops;
  const player = await loadPlayer(db, memberId);
  if (!player) throw notFound();
  const params = new URL(request.url).searchParams;
  const filters = playerFilters.parse(Object.fromEntries(params));
  staffWithPermission(staff, PLAYER_TAB_PERMISSION[filters.tab ?? "profile"]);
  const done = PLAYER_ACTION_DONE.find((value) => value === params.get("done")) ?? null;
  return json({
    done: done ? { what: done, count: Number(params.get("count")) || 0 } : null,
    title: t("opsPlayers.playerTitle", { account: player.account }),
    brandName: brand.name,
    timeZone: brand.timeZone,
    currency,
    providers: brand.wallet.payeeProviders.map(({ code, name }) => ({ code, name })),
    player: { ...player, role: roleOf(player.type, brand) },
    // Tags show on every tab, so staff see them whatever they came to read.
    tags: await playerTags(db, player.id),
    brandTags: brand.playerTags,
    panel: await panelOf(ops, player.id, filters, brand.timeZone),
  });
}
