/**
 * Authenticator codes (ADR 34) on a settings page: the member's security
 * centre (its __authenticator-actions.server.ts) and the back office's
 * enrolment page (/ops/authenticator) share this. The page's loader reads
 * `authenticatorState`; its action hands `authenticator-*` intents here.
 */
import { json, redirect, type TypedResponse } from "@remix-run/node";
import type { TFunction } from "~/i18n";
import type { Database } from "~/platform/db/open.server";
import {
  authenticatorStatus,
  confirmEnrolment,
  pendingEnrolment,
  recoveryCodesLeft,
  removeAuthenticator,
  startEnrolment,
} from "~/platform/identity/authenticator.server";
import { auditContext } from "./auth.server";
import { identityErrorMessage } from "./identity.server";
import { qrSvg } from "./qr.server";

/** The answer of the panel's forms when they do not redirect (the security centre's `section` names it). */
export interface AuthenticatorReply {
  section: "authenticator";
  errors?: string[];
  /** Right after confirming: the ten recovery codes, shown this once. */
  recoveryCodes?: string[];
}

type Owner = { id: string; account: string };

/** The authenticator panel's props (components/identity/authenticator-panel.tsx). */
export interface AuthenticatorState {
  status: "none" | "pending" | "active";
  enrolment: { secret: string; qrSvg: string } | null;
  recoveryCodesLeft: number;
}

/** What the panel shows: the state; while enrolling, the QR of the otpauth:// URI and the secret. */
export async function authenticatorState(
  db: Database,
  owner: Owner,
  issuer: string,
): Promise<AuthenticatorState> {
  const status = await authenticatorStatus(db, owner.id);
  const pending = status === "pending" ? await pendingEnrolment(db, owner, issuer) : null;
  return {
    status,
    enrolment: pending && { secret: pending.secret, qrSvg: await qrSvg(pending.uri) },
    recoveryCodesLeft: status === "active" ? await recoveryCodesLeft(db, owner.id) : 0,
  };
}

/** Whether an action's intent is one of the panel's. */
export const isAuthenticatorIntent = (intent: unknown) =>
  typeof intent === "string" && intent.startsWith("authenticator-");

/**
 * `authenticator-start` (a new pending secret, then the page again at `back`),
 * `authenticator-confirm` (the recovery codes in the answer) and
 * `authenticator-remove` (with a code or a recovery code).
 */
export async function authenticatorAction(input: {
  request: Request;
  formData: FormData;
  db: Database;
  owner: Owner;
  issuer: string;
  t: TFunction;
  back: string;
}): Promise<TypedResponse<AuthenticatorReply>> {
  const { request, formData, db, owner, issuer, t, back } = input;
  const code = String(formData.get("authCode") ?? "").slice(0, 40);
  const context = auditContext(request);
  const refused = (errors: string[]) =>
    json({ section: "authenticator" as const, errors }, { status: 400 });
  try {
    switch (formData.get("intent")) {
      case "authenticator-start":
        await startEnrolment(db, owner, issuer);
        return redirect(back);
      case "authenticator-confirm": {
        if (!code.trim()) return refused([t("validation.required")]);
        const recoveryCodes = await confirmEnrolment(db, owner, code, context);
        return json({ section: "authenticator" as const, recoveryCodes });
      }
      case "authenticator-remove":
        if (!code.trim()) return refused([t("validation.required")]);
        await removeAuthenticator(db, owner, code, context);
        return redirect(back);
      default:
        throw json({ error: "unknown_intent" }, { status: 400 });
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    return refused([identityErrorMessage(error, t)]);
  }
}
