/**
 * A line of the points details (time, type, changed points, points
 * balance, remark) as the platform reads it and the page shows it. The type
 * is the entry's source (a product, deposit, redeem, convert); the remark
 * names what it was for (goods, a number of bets, the cash of a conversion).
 */
export interface PointsLine {
  id: string;
  createdAt: string;
  kind: string;
  source: string;
  points: string;
  balanceAfter: string;
  remark: { item?: string; quantity?: string; bets?: string; cash?: string };
}
