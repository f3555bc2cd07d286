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

/** The longest staff note kept with a suspension or a reactivation. */
export const STATUS_NOTE_MAX = 500;
