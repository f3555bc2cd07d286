import type { Cadence } from "../calendar/periods";
import type { ContractKind, ContractPeriod } from "../db/schema";

/**
 * The settlement cadence of a contract: dividends by their period (D, W, H,
 * M), daily wages by day, hourly salary by hour and real-time salary every
 * five minutes.
 */
export function cadenceOf(kind: ContractKind, period: ContractPeriod | null): Cadence {
  if (kind === "DIVIDEND") return period ?? "D";
  if (kind === "DAILY") return "D";
  if (kind === "HOURLY") return "HOUR";
  return "FIVE_MINUTES";
}
