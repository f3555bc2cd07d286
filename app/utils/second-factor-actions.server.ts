import { json, type TypedResponse } from "@remix-run/node";
import type { TFunction } from "~/i18n";
import { PlatformError } from "~/platform/errors";
import { identityPolicy } from "~/platform/identity/policy.server";
import {
  completeSecondFactor,
  type SecondFactorOutcome,
} from "~/platform/identity/second-factor-login.server";
import type { NewSession, Site } from "~/platform/identity/sessions.server";
import { getDb } from "~/platform/start.server";
import { auditContext } from "./auth.server";
import { identityErrorMessage } from "./identity.server";

/** What the code step answers when it does not sign in: the ticket again (for another try) and the error. */
export interface SecondFactorReply {
  result: null;
  secondFactor?: { ticket: string; errors: string[] };
  /** The code was right but the password must still be changed (ADR 34: the code comes first). */
  changePassword?: { ticket: string; reason: string };
  /** The ticket is spent or expired: the login form again, with this message. */
  loginError?: string;
}

/**
 * The code step's form (`intent=second-factor`, the ticket and `authCode`):
 * on a right code, `signIn` writes the site's cookie and goes on.
 */
export async function handleSecondFactor(
  request: Request,
  formData: FormData,
  t: TFunction,
  site: Site,
  signIn: (
    session: NewSession,
    outcome: Extract<SecondFactorOutcome, { kind: "session" }>,
  ) => Promise<TypedResponse<never>>,
): Promise<TypedResponse<SecondFactorReply>> {
  const ticket = String(formData.get("ticket") ?? "").slice(0, 100);
  const code = String(formData.get("authCode") ?? "").slice(0, 40);
  if (!code.trim()) {
    return json(
      { result: null, secondFactor: { ticket, errors: [t("validation.required")] } },
      { status: 400 },
    );
  }
  try {
    const outcome = await completeSecondFactor(
      await getDb(),
      { ticket, code, site },
      auditContext(request),
      identityPolicy(),
    );
    if (outcome.kind === "change-password") {
      return json({
        result: null,
        changePassword: { ticket: outcome.ticket, reason: outcome.reason },
      });
    }
    return signIn(outcome.session, outcome);
  } catch (error) {
    // Translated; the lock says for how long.
    const message = identityErrorMessage(error, t);
    if (error instanceof PlatformError && error.code === "second_factor_expired")
      return json({ result: null, loginError: message }, { status: 400 });
    return json({ result: null, secondFactor: { ticket, errors: [message] } }, { status: 400 });
  }
}
