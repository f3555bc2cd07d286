import { sql } from "kysely";
import { isEligible, type MemberStanding } from "./eligibility";
import type { EntryRow } from "./entries.server";
import { promotionPeriod } from "./promotion-periods";
import {
  inLanguage,
  isPromotionId,
  memberStanding,
  promotionOf,
  type Promotion,
} from "./promotion-rows.server";
import { displayState, phaseAt } from "./promotion-states";
import type {
  ClaimMode,
  PromotionCategory,
  PromotionKind,
  PromotionState,
  StoredState,
} from "./promotion-types";
import { sanitizeContentHtml } from "../content/sanitize.server";
import type { Database } from "../db/open.server";

/**
 * What the promotions page, the reward centre and the header read: each
 * promotion with this member's state in it, in the member's language.
 */
export interface PromotionView {
  id: string;
  code: string;
  category: PromotionCategory;
  kind: PromotionKind;
  claimMode: ClaimMode;
  /** In the requested language, falling back to the brand default. */
  title: string;
  /** Sanitized when saved and again here. */
  rulesHtml: string;
  /** ISO. */
  startsAt: string;
  endsAt: string | null;
  /** For this member (a visitor: coming_soon | join | close). */
  state: PromotionState;
  /** The reward known for this member (claim, process, issued, claimed …), minor units. */
  amount: string | null;
  grant: {
    id: string;
    amount: string;
    required: string;
    done: string;
    expiresAt: string | null;
    status: string;
  } | null;
  rejectReason: string | null;
  /** The member's entry this view shows (null: none yet), and its period ('once', 'D:2024-05-01' …). */
  entryId: string | null;
  periodKey: string | null;
  /** May this member take part now (false for visitors, trial accounts, outside the audience)? */
  eligible: boolean;
}

export interface ViewOptions {
  language: string;
  fallbackLanguage: string;
  now?: Date;
}

type GrantRow = {
  id: string;
  entry_id: string;
  amount: string;
  turnover_required: string;
  turnover_done: string;
  expires_at: Date | string | null;
  status: string;
};

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

function viewOf(
  promotion: Promotion,
  entry: EntryRow | undefined,
  grant: GrantRow | undefined,
  context: { now: Date; standing: MemberStanding | null } & ViewOptions,
): PromotionView {
  return {
    id: promotion.id,
    code: promotion.code,
    category: promotion.category,
    kind: promotion.kind,
    claimMode: promotion.claimMode,
    title: inLanguage(promotion.titles, context.language, context.fallbackLanguage),
    rulesHtml: sanitizeContentHtml(
      inLanguage(promotion.rulesHtml, context.language, context.fallbackLanguage),
    ),
    startsAt: promotion.startsAt.toISOString(),
    endsAt: iso(promotion.endsAt),
    state: displayState(
      promotion,
      (entry?.state as StoredState | undefined) ?? null,
      context.now,
      context.standing !== null,
    ),
    amount: entry?.amount ?? grant?.amount ?? null,
    grant: grant
      ? {
          id: grant.id,
          amount: grant.amount,
          required: grant.turnover_required,
          done: grant.turnover_done,
          expiresAt: iso(grant.expires_at),
          status: grant.status,
        }
      : null,
    rejectReason: entry?.reject_reason ?? null,
    entryId: entry?.id ?? null,
    periodKey: entry?.period_key ?? null,
    eligible:
      context.standing !== null &&
      phaseAt(promotion, context.now) === "open" &&
      isEligible(promotion, context.standing, context.now),
  };
}

async function grantsOf(db: Database, entryIds: string[]) {
  if (entryIds.length === 0) return new Map<string, GrantRow>();
  const rows = await db
    .selectFrom("bonus_grants")
    .select([
      "id",
      "entry_id",
      "amount",
      "turnover_required",
      "turnover_done",
      "expires_at",
      "status",
    ])
    .where("entry_id", "in", entryIds)
    .execute();
  return new Map(rows.map((row) => [row.entry_id, row]));
}

/**
 * The entry a promotion's card shows: one waiting to be claimed (whatever
 * its period: yesterday's qualified reload can still be claimed), else this
 * period's.
 */
function currentEntry(promotion: Promotion, entries: EntryRow[], now: Date) {
  const mine = entries.filter((entry) => entry.promotion_id === promotion.id);
  const key = promotionPeriod(promotion.period, now, promotion.timeZone).key;
  return (
    mine.find((entry) => entry.state === "claim") ?? mine.find((entry) => entry.period_key === key)
  );
}

