import * as z from "zod/v4";
import type { GameProvider, LaunchRequest } from "./ports";
import { PlatformError } from "../../errors";
import { postJsonWithRetry } from "../../identity/senders/post-json.server";
import { SIGNATURE_HEADER, signBody, unixSeconds } from "../../signed-messages.server";

export const AGGREGATOR_PROVIDER = "aggregator";

const launchResponse = z.object({
  // Framed in the game popup: only a web page, never javascript: or data:.
  url: z.url({ protocol: /^https?$/ }),
});

/**
 * A game aggregator over HTTP, for outside vendors.
 *
 * Launch: `POST <url>/launch` with JSON `{ playerToken, sessionId, account,
 * vassalage, gameCode, mode, language, currency, timestamp }`, signed
 * (`X-Signature`, signed-messages.server.ts), `Idempotency-Key:
 * launch-<session id>`. Answer: 2xx JSON `{ url }`, the game's own page.
 *
 * Money: the aggregator calls our seamless wallet at
 * `/resources/games/wallet` with signed bet/win/rollback messages naming the
 * player token (aggregator-wallet.server.ts).
 */
export function httpAggregator(options: {
  url: string;
  key: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): GameProvider {
  const launchUrl = `${options.url.replace(/\/+$/, "")}/launch`;
  return {
    code: AGGREGATOR_PROVIDER,
    async launch(request: LaunchRequest) {
      const outcome = await postJsonWithRetry({
        url: launchUrl,
        idempotencyKey: `launch-${request.session.id}`,
        body: {
          playerToken: request.session.token,
          sessionId: request.session.id,
          account: request.member.account,
          vassalage: request.game.vassalage,
          gameCode: request.game.gameCode,
          mode: request.session.mode,
          language: request.language,
          currency: request.currency,
          timestamp: unixSeconds(new Date()),
        },
        signHeaders: (payload) => ({ [SIGNATURE_HEADER]: signBody(payload, options.key) }),
        timeoutMs: options.timeoutMs ?? 10_000,
        fetch: options.fetch ?? globalThis.fetch,
      });
      if (!outcome.ok) throw new PlatformError("provider_unavailable", { status: outcome.status });
      const answer = launchResponse.safeParse(outcome.body);
      if (!answer.success)
        throw new PlatformError("provider_unavailable", { status: outcome.status });
      return { url: answer.data.url };
    },
  };
}
