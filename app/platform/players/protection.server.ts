import type { Database } from "../db/open.server";
import { ageCheckState, type AgeCheckState } from "../protection/age.server";
import { type BreakKind, breaksOf } from "../protection/breaks.server";
import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  type LimitKind,
  type LimitPeriod,
} from "../protection/limits-rules";
import { confirmableFrom, listLimits } from "../protection/limits.server";
import { realitySettings, type RealitySettings } from "../protection/reality.server";
import type { BrandConfig } from "../system/brand-config.server";

export interface PlayerLimit {
  kind: LimitKind;
  period: LimitPeriod;
  /** Minor units; null when no limit is in force and only a change waits. */
  amount: string | null;
  /** A raise (amount) or removal (null) the member asked for, and when it may be confirmed. */
  pending: { amount: string | null; since: string; from: string } | null;
}

export interface PlayerBreak {
  id: string;
  kind: BreakKind;
  startsAt: string;
  endsAt: string;
  source: "member" | "operator";
  /** The account that set it: the member, or the staff member who added it. */
  setBy: string | null;
  reopenRequestedAt: string | null;
}

export interface PlayerProtection {
  limits: PlayerLimit[];
  breaks: PlayerBreak[];
  reality: RealitySettings;
  age: AgeCheckState;
}

/** Limits in the order the member's own page lists them: deposit, loss, wager; each by period. */
const byKindAndPeriod = (
  a: { kind: LimitKind; period: LimitPeriod },
  b: { kind: LimitKind; period: LimitPeriod },
) =>
  LIMIT_KINDS.indexOf(a.kind) - LIMIT_KINDS.indexOf(b.kind) ||
  LIMIT_PERIODS.indexOf(a.period) - LIMIT_PERIODS.indexOf(b.period);

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * What protects the member from its own play, as staff read it: its limits
 * with any waiting change, its breaks (newest first, with who set each), its
 * reality-check and session-time choices, and where its age check stands.
 * The protection context's own reads, joined to name who set a break.
 */
export async function playerProtection(
  db: Database,
  memberId: string,
  brand: Pick<BrandConfig, "realityCheck">,
): Promise<PlayerProtection> {
  const [limits, breaks, reality, age] = await Promise.all([
    listLimits(db, memberId),
    breaksOf(db, memberId),
    realitySettings(db, memberId, brand),
    ageCheckState(db, memberId),
  ]);
  const setters = [...new Set(breaks.map((row) => row.created_by))];
  const accounts = new Map(
    setters.length === 0
      ? []
      : (
          await db
            .selectFrom("members")
            .select(["id", "account"])
            .where("id", "in", setters)
            .execute()
        ).map((row) => [row.id, row.account]),
  );
  return {
    limits: limits.sort(byKindAndPeriod).map((row) => ({
      kind: row.kind,
      period: row.period,
      amount: row.amount === null ? null : String(row.amount),
      pending: row.pending_since
        ? {
            amount: row.pending_amount === null ? null : String(row.pending_amount),
            since: iso(row.pending_since),
            from: confirmableFrom(row)!.toISOString(),
          }
        : null,
    })),
    breaks: breaks.map((row) => ({
      id: row.id,
      kind: row.kind,
      startsAt: iso(row.starts_at),
      endsAt: iso(row.ends_at),
      source: row.source,
      setBy: accounts.get(row.created_by) ?? null,
      reopenRequestedAt: row.reopen_requested_at ? iso(row.reopen_requested_at) : null,
    })),
    reality,
    age,
  };
}
