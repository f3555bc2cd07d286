import type { VendorLane } from "../../catalog/lanes.server";

/** The brand's prize modes the lottery pages use: LOTT and ELOTT by the rule below, SEA for the SEA vendor. */
export type PrizeMode = "LOTT" | "ELOTT" | "SEA";

/** The vendors whose card in the ELOTT lane switches the lottery to ELOTT. */
const ELOTT_TRIGGERS = ["TCG_LOTTO_VN", "LOTT"];

/**
 * The lottery prize mode is ELOTT if the ELOTT lane has a TCG_LOTTO_VN or
 * LOTT card, else LOTT. Pure over the vendor lanes (getVendorLanes).
 */
export function lotteryPrizeMode(
  lanes: readonly Pick<VendorLane, "title" | "cards">[],
): "LOTT" | "ELOTT" {
  const elott = lanes.find((lane) => lane.title === "ELOTT");
  return elott?.cards.some((card) => ELOTT_TRIGGERS.includes(card.vassalage)) ? "ELOTT" : "LOTT";
}
