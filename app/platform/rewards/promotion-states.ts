import { PlatformError } from "../errors";
import type { ClaimMode, PromotionState, StoredState } from "./promotion-types";

/**
 * The promotion state machine, pure. An entry (one per promotion, member
 * and period) holds a stored state; before it exists the member's state is
 * derived from the schedule (`displayState`).
 *
 * - joined: the member joined a join-then-claim promotion and waits for a qualifying deposit;
 * - claim: qualified (amount known), waiting for the member's Claim;
 * - applying / rejected: an application waits for the operator / was turned down;
 * - process: the bonus is issued and locked until its turnover is met;
 * - issued: paid by the system without a member's click (registration, cashback, red envelope);
 * - claimed: the member's to keep (claimed without turnover, or released when it was met);
 * - forfeited: given back (a withdrawal, expiry or the operator).
 *
 * Moves that pay (claim, approve, issue) land in `process` when the bonus is
 * locked, otherwise in `claimed` (the member acted) or `issued` (the system did).
 */
export const PROMOTION_ACTIONS = [
  "join",
  "claim",
  "apply",
  "approve",
  "reject",
  "qualify",
  "issue",
  "complete",
  "forfeit",
] as const;
export type PromotionAction = (typeof PROMOTION_ACTIONS)[number];

/** Where a paying move lands: locked, or paid to the member's main wallet. */
type Target = StoredState | "paid_by_member" | "paid_by_system";

/** The one table of legal moves. `none`: no entry yet. */
const TRANSITIONS: Record<StoredState | "none", Partial<Record<PromotionAction, Target>>> = {
  none: { join: "joined", apply: "applying", claim: "paid_by_member", issue: "paid_by_system" },
  joined: { qualify: "claim" },
  claim: { claim: "paid_by_member" },
  applying: { approve: "paid_by_member", reject: "rejected" },
  process: { complete: "claimed", forfeit: "forfeited" },
  rejected: {},
  issued: {},
  claimed: {},
  forfeited: {},
};

/** The states an action leaves behind: finding one of them means the action was already taken. */
const RESULTS: Record<PromotionAction, readonly StoredState[]> = {
  join: ["joined"],
  claim: ["process", "claimed"],
  apply: ["applying"],
  approve: ["process", "claimed"],
  reject: ["rejected"],
  qualify: ["claim"],
  issue: ["process", "issued"],
  complete: ["claimed"],
  forfeit: ["forfeited"],
};

export type Transition =
  | { changed: true; state: StoredState }
  /** The action had been taken before (a double click, a replayed form): nothing changes. */
  | { changed: false; state: StoredState };

/**
 * The move `action` makes from `from` (`none` before an entry exists).
 * `locked`: the bonus it pays waits for a turnover. Throws
 * `promotion_action_refused` (details: state) for an illegal move.
 */
export function transition(
  from: StoredState | "none",
  action: PromotionAction,
  locked = false,
): Transition {
  const target = TRANSITIONS[from][action];
  if (target === undefined) {
    if (from !== "none" && RESULTS[action].includes(from)) return { changed: false, state: from };
    throw new PlatformError("promotion_action_refused", { state: from });
  }
  const state =
    target === "paid_by_member"
      ? locked
        ? "process"
        : "claimed"
      : target === "paid_by_system"
        ? locked
          ? "process"
          : "issued"
        : target;
  return { changed: true, state };
}

export interface Schedule {
  status: string;
  showsFrom: Date | null;
  startsAt: Date;
  endsAt: Date | null;
}

/** The schedule's phase at `now`: hidden before it shows, coming soon, open or closed. */
export function phaseAt(
  schedule: Schedule,
  now: Date,
): "hidden" | "coming_soon" | "open" | "close" {
  if (schedule.status === "closed" || (schedule.endsAt && now >= schedule.endsAt)) return "close";
  if (now >= schedule.startsAt) return schedule.status === "published" ? "open" : "hidden";
  if (schedule.showsFrom && now >= schedule.showsFrom && schedule.status === "published")
    return "coming_soon";
  return "hidden";
}

/**
 * What a member (or a visitor: no entry, `member` false) sees: the entry's
 * state, else the schedule's. An open promotion without an entry offers
 * `join` (join-then-claim, or apply: its button applies); an automatic one is
 * `claim` when the member opens it (a red envelope) and `joined` otherwise
 * (everyone eligible takes part without a click).
 */
export function displayState(
  promotion: Schedule & { claimMode: ClaimMode; kind: string },
  entry: StoredState | null,
  now: Date,
  member: boolean,
): PromotionState {
  if (entry) return entry;
  const phase = phaseAt(promotion, now);
  if (phase === "hidden" || phase === "close") return "close";
  if (phase === "coming_soon") return "coming_soon";
  if (promotion.claimMode !== "automatic" || !member) return "join";
  return promotion.kind === "red_envelope" ? "claim" : "joined";
}
