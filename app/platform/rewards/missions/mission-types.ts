import { CATEGORIES } from "../../catalog/categories";

/**
 * Missions' vocabulary, free of the database so routes, components and the
 * platform share one version.
 */
export const MISSION_PERIODS = ["D", "W", "once"] as const;
export type MissionPeriod = (typeof MISSION_PERIODS)[number];

export const MISSION_CONDITIONS = [
  "deposit",
  "valid_bet",
  "distinct_games",
  "login_days",
  "referred_depositors",
] as const;
export type MissionCondition = (typeof MISSION_CONDITIONS)[number];

export const MISSION_REWARDS = ["cash", "points"] as const;
export type MissionRewardKind = (typeof MISSION_REWARDS)[number];

export const MISSION_CATEGORIES = CATEGORIES;
export const MISSION_CODE_PATTERN = /^[a-z0-9][a-z0-9-]{1,47}$/;

/** Leaderboard length, as the winner board's. */
export const LEADERBOARD_SIZE = 20;

/** Deposit and valid-bet targets are money (minor units); the others count. */
export const isMoneyCondition = (condition: MissionCondition) =>
  condition === "deposit" || condition === "valid_bet";

/** A name or description in the reader's language, else English (the missions are seeded in EN and UR). */
export const textIn = (texts: Record<string, string>, language: string) =>
  texts[language] || texts.en || "";
