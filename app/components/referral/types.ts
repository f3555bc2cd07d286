/** What /member/referral's loader gives its components (JSON: money as minor-unit strings). */
export interface ReferralProgramView {
  code: string;
  link: string;
  share: { whatsapp: string; telegram: string };
  qr: { src: string; download: string };
  terms: { reward: string; minDeposit: string; minValidBet: string; turnover: boolean };
  referrer: string | null;
  canClaim: boolean;
  friends: ReferralFriendsView;
}

export interface ReferralFriendsView {
  rows: {
    account: string;
    joinedAt: string;
    deposited: boolean;
    validBet: string;
    reward: "waiting" | "held" | "paid" | "rejected";
    amount: string | null;
  }[];
  total: number;
  page: number;
  pageCount: number;
}

export type Currency = { symbol: string; minorUnits: number };
