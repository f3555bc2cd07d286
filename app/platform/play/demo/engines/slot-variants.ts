import { basisPoints } from "./fraction";
import type { SlotDesign, SlotVariant } from "./slot";

const strips = (...reels: string[]) => reels.map((reel) => reel.split(" "));

/**
 * "Harbour Classic": seven symbols, the wild (W) on every reel. The rich set
 * has a fourth wild on reel 2 (exact return 1.0777…), the lean set one wild
 * fewer on reel 4 (0.9364…); see slotMath for the exact fractions. Pays are
 * flat (at most 80 line bets) so that a spin's return has a standard
 * deviation of about 1.3 stakes: 10^6 spins land well within ±0.5 % of the RTP.
 *
 * Never edit these strips or pays: rounds already played are verified against
 * them. A new game needs a new design id.
 */
export const HARBOUR_CLASSIC: SlotDesign = {
  id: "harbour-classic",
  symbols: ["W", "7", "BAR", "D", "H", "C", "S"],
  wild: "W",
  pays: {
    W: [10, 30, 80],
    "7": [10, 30, 80],
    BAR: [8, 25, 60],
    D: [8, 20, 50],
    H: [6, 15, 40],
    C: [5, 12, 30],
    S: [5, 10, 25],
  },
  reelSets: {
    rich: strips(
      "S H C BAR D W 7 S H C BAR D S W 7 H C S BAR D H C S W 7 BAR D H C S",
      "H C S W BAR D 7 H C S W BAR D H C S 7 W BAR D H C S H C S W BAR D 7",
      "7 H C S BAR D H C S W 7 BAR D H C S S H C BAR D W 7 S H C BAR D S W",
      "C S W 7 BAR D H C S S H C BAR D W 7 S H C BAR D S W 7 H C S BAR D H",
      "C S S H C BAR D W 7 S H C BAR D S W 7 H C S BAR D H C S W 7 BAR D H",
    ),
    lean: strips(
      "S H C BAR D W 7 S H C BAR D S W 7 H C S BAR D H C S W 7 BAR D H C S",
      "S H C BAR D S W 7 H C S BAR D H C S W 7 BAR D H C S S H C BAR D W 7",
      "7 H C S BAR D H C S W 7 BAR D H C S S H C BAR D W 7 S H C BAR D S W",
      "W C S 7 BAR D H C S C S H BAR D 7 W C S H BAR D C S 7 H C S BAR D H",
      "C S S H C BAR D W 7 S H C BAR D S W 7 H C S BAR D H C S W 7 BAR D H",
    ),
  },
};

/** The slot variants titles are mapped onto: one design, three configured RTPs. */
export const SLOT_VARIANTS: readonly SlotVariant[] = [
  { id: "classic-94", design: HARBOUR_CLASSIC, rtp: basisPoints(9400) },
  { id: "classic-96", design: HARBOUR_CLASSIC, rtp: basisPoints(9600) },
  { id: "classic-97", design: HARBOUR_CLASSIC, rtp: basisPoints(9700) },
];

export const slotVariant = (id: string) =>
  SLOT_VARIANTS.find((variant) => variant.id === id) ?? null;
