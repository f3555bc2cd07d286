import { describe, expect, test } from "vitest";
import type { VendorLane } from "~/platform/catalog/lanes.server";
import { lotteryPrizeMode } from "~/platform/play/lottery/prize-mode";

/** A lane with cards of these vassalages (the rest of a card does not matter to the rule). */
const lane = (title: string, vassalages: string[]) =>
  ({
    title,
    gameClassify: [],
    cards: vassalages.map((vassalage) => ({
      vassalage,
      displayName: vassalage,
      lagerIcon: "",
      gameType: title,
      gameCode: null,
      isGame: "GAME",
    })),
  }) as VendorLane;

describe("lottery prize mode: ELOTT if the ELOTT lane has a TCG_LOTTO_VN or LOTT card, else LOTT", () => {
  const cases: [string, VendorLane[], "LOTT" | "ELOTT"][] = [
    ["no lanes at all", [], "LOTT"],
    ["no ELOTT lane", [lane("LOTT", ["LOTT", "TCG_LOTTO_VN"]), lane("RNG", ["PG"])], "LOTT"],
    ["an empty ELOTT lane", [lane("ELOTT", [])], "LOTT"],
    ["ELOTT lane with only the ELOTT vendor", [lane("ELOTT", ["ELOTT"])], "LOTT"],
    ["ELOTT lane with TCG_SEA only", [lane("ELOTT", ["ELOTT", "TCG_SEA"])], "LOTT"],
    ["ELOTT lane with TCG_LOTTO_VN", [lane("ELOTT", ["ELOTT", "TCG_LOTTO_VN"])], "ELOTT"],
    ["ELOTT lane with LOTT", [lane("ELOTT", ["LOTT"])], "ELOTT"],
    [
      "ELOTT lane with both",
      [lane("LOTT", ["LOTT"]), lane("ELOTT", ["TCG_LOTTO_VN", "LOTT"])],
      "ELOTT",
    ],
    [
      "TCG_LOTTO_VN and LOTT only in other lanes",
      [lane("LOTT", ["LOTT", "TCG_LOTTO_VN"]), lane("ELOTT", ["ELOTT"])],
      "LOTT",
    ],
    ["a look-alike vassalage", [lane("ELOTT", ["LOTT2", "tcg_lotto_vn"])], "LOTT"],
    // The seeded demo brand: ELOTT lane = ELOTT + TCG_LOTTO_VN.
    [
      "the demo brand",
      [lane("LOTT", ["LOTT", "TCG_LOTTO_VN", "TCG_SEA"]), lane("ELOTT", ["ELOTT", "TCG_LOTTO_VN"])],
      "ELOTT",
    ],
  ];
  test.each(cases)("%s", (_name, lanes, expected) => {
    expect(lotteryPrizeMode(lanes)).toBe(expected);
  });
});
