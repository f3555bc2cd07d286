/**
 * A promotion as the promotion pages show it to one reader (a visitor or a
 * member); declared here because components never import server modules.
 * The routes pass the platform's view, which has this shape.
 */
export type PromotionStateName =
  | "coming_soon"
  | "join"
  | "joined"
  | "claim"
  | "applying"
  | "rejected"
  | "process"
  | "issued"
  | "claimed"
  | "forfeited"
  | "close";

export interface PromotionGrantData {
  amount: string;
  required: string;
  done: string;
  expiresAt: string | null;
  status: string;
}

export interface PromotionCardData {
  id: string;
  code: string;
  category: string;
  kind: string;
  claimMode: "automatic" | "join_claim" | "apply";
  title: string;
  rulesHtml: string;
  startsAt: string;
  endsAt: string | null;
  state: PromotionStateName;
  amount: string | null;
  grant: PromotionGrantData | null;
  rejectReason: string | null;
}

export interface Money {
  symbol: string;
  minorUnits: number;
}
