/**
 * Who a promotion is for (issue 14 audience), pure: never a trial or staff
 * account or a disabled one; a VIP range; registered within N days; a count
 * of confirmed deposits before the action (a first-deposit bonus: none).
 */
export interface Audience {
  kind: string;
  registeredWithinDays: number | null;
  vipMin: number;
  vipMax: number | null;
  minDeposits: number;
  maxDeposits: number | null;
}

export interface MemberStanding {
  id: string;
  /** A trial (free-play) or operator account, or a disabled one. */
  excluded: boolean;
  vipLevel: number;
  createdAt: Date;
  /** Confirmed deposits so far (a deposit being confirmed is not yet among them). */
  deposits: number;
}

const DAY = 86_400_000;

export function isEligible(audience: Audience, member: MemberStanding, now: Date): boolean {
  if (member.excluded) return false;
  if (member.vipLevel < audience.vipMin) return false;
  if (audience.vipMax !== null && member.vipLevel > audience.vipMax) return false;
  if (
    audience.registeredWithinDays !== null &&
    now.getTime() - member.createdAt.getTime() > audience.registeredWithinDays * DAY
  )
    return false;
  if (member.deposits < audience.minDeposits) return false;
  const maxDeposits = audience.kind === "first_deposit" ? 0 : audience.maxDeposits;
  return maxDeposits === null || member.deposits <= maxDeposits;
}
