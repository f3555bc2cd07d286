import type { SerializeFrom } from "@remix-run/node";
import type { lotteryLoader } from "~/routes/_portal+/__lottery.server";

/** What a lottery page's loader sends (shared by /lottery, /seaLottery, /vnLottery). */
export type LotteryPageData = SerializeFrom<typeof lotteryLoader>;
export type LotteryGameData = Extract<LotteryPageData, { draw: unknown }>;
export type BetKindData = LotteryGameData["kinds"][number];
export type DrawData = LotteryGameData["recent"][number];
export type BetData = LotteryGameData["bets"][number];
export type MenuGroupData = LotteryPageData["menu"][number];
