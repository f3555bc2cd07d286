/**
 * The value sets of promotions (categories, states) and the error codes
 * the rewards platform throws, in one place so routes translate them from one
 * list (`rewards.error.<code>` in the label files).
 */
export const PROMOTION_CATEGORIES = [
  "other",
  "sport",
  "live",
  "slots",
  "cards",
  "fishing",
  "lotto",
  "rebate",
  "pointsMall",
  "rank",
  "deposit",
  "appDownload",
  "newPlayer",
] as const;
export type PromotionCategory = (typeof PROMOTION_CATEGORIES)[number];

/** A promotion's code: what addresses (`?promotion=`) and announcements name it by. */
export const PROMOTION_CODE_PATTERN = /^[a-z0-9][a-z0-9-]{1,47}$/;

export const PROMOTION_KINDS = [
  "first_deposit",
  "reload",
  "registration",
  "cashback",
  "red_envelope",
  "apply",
  /** Invite friends: the referrer's reward per friend who deposits and bets (issue 15). */
  "referral",
] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

export const CLAIM_MODES = ["automatic", "join_claim", "apply"] as const;
export type ClaimMode = (typeof CLAIM_MODES)[number];

export const PROMOTION_STATUSES = ["draft", "published", "closed"] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

/** Once, or one entry per day / per week (Monday first) of the promotion's time zone. */
export const PROMOTION_PERIODS = ["once", "D", "W"] as const;
export type PromotionPeriod = (typeof PROMOTION_PERIODS)[number];

/** The states an entry holds in the database. */
export const STORED_STATES = [
  "joined",
  "claim",
  "applying",
  "rejected",
  "process",
  "issued",
  "claimed",
  "forfeited",
] as const;
export type StoredState = (typeof STORED_STATES)[number];

/** What a member sees: a stored state, or one derived from the schedule when there is no entry. */
export type PromotionState = StoredState | "coming_soon" | "join" | "close";
export const PROMOTION_STATES: readonly PromotionState[] = [
  "coming_soon",
  "join",
  ...STORED_STATES,
  "close",
];

export const GRANT_STATUSES = ["wagering", "released", "forfeited", "expired"] as const;
export type GrantStatus = (typeof GRANT_STATUSES)[number];

/** The bets' game categories, whose valid bets count towards a bonus's turnover. */
export const GAME_CATEGORIES = [
  "SPORTS",
  "LIVE",
  "RNG",
  "FISH",
  "PVP",
  "LOTT",
  "ELOTT",
  "ESPORTS",
  "COCKFIGHT",
  "MXWIN",
] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

/** Every PlatformError code the rewards platform throws (details in brackets). */
export const REWARDS_ERRORS = [
  "promotion_not_found",
  "promotion_closed",
  "promotion_coming_soon",
  /** The member is outside the promotion's audience (trial, VIP range, deposits, registration date). */
  "promotion_not_eligible",
  /** Not a legal move from the entry's state [state]. */
  "promotion_action_refused",
  /** The deposit is below the promotion's minimum [min]. */
  "promotion_deposit_too_small",
  "promotion_comment_too_long",
  "proof_type",
  "proof_size",
  /** [max] */
  "proof_count",
  /** Operator: an approval needs an amount above zero. */
  "promotion_amount_invalid",
  "promotion_code_taken",
  /** Operator: the input did not pass promotionInputSchema [issues]. */
  "promotion_invalid",
  "promotion_status_refused",
  "application_not_found",
  "grant_not_found",
  "red_envelope_empty",
  /** Seamless wallet: a stake above the max bet while a bonus is wagered [max]. */
  "bonus_max_bet",
  /** Withdrawal: a bonus whose rule refuses withdrawals is still being wagered. */
  "bonus_wagering_unfinished",
  /** Withdrawal: confirm forfeiting the unfinished bonuses first [amount]. */
  "bonus_forfeit_required",
] as const;
export type RewardsErrorCode = (typeof REWARDS_ERRORS)[number];
