import type { Database } from "../../db/open.server";
import { PlatformError } from "../../errors";
import {
  confirmDeposit,
  DEPOSIT_LIMIT_REFUND,
  failDeposit,
  findDepositByGatewayRef,
  type Deposit,
} from "../deposits.server";
import type { WalletPolicy } from "../policy";
import type { GatewayCallback } from "./ports";

export type CallbackOutcome =
  /** Credited now, or already credited by an earlier (replayed) callback: nothing more happens. */
  | { kind: "confirmed"; changed: boolean }
  /** The gateway says the payment failed; the deposit is failed and the member told. */
  | { kind: "failed"; changed: boolean }
  /**
   * "success" for another amount than the deposit's: never credited (neither
   * the asked nor the reported amount is proven); the deposit fails with
   * reason `amount_mismatch` so an operator can reconcile it.
   */
  | { kind: "amount_mismatch" }
  /** Paid, but crediting it would pass a deposit limit: failed, and the gateway refunds it (ADR 20). */
  | { kind: "refund"; reason: "deposit_limit" }
  | { kind: "unknown_deposit" }
  /** The deposit was already settled the other way (cancelled, failed, confirmed): nothing changes. */
  | { kind: "closed"; status: Deposit["status"] };

/** The deposit a gateway reference names, on any of the brand's gateway channels (one gateway issues the references). */
async function findGatewayDeposit(db: Database, policy: WalletPolicy, gatewayRef: string) {
  for (const channel of policy.depositChannels) {
    if (channel.kind !== "gateway") continue;
    const deposit = await findDepositByGatewayRef(db, channel.code, gatewayRef);
    if (deposit) return deposit;
  }
  return undefined;
}

/** Applies a gateway callback whose signature and age were already checked. Safe to repeat. */
export async function applyGatewayCallback(
  db: Database,
  policy: WalletPolicy,
  callback: GatewayCallback,
): Promise<CallbackOutcome> {
  const deposit = await findGatewayDeposit(db, policy, callback.gatewayRef);
  if (!deposit) return { kind: "unknown_deposit" };
  try {
    if (callback.status === "failed") {
      const { changed } = await failDeposit(db, deposit.id, "gateway_failed");
      return { kind: "failed", changed };
    }
    if (callback.amount !== deposit.amount) {
      if (deposit.status === "confirmed") return { kind: "closed", status: deposit.status };
      await failDeposit(db, deposit.id, `amount_mismatch: paid ${callback.amount}`);
      return { kind: "amount_mismatch" };
    }
    const { deposit: closed, changed } = await confirmDeposit(db, deposit.id);
    if (closed.status === "failed" && closed.failure_reason === DEPOSIT_LIMIT_REFUND)
      return { kind: "refund", reason: "deposit_limit" };
    return { kind: "confirmed", changed };
  } catch (error) {
    if (error instanceof PlatformError && error.code === "deposit_closed") {
      const current = await db
        .selectFrom("deposits")
        .select(["status", "failure_reason"])
        .where("id", "=", deposit.id)
        .executeTakeFirstOrThrow();
      // A replayed callback of a refunded deposit gets the same answer as the first.
      if (callback.status === "success" && current.failure_reason === DEPOSIT_LIMIT_REFUND)
        return { kind: "refund", reason: "deposit_limit" };
      return { kind: "closed", status: current.status };
    }
    throw error;
  }
}
