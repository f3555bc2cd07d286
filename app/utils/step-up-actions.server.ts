import { json, type TypedResponse } from "@remix-run/node";
import type { TFunction } from "~/i18n";
import { PlatformError } from "~/platform/errors";
import {
  completeStepUp,
  sendStepUpCode,
  STEP_UP_METHODS,
  stepUpTicketMethods,
  type StepUpMethod,
  type StepUpOutcome,
} from "~/platform/identity/new-ip-step-up.server";
import { sendersFor } from "~/platform/identity/outbox.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import { randomToken } from "~/platform/identity/secrets.server";
import type { NewSession, Site } from "~/platform/identity/sessions.server";
import { getDb } from "~/platform/start.server";
import { auditContext } from "./auth.server";
import { identityErrorMessage } from "./identity.server";
import { deviceCookieHeader, readDeviceId } from "./session.server";

/** What the step-up form shows (ADR 37): the ticket, the methods, the one chosen, errors. */
export interface StepUpState {
  ticket: string;
  methods: StepUpMethod[];
  method: StepUpMethod | null;
  errors: string[];
  /** The code went to the bound mobile or e-mail: the code field waits for it. */
  codeSent?: boolean;
}

export interface StepUpReply {
  result: null;
  stepUp?: StepUpState;
  changePassword?: { ticket: string; reason: string };
  secondFactor?: { ticket: string; errors: string[] };
  loginError?: string;
}

/** Step-up refusals have their own words (`stepUp.errors`), the code ones are identity's. */
export function stepUpErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof PlatformError && error.code.startsWith("step_up_"))
    return t(`stepUp.errors.${error.code}`, { ...error.details });
  return identityErrorMessage(error, t);
}

/** The browser's device id, or a new one to set with the sign-in. */
export async function deviceFor(request: Request) {
  const existing = await readDeviceId(request);
  return { deviceId: existing ?? randomToken(), isNew: !existing };
}

/** Adds the device cookie to a reply when the id was new. */
export function withDeviceCookie<T extends Response>(
  response: T,
  request: Request,
  device: { deviceId: string; isNew: boolean },
): Promise<T> | T {
  if (!device.isNew) return response;
  return deviceCookieHeader(request, device.deviceId).then((cookie) => {
    response.headers.append("Set-Cookie", cookie);
    return response;
  });
}

const readMethod = (formData: FormData): StepUpMethod | null => {
  const value = String(formData.get("method") ?? "");
  return (STEP_UP_METHODS as readonly string[]).includes(value) ? (value as StepUpMethod) : null;
};

function expired(error: unknown) {
  return (
    error instanceof PlatformError &&
    (error.code === "step_up_expired" || error.code === "step_up_locked")
  );
}

/**
 * The step-up form's buttons: choose a method (`step-up-choose`, `step-up-back`), send the
 * code to the bound mobile or e-mail (`step-up-send`), answer (`step-up`).
 */
export async function handleStepUp(
  request: Request,
  formData: FormData,
  t: TFunction,
  site: Site,
  signIn: (
    session: NewSession,
    outcome: Extract<StepUpOutcome, { kind: "session" }>,
  ) => Promise<TypedResponse<never>>,
): Promise<TypedResponse<StepUpReply>> {
  const intent = String(formData.get("intent") ?? "");
  const ticket = String(formData.get("ticket") ?? "").slice(0, 100);
  const method = readMethod(formData);
  const db = await getDb();
  let methods: StepUpMethod[];
  try {
    methods = await stepUpTicketMethods(db, { ticket, site });
  } catch (error) {
    return json(
      { result: null, loginError: stepUpErrorMessage(error, t) },
      { status: expired(error) ? 400 : 500 },
    );
  }
  const state = (patch: Partial<StepUpState>): StepUpState => ({
    ticket,
    methods,
    method: methods.length === 1 ? (methods[0] ?? null) : method,
    errors: [],
    ...patch,
  });
  if (intent === "step-up-back") return json({ result: null, stepUp: state({ method: null }) });
  if (intent === "step-up-choose" || !method) return json({ result: null, stepUp: state({}) });

  if (intent === "step-up-send") {
    if (method !== "sms" && method !== "email") return json({ result: null, stepUp: state({}) });
    try {
      await sendStepUpCode(
        db,
        sendersFor(db),
        { ticket, site, method },
        auditContext(request),
        identityPolicy(),
      );
      return json({ result: null, stepUp: state({ codeSent: true }) });
    } catch (error) {
      return json(
        { result: null, stepUp: state({ errors: [stepUpErrorMessage(error, t)] }) },
        { status: 400 },
      );
    }
  }

  const answer = String(
    formData.get(method === "payee_name" ? "holderName" : "stepUpCode") ?? "",
  ).slice(0, 100);
  if (!answer.trim()) {
    return json(
      {
        result: null,
        stepUp: state({ errors: [t("validation.required")], codeSent: formData.has("codeSent") }),
      },
      { status: 400 },
    );
  }
  const device = await deviceFor(request);
  try {
    const outcome = await completeStepUp(
      db,
      { ticket, site, method, answer, deviceId: device.deviceId },
      auditContext(request),
      identityPolicy(),
    );
    if (outcome.kind === "session")
      return withDeviceCookie(await signIn(outcome.session, outcome), request, device);
    const reply: StepUpReply =
      outcome.kind === "change-password"
        ? { result: null, changePassword: { ticket: outcome.ticket, reason: outcome.reason } }
        : { result: null, secondFactor: { ticket: outcome.ticket, errors: [] } };
    return json(reply);
  } catch (error) {
    const message = stepUpErrorMessage(error, t);
    if (expired(error)) return json({ result: null, loginError: message }, { status: 400 });
    return json(
      {
        result: null,
        stepUp: state({ errors: [message], codeSent: formData.has("codeSent") }),
      },
      { status: 400 },
    );
  }
}
