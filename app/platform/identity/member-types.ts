/**
 * Member types (member info `type`, which sets the role). Agent and trial types come
 * from the brand config (agentTypes 1, 2, 41, 42; trialTypes 4); a plain
 * member is 0; operator staff accounts (9) exist for the back office and are
 * the "non-member accounts" that cannot log in to the member site.
 */
export const MEMBER_TYPE = 0;
export const OPERATOR_TYPE = 9;

export type Role = "member" | "trial" | "agent" | "operator";

export interface TypeSets {
  agentTypes: readonly number[];
  trialTypes: readonly number[];
}

export function roleOf(type: number, sets: TypeSets): Role {
  if (sets.agentTypes.includes(type)) return "agent";
  if (sets.trialTypes.includes(type)) return "trial";
  if (type === OPERATOR_TYPE) return "operator";
  return "member";
}

export const isAgentType = (type: number, sets: TypeSets) => roleOf(type, sets) === "agent";
export const isTrialType = (type: number, sets: TypeSets) => roleOf(type, sets) === "trial";

/**
 * A member row's status: `suspended` by staff with a reason (ADR 47), `closed` for good with a
 * reason (ADR 53); `disabled` is an older state no screen sets.
 */
export type MemberStatus = "active" | "disabled" | "suspended" | "closed";

/**
 * Whether a sign-in with the right secret goes on to the sign-in checks: a suspended account is
 * told why there, a closed one is sent to the cash-out page (ADR 53); any other is refused like
 * a wrong password.
 */
export const reachesSignInChecks = (status: string) =>
  status === "active" || status === "suspended" || status === "closed";

/** Whether an account in `status` may hold a session of `site`: a closed one, the cash-out page's alone. */
export const maySignInTo = (status: string, site: string) =>
  status === "active" || (status === "closed" && site === "cash_out");
