/**
 * Why staff may suspend an account: each code has a label the member reads
 * at sign-in and staff read on the player page. Staff's own words go in a
 * note the member never sees.
 */
export const SUSPENSION_REASONS = [
  "security",
  "investigation",
  "payment_dispute",
  "duplicate_account",
  "terms_breach",
  "member_request",
] as const;

export type SuspensionReason = (typeof SUSPENSION_REASONS)[number];

/**
 * Why staff may close an account for good: each code has a label the member reads on the
 * cash-out page and staff read on the player page.
 */
export const CLOSURE_REASONS = [
  "member_request",
  "responsible_gambling",
  "duplicate_account",
  "fraud",
  "compliance",
] as const;

export type ClosureReason = (typeof CLOSURE_REASONS)[number];

/** What becomes of a closed account's money: the member cashes it out, or compliance holds it. */
export const CLOSURE_FUNDS = ["cash_out", "hold"] as const;
export type ClosureFunds = (typeof CLOSURE_FUNDS)[number];

/** The longest staff note kept with a suspension or a reactivation. */
export const STATUS_NOTE_MAX = 500;