async function viewsFor(
  db: Database,
  promotions: Promotion[],
  memberId: string | null,
  options: ViewOptions,
): Promise<PromotionView[]> {
  const now = options.now ?? new Date();
  if (!memberId || promotions.length === 0)
    return promotions.map((p) =>
      viewOf(p, undefined, undefined, { ...options, now, standing: null }),
    );
  const [standing, entries] = await Promise.all([
    memberStanding(db, memberId),
    db
      .selectFrom("promotion_entries")
      .selectAll()
      .where("member_id", "=", memberId)
      .where(
        "promotion_id",
        "in",
        promotions.map((p) => p.id),
      )
      .orderBy("id")
      .execute(),
  ]);
  const shown = promotions.map((promotion) => currentEntry(promotion, entries, now));
  const grants = await grantsOf(
    db,
    shown.flatMap((entry) => (entry ? [entry.id] : [])),
  );
  return promotions.map((promotion, index) => {
    const entry = shown[index];
    return viewOf(promotion, entry, entry && grants.get(entry.id), { ...options, now, standing });
  });
}

/** Promotions lately closed stay on the page for this long, shown as `close`. */
const CLOSED_SHOWN_DAYS = 30;

/** The promotions page: those showing now (coming soon, open, lately closed), by sort then age. */
export async function listPromotions(
  db: Database,
  options: ViewOptions & { memberId: string | null; category?: PromotionCategory },
): Promise<PromotionView[]> {
  const now = options.now ?? new Date();
  const since = new Date(now.getTime() - CLOSED_SHOWN_DAYS * 86_400_000);
  let query = db
    .selectFrom("promotions")
    .selectAll()
    .where("status", "<>", "draft")
    .where(sql<boolean>`coalesce(shows_from, starts_at) <= ${now}`)
    .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", since)]))
    .where((eb) => eb.or([eb("status", "=", "published"), eb("updated_at", ">", since)]));
  if (options.category) query = query.where("category", "=", options.category);
  const rows = await query.orderBy("sort").orderBy("id", "desc").execute();
  return viewsFor(db, rows.map(promotionOf), options.memberId, { ...options, now });
}

/** One promotion as its detail view shows it; undefined for an unknown id, a draft or one not showing yet. */
export async function findPromotion(
  db: Database,
  options: ViewOptions & { promotionId: string; memberId: string | null },
): Promise<PromotionView | undefined> {
  if (!isPromotionId(options.promotionId)) return undefined;
  const now = options.now ?? new Date();
  const row = await db
    .selectFrom("promotions")
    .selectAll()
    .where("id", "=", options.promotionId)
    .where("status", "<>", "draft")
    .where(sql<boolean>`coalesce(shows_from, starts_at) <= ${now}`)
    .executeTakeFirst();
  if (!row) return undefined;
  const [view] = await viewsFor(db, [promotionOf(row)], options.memberId, { ...options, now });
  return view;
}

const IN_PROGRESS: readonly string[] = ["joined", "applying", "process"];
const HISTORY_SIZE = 50;

/**
 * The reward centre: what the member can take now (join, claim, a red envelope
 * to open), what is under way (joined, applying, bonuses being wagered, of
 * any period) and the last 50 finished entries.
 */
export async function rewardCentre(
  db: Database,
  options: ViewOptions & { memberId: string },
): Promise<{
  available: PromotionView[];
  inProgress: PromotionView[];
  history: PromotionView[];
  /** Every promotion showing now, as this member sees it (a link may open one of them). */
  showing: PromotionView[];
}> {
  const now = options.now ?? new Date();
  const [listed, standing, entries] = await Promise.all([
    listPromotions(db, { ...options, now }),
    memberStanding(db, options.memberId),
    db
      .selectFrom("promotion_entries")
      .selectAll()
      .where("member_id", "=", options.memberId)
      // Entries waiting for a claim are on their promotion's card (available).
      .where("state", "<>", "claim")
      .orderBy("id", "desc")
      .limit(HISTORY_SIZE + 50)
      .execute(),
  ]);
  // A qualified entry stays claimable even when the member has since left the audience
  // (a first-deposit bonus: the deposit that qualified it is one).
  const available = listed.filter(
    (view) =>
      (view.state === "claim" && view.entryId !== null) ||
      (view.eligible && (view.state === "join" || view.state === "claim")),
  );
  const promotionIds = [...new Set(entries.map((entry) => entry.promotion_id))];
  const promotions = new Map(
    promotionIds.length === 0
      ? []
      : (
          await db.selectFrom("promotions").selectAll().where("id", "in", promotionIds).execute()
        ).map((row) => [row.id, promotionOf(row)]),
  );
  const grants = await grantsOf(
    db,
    entries.map((entry) => entry.id),
  );
  const entryViews = entries.map((entry) =>
    viewOf(promotions.get(entry.promotion_id)!, entry, grants.get(entry.id), {
      ...options,
      now,
      standing,
    }),
  );
  return {
    available,
    inProgress: entryViews.filter((view) => IN_PROGRESS.includes(view.state)),
    history: entryViews.filter((view) => !IN_PROGRESS.includes(view.state)).slice(0, HISTORY_SIZE),
    showing: listed,
  };
}
