import { json, type ActionFunctionArgs } from "@remix-run/node";
import { SIGNATURE_HEADER } from "~/platform/signed-messages.server";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import {
  applyGatewayCallback,
  type CallbackOutcome,
} from "~/platform/wallet/payments/callback.server";
import { gatewaySettings } from "~/platform/wallet/payments/channels.server";
import { readSignedCallback } from "~/platform/wallet/payments/signature.server";
import { withResourceHeaders } from "~/server/resource-headers.server";
import { readJsonText } from "~/utils/form.server";

const MAX_BODY_BYTES = 16 * 1024;

/**
 * POST /resources/payments/callback: the payment gateway tells us how a
 * deposit's order ended. JSON `{ gatewayRef, status: "success" | "failed",
 * amount, timestamp }`, signed in `X-Signature` (signature.server.ts).
 *
 * Server to server: there is no session, and the same-origin (CSRF) check of
 * member forms does not apply (the gateway posts from its own origin and
 * carries no cookie). The HMAC signature over the raw body is the
 * authentication, checked before anything of the body is read; a missing,
 * wrong or stale signature is a 401 and changes nothing.
 *
 * Answers: 200 once the outcome is recorded (also for a replay, which
 * changes nothing, and for an amount mismatch: the deposit is failed with
 * reason `amount_mismatch` and NOT credited, and the gateway need not retry);
 * 404 for an unknown reference; 409 when the deposit was already settled the
 * other way (e.g. the member cancelled it) so the gateway escalates it.
 */
async function handleAction({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return json({ error: "method_not_allowed" }, { status: 405 });
  // Without a configured gateway there is nobody whose callbacks we could check.
  const gateway = gatewaySettings();
  if (!gateway) return json({ error: "not_found" }, { status: 404 });
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_BODY_BYTES)
    return json({ error: "too_large" }, { status: 413 });
  const rawBody = await readJsonText(request, MAX_BODY_BYTES);
  if (rawBody.length > MAX_BODY_BYTES) return json({ error: "too_large" }, { status: 413 });

  const check = readSignedCallback(rawBody, request.headers.get(SIGNATURE_HEADER), gateway.key);
  if (!check.ok) {
    return check.reason === "malformed"
      ? json({ error: "malformed" }, { status: 400 })
      : json({ error: "unauthorized" }, { status: 401 });
  }
  const db = await getDb();
  const brand = await getBrandConfig(db);
  return answer(await applyGatewayCallback(db, brand.wallet, check.callback));
}

function answer(outcome: CallbackOutcome) {
  switch (outcome.kind) {
    case "confirmed":
      return json({ ok: true, status: "confirmed", changed: outcome.changed });
    case "failed":
      return json({ ok: true, status: "failed", changed: outcome.changed });
    case "refund":
      return json({ ok: true, status: "refund", reason: outcome.reason });
    case "amount_mismatch":
      return json({ ok: true, status: "failed", reason: "amount_mismatch" });
    case "unknown_deposit":
      return json({ error: "unknown_deposit" }, { status: 404 });
    case "closed":
      return json({ error: "deposit_closed", status: outcome.status }, { status: 409 });
  }
}

export const action = withResourceHeaders(handleAction);
