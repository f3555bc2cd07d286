import { json, type ActionFunctionArgs } from "@remix-run/node";
import { getConfig } from "~/config.server";
import { answerAggregatorWalletCall } from "~/platform/play/providers/aggregator-wallet.server";
import { SIGNATURE_HEADER } from "~/platform/signed-messages.server";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { withResourceHeaders } from "~/server/resource-headers.server";
import { readJsonText } from "~/utils/form.server";

const MAX_BODY_BYTES = 16 * 1024;

/**
 * POST /resources/games/wallet: the game aggregator's seamless-wallet calls
 * (balance, debit, credit, rollback), server to server. No session and no
 * same-origin check: the HMAC signature over the raw body is the
 * authentication (aggregator-wallet.server.ts describes the messages).
 */
async function handleAction({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return json({ error: "method_not_allowed" }, { status: 405 });
  const key = getConfig().GAME_AGGREGATOR_KEY;
  // Without a configured aggregator there is nobody whose calls we could check.
  if (!getConfig().GAME_AGGREGATOR_URL || !key)
    return json({ error: "not_found" }, { status: 404 });
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_BODY_BYTES)
    return json({ error: "too_large" }, { status: 413 });
  const rawBody = await readJsonText(request, MAX_BODY_BYTES);
  if (rawBody.length > MAX_BODY_BYTES) return json({ error: "too_large" }, { status: 413 });
  const db = await getDb();
  const brand = await getBrandConfig(db);
  const answer = await answerAggregatorWalletCall(db, {
    rawBody,
    signature: request.headers.get(SIGNATURE_HEADER),
    key,
    brand,
  });
  return json(answer.body, { status: answer.status, headers: { "Cache-Control": "no-store" } });
}

export const action = withResourceHeaders(handleAction);
