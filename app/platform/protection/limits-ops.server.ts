import type { LimitKind, LimitPeriod } from "./limits-rules";
import { confirmableFrom, setLimit } from "./limits.server";
import { protectionTrail } from "./protection-trail.server";
import type { AuditContext } from "../audit/audit.server";
import { postMessage } from "../content/messages.server";
import type { Database } from "../db/open.server";

/**
 * The operator's side of limits and reality settings (/ops/protection,
 * issue 17): who has a limit or a session rule, with the trail of each
 * change, and adding a limit, which may only tighten one.
 */

/** Enough for a screen; a search by account narrows it. */
const SCREEN_ROWS = 200;

export const LIMIT_TRAIL_EVENTS = ["protection_limit_set", "protection_limit_confirmed"] as const;
export const REALITY_TRAIL_EVENTS = ["reality_check_saved"] as const;

/** `account` narrows to accounts that begin with it (any case). */
const accountFilter = (account: string | null) =>
  account ? `${account.toLowerCase().replace(/[\\%_]/g, "\\$&")}%` : null;

export async function listLimitedMembers(db: Database, account: string | null) {
  const like = accountFilter(account);
  let query = db
    .selectFrom("protection_limits as l")
    .innerJoin("members as m", "m.id", "l.member_id")
    .select([
      "l.member_id",
      "m.account",
      "l.kind",
      "l.period",
      "l.amount",
      "l.pending_amount",
      "l.pending_since",
      "l.updated_at",
    ])
    .where((eb) => eb.or([eb("l.amount", "is not", null), eb("l.pending_since", "is not", null)]));
  if (like) query = query.where((eb) => eb(eb.fn("lower", ["m.account"]), "like", like));
  const rows = await query
    .orderBy("l.updated_at", "desc")
    .orderBy("m.account")
    .limit(SCREEN_ROWS)
    .execute();
  const trail = await protectionTrail(db, unique(rows), [...LIMIT_TRAIL_EVENTS]);
  return {
    rows: rows.map((row) => ({ ...row, confirmableFrom: confirmableFrom(row) })),
    trail,
  };
}

/** Members with a session time limit, or a reminder interval other than the brand's default. */
export async function listRealitySettings(
  db: Database,
  account: string | null,
  defaultIntervalMinutes: number,
) {
  const like = accountFilter(account);
  let query = db
    .selectFrom("reality_checks as r")
    .innerJoin("members as m", "m.id", "r.member_id")
    .select([
      "r.member_id",
      "m.account",
      "r.interval_minutes",
      "r.session_limit_minutes",
      "r.updated_at",
    ])
    .where((eb) =>
      eb.or([
        eb("r.session_limit_minutes", "is not", null),
        eb.and([
          eb("r.interval_minutes", "is not", null),
          eb("r.interval_minutes", "!=", defaultIntervalMinutes),
        ]),
      ]),
    );
  if (like) query = query.where((eb) => eb(eb.fn("lower", ["m.account"]), "like", like));
  const rows = await query.orderBy("r.updated_at", "desc").limit(SCREEN_ROWS).execute();
  const trail = await protectionTrail(db, unique(rows), [...REALITY_TRAIL_EVENTS]);
  return { rows, trail };
}

const unique = (rows: { member_id: string }[]) => [...new Set(rows.map((row) => row.member_id))];

/**
 * An operator sets a member's first limit or lowers one, at once, through
 * the member's own rules (setLimit); a raise or a removal is refused
 * (`limit_not_lower`), since only the member may loosen their limits. The
 * member is told by a platform message.
 */
export async function addLimitByOperator(
  db: Database,
  input: {
    memberId: string;
    kind: LimitKind;
    period: LimitPeriod;
    amount: bigint;
    actorId: string;
  },
  context: AuditContext,
  now = new Date(),
) {
  const effect = await setLimit(db, { ...input, tightenOnly: true }, context, now);
  if (effect === "now")
    await postMessage(
      db,
      input.memberId,
      "protection_limit_set_by_operator",
      { kind: input.kind, period: input.period, amount: input.amount.toString() },
      now,
    );
  return effect;
}
