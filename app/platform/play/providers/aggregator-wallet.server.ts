import * as z from "zod/v4";
import type { Database } from "../../db/open.server";
import { PlatformError } from "../../errors";
import { isStale, verifySignature } from "../../signed-messages.server";
import type { BrandConfig } from "../../system/brand-config.server";
import { findGameSession, playAccount } from "../game-sessions.server";
import {
  credit,
  debit,
  rollback,
  seamlessBalance,
  type SeamlessPlayer,
} from "../seamless-wallet.server";
import { AGGREGATOR_PROVIDER } from "./http-aggregator.server";

const id = z.string().regex(/^[A-Za-z0-9:_.-]{1,128}$/);
const minor = z.string().regex(/^(0|[1-9]\d{0,17})$/);
const base = { playerToken: z.string().min(16).max(200), timestamp: z.number().int().positive() };

/** The aggregator's wallet messages (signed JSON, one per call). */
const walletCall = z.discriminatedUnion("action", [
  z.object({ action: z.literal("balance"), ...base }),
  z.object({ action: z.literal("debit"), ...base, txId: id, roundId: id, amount: minor }),
  z.object({ action: z.literal("credit"), ...base, txId: id, roundId: id, amount: minor }),
  z.object({ action: z.literal("rollback"), ...base, txId: id, refTxId: id, roundId: id }),
]);

export type WalletAnswer =
  | { status: 200; body: { ok: true; balance: string; txId?: string; replayed?: boolean } }
  | { status: 200; body: { ok: false; error: string; balance: string; maxBet?: string } }
  | { status: 400 | 401 | 403; body: { ok: false; error: string } };

/**
 * The seamless wallet over HTTP for the aggregator (POST /resources/games/wallet).
 * The signature over the raw body is checked before anything of it is read,
 * then its age, then its shape; the player is the game session the
 * aggregator was given at launch (only real-money sessions it launched).
 * Business refusals (insufficient balance, duplicate id …) are 200 with
 * `ok: false` and the code, so the aggregator can tell them from transport
 * failures; replays answer like the first call.
 */
export async function answerAggregatorWalletCall(
  db: Database,
  input: {
    rawBody: string;
    signature: string | null;
    key: string;
    brand: Pick<BrandConfig, "wallet">;
    now?: Date;
  },
): Promise<WalletAnswer> {
  const now = input.now ?? new Date();
  if (!verifySignature(input.rawBody, input.signature, input.key))
    return { status: 401, body: { ok: false, error: "invalid_signature" } };
  let json: unknown;
  try {
    json = JSON.parse(input.rawBody);
  } catch {
    return { status: 400, body: { ok: false, error: "malformed" } };
  }
  const parsed = walletCall.safeParse(json);
  if (!parsed.success) return { status: 400, body: { ok: false, error: "malformed" } };
  const call = parsed.data;
  if (isStale(call.timestamp, now)) return { status: 401, body: { ok: false, error: "stale" } };

  // A bet needs a live session; a win or a rollback may settle a round after it ended.
  const session = await findGameSession(db, call.playerToken, now, {
    evenExpired: call.action === "credit" || call.action === "rollback",
  });
  if (!session || session.provider !== AGGREGATOR_PROVIDER || session.mode !== "real") {
    return { status: 403, body: { ok: false, error: "invalid_session" } };
  }
  const player: SeamlessPlayer = {
    memberId: session.memberId,
    account: playAccount(input.brand.wallet, session.game.vassalage),
    game: session.game,
  };
  try {
    const result =
      call.action === "balance"
        ? null
        : call.action === "debit"
          ? await debit(db, AGGREGATOR_PROVIDER, player, {
              txId: call.txId,
              roundId: call.roundId,
              amount: BigInt(call.amount),
              at: now,
            })
          : call.action === "credit"
            ? await credit(db, AGGREGATOR_PROVIDER, player, {
                txId: call.txId,
                roundId: call.roundId,
                amount: BigInt(call.amount),
                at: now,
              })
            : await rollback(db, AGGREGATOR_PROVIDER, player, {
                txId: call.txId,
                refTxId: call.refTxId,
                roundId: call.roundId,
                at: now,
              });
    if (!result)
      return {
        status: 200,
        body: { ok: true, balance: (await seamlessBalance(db, player)).toString() },
      };
    return {
      status: 200,
      body: {
        ok: true,
        balance: result.balance.toString(),
        txId: result.txId,
        replayed: result.replayed,
      },
    };
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    return {
      status: 200,
      body: {
        ok: false,
        error: error.code,
        balance: (await seamlessBalance(db, player)).toString(),
        // A stake above a wagered bonus's max bet: the limit, so the game can offer a smaller stake.
        ...(error.code === "bonus_max_bet" ? { maxBet: String(error.details.max) } : {}),
      },
    };
  }
}
