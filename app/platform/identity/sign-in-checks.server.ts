import { CASH_OUT_PATH } from "./constants";
import { forcedChangeReason, type LoginMethod } from "./forced-change";
import { recordKnownSignIn, isKnownSignIn } from "./known-sign-ins.server";
import { finishLogin, type FinishedLogin } from "./login-finish.server";
import { roleOf, type TypeSets } from "./member-types";
import {
  startStepUp,
  tellNewSignIn,
  stepUpMethods,
  type StepUpMethod,
  type StepUpRule,
} from "./new-ip-step-up.server";
import type { IdentityPolicy } from "./policy.server";
import type { Site } from "./sessions.server";
import { audit, type AuditContext } from "../audit/audit.server";
import type { Database } from "../db/open.server";
import type { Member } from "../db/schema";
import { PlatformError } from "../errors";
import { loginBlock } from "../protection/breaks.server";

export type LoginOutcome =
  | FinishedLogin
  /** ADR 37: a sign-in from an unknown IP and device; one of `methods` must pass first. */
  | { kind: "step-up"; ticket: string; methods: StepUpMethod[]; member: Member };

export interface LoginRules extends TypeSets {
  /** PWDEXPIRY3: expired passwords force a change. */
  passwordExpiry: boolean;
  /** The brand's security settings: the new-IP step-up (ADR 37). */
  security?: { newIpStepUp?: StepUpRule };
}

export interface ProvenSignIn {
  site: Site;
  /** How the member proved itself: a login method, or a password reset that signs in. */
  method: LoginMethod;
  /** The password given, for a password sign-in (the default password forces a change). */
  password?: string;
  remember: boolean;
  redirectTo?: string;
  /** After a self-exclusion has ended: the member asks to reopen the account (issue 17). */
  reopen?: boolean;
  /** The browser's device cookie (ADR 37), when it has one. */
  deviceId?: string | null;
}

/**
 * Every check a sign-in makes once the member has proven itself — by password, SMS code,
 * hand-off token, or a password reset that signs in — so no way in skips one: the account's
 * status, the site its role may use, a break (a self-exclusion opens the cash-out page alone,
 * ADR 49), a forced password change, the step-up from an unknown place (ADR 37), then the
 * authenticator code (ADR 34) and the session. Checked only after the proof, so none of it is
 * revealed to someone without the secret.
 */
export async function completeSignIn(
  db: Database,
  member: Member,
  input: ProvenSignIn,
  rules: LoginRules,
  context: AuditContext,
  policy: IdentityPolicy,
  now: Date,
): Promise<LoginOutcome> {
  if (member.status === "suspended")
    throw new PlatformError("account_suspended", { reason: member.status_reason });
  const closed = member.status === "closed";
  if (member.status !== "active" && !closed)
    throw new PlatformError("login_failed", { captcha: false });

  const role = roleOf(member.type, rules);
  // The back office (/ops) takes operators only, and operators sign in nowhere else.
  if (input.site === "ops") {
    if (role !== "operator") throw new PlatformError("non_operator_login");
  } else if (role === "operator") {
    throw new PlatformError("non_member_login");
  }
  if (input.site === "agent" && role !== "agent") throw new PlatformError("non_agent_login");
  let site: Site = input.site;
  let redirectTo = input.redirectTo ?? "/";
  let remember = input.remember;
  if (closed) {
    // A closed account keeps its money, not its portal: the sign-in opens the cash-out page
    // alone, as a self-exclusion does (ADR 53); the agent centre says where to go instead.
    if (input.site !== "member") throw new PlatformError("account_closed");
    site = "cash_out";
    redirectTo = CASH_OUT_PATH;
    remember = false;
  } else if (input.site !== "ops") {
    const block = await loginBlock(db, member.id, { reopen: input.reopen, context }, now);
    if (block?.code === "break_exclusion" && input.site === "member") {
      // A self-exclusion keeps the member out of the portal, not away from its money: the
      // sign-in opens the cash-out page alone, in a session no other page accepts (ADR 49).
      site = "cash_out";
      redirectTo = CASH_OUT_PATH;
      remember = false;
    } else if (block) {
      const { code, ...when } = block;
      throw new PlatformError(code, {
        ...Object.fromEntries(Object.entries(when).map(([k, v]) => [k, v.toISOString()])),
      });
    }
  }

  const reason = forcedChangeReason({
    method: input.method,
    password: input.password,
    firstTimeLogin: member.first_time_login,
    passwordChangedAt: new Date(member.password_changed_at),
    resetRequiredAt: member.password_reset_required_at,
    expiryEnabled: rules.passwordExpiry,
    maxAgeMs: policy.passwordMaxAgeMs,
    now,
  });
  // ADR 37: a member or agent sign-in from an IP and device it never passed from asks for one
  // more proof (operators always give an authenticator code, ADR 34). The QR hand-off and the
  // resets too: each is a sign-in like the others.
  if (input.site !== "ops") {
    const rule = rules.security?.newIpStepUp;
    const known = await isKnownSignIn(db, member.id, context.ip, input.deviceId);
    // An unknown (null) IP is never stepped up: without a trusted address there is nothing to compare.
    if (rule?.enabled && context.ip && !known) {
      const methods = await stepUpMethods(db, member, rule.methods, input.method);
      await audit(db, "login_new_ip", context, {
        memberId: member.id,
        account: member.account,
        detail: { method: input.method, site, methods },
      });
      if (methods.length) {
        const ticket = await startStepUp(
          db,
          {
            memberId: member.id,
            site,
            remember,
            redirectTo,
            method: input.method,
            forcedReason: reason,
            methods,
            ip: context.ip,
          },
          now,
        );
        return { kind: "step-up", ticket, methods, member };
      }
      // Nothing to ask for (no contact, no payee, no authenticator): the sign-in goes on, told.
      await tellNewSignIn(db, member.id, context.ip, now);
    }
    await recordKnownSignIn(
      db,
      member.id,
      { ip: context.ip, deviceId: input.deviceId, userAgent: context.userAgent },
      now,
    );
  }
  return finishLogin(
    db,
    member,
    { site, remember, redirectTo, method: input.method, forcedReason: reason },
    context,
    policy,
    now,
  );
}
