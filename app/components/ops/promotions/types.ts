/**
 * What the back office's promotion pages show, declared here because
 * components never import server modules; the routes' loaders answer these
 * shapes (times as ISO strings, money as minor-unit strings).
 */
export interface OpsPromotionView {
  id: string;
  code: string;
  title: string;
  category: string;
  kind: string;
  claimMode: string;
  status: string;
  showsFrom: string | null;
  startsAt: string;
  endsAt: string | null;
  entries: number;
  applying: number;
  wagering: number;
}

export interface Currency {
  symbol: string;
  minorUnits: number;
}

/** An application waiting in the queue. */
export interface OpsApplicationView {
  entryId: string;
  promotionCode: string;
  title: string;
  account: string;
  comment: string | null;
  proofIds: string[];
  createdAt: string;
}

/** An issued bonus with its turnover (minor units). */
export interface OpsGrantView {
  id: string;
  promotionId: string;
  promotionCode: string;
  account: string;
  amount: string;
  required: string;
  done: string;
  status: string;
  issuedAt: string;
  expiresAt: string | null;
}

/** The value of each field of the promotion form as an input holds it, by the field's name ("titles.en", "contributions.RNG" …). */
export type PromotionFieldValues = Record<string, string>;
