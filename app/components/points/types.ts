/** /pointMall's areas (URL state), in the order of its tabs. */
export const POINTS_AREAS = ["details", "rules", "records", "rates", "goods"] as const;
export type PointsArea = (typeof POINTS_AREAS)[number];

export type Currency = { symbol: string; minorUnits: number };

/** An item as the mall shows it (points and money as decimal strings). */
export interface GoodsView {
  id: string;
  name: string;
  icon: string;
  kind: "physical" | "virtual";
  pointsPrice: string;
  amountRequirement: string;
  cashValue: string;
  stock: number;
}

/** The brand's ratios and rate as the rules and rates areas show them. */
export interface PointsConfigView {
  ratios: { product: string; points: number; perMinor: string }[];
  conversion: { points: number; cash: string; minPoints: string; stepPoints: string } | null;
}
