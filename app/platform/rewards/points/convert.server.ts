import { cashFor, readPointsConfig } from "./config.server";
import type { Database } from "../../db/open.server";
import { PlatformError } from "../../errors";
import {
  HOUSE,
  MAIN,
  memberKey,
  POINTS,
  postEntry,
  type PostedEntry,
} from "../../wallet/ledger.server";
import { checkWithdrawPassword } from "../../wallet/withdraw-password.server";

/**
 * Points to cash at the brand's rate (MCS2_convertPoint): one ledger entry
 * with two movements, points back to the house and cash from HOUSE:BONUSES to
 * MAIN, so both happen or neither. Refusals: `points_conversion_closed` (no
 * rate), `points_below_minimum` (details: min), `points_not_in_step`
 * (details: step), the withdraw password's refusals, `points_insufficient`.
 * A repeated form key returns the first entry.
 */
export async function convertPoints(
  db: Database,
  request: {
    memberId: string;
    points: bigint;
    withdrawPassword: string;
    formKey: string;
    now?: Date;
  },
): Promise<{ entry: PostedEntry; cash: bigint }> {
  const { conversion } = await readPointsConfig(db);
  if (!conversion) throw new PlatformError("points_conversion_closed");
  if (request.points < conversion.minPoints)
    throw new PlatformError("points_below_minimum", { min: String(conversion.minPoints) });
  if (request.points % conversion.stepPoints !== 0n)
    throw new PlatformError("points_not_in_step", { step: String(conversion.stepPoints) });
  await checkWithdrawPassword(db, request.memberId, request.withdrawPassword);
  const cash = cashFor(request.points, conversion);
  try {
    const entry = await postEntry(db, {
      key: memberKey(request.memberId, "points-convert", request.formKey),
      kind: "points_converted",
      memberId: request.memberId,
      memo: { source: "convert", cash: String(cash) },
      at: request.now,
      movements: [
        {
          from: { memberId: request.memberId, kind: POINTS },
          to: { house: HOUSE.points },
          amount: request.points,
        },
        {
          from: { house: HOUSE.bonuses },
          to: { memberId: request.memberId, kind: MAIN },
          amount: cash,
        },
      ],
    });
    return { entry, cash };
  } catch (error) {
    if (error instanceof PlatformError && error.code === "insufficient_balance")
      throw new PlatformError("points_insufficient");
    throw error;
  }
}
