import { describe, expect, it } from "vitest";
import { PlatformError } from "~/platform/errors";
import {
  displayState,
  PROMOTION_ACTIONS,
  transition,
  type PromotionAction,
} from "~/platform/rewards/promotion-states";
import { STORED_STATES, type StoredState } from "~/platform/rewards/promotion-types";

/**
 * Every state × every action, written out here independently of the
 * implementation's table: `→x` moves to x, `=` is a replay of a move already
 * made (nothing changes), `✗` is refused. Paying moves are shown unlocked /
 * locked (a turnover to meet).
 */
type Cell = `→${string}` | "=" | "✗";
const EXPECTED: Record<StoredState | "none", Record<PromotionAction, Cell>> = {
  // prettier-ignore
  none:      { join: "→joined", claim: "→claimed|process", apply: "→applying", approve: "✗", reject: "✗", qualify: "✗", issue: "→issued|process", complete: "✗", forfeit: "✗" },
  // prettier-ignore
  joined:    { join: "=", claim: "✗", apply: "✗", approve: "✗", reject: "✗", qualify: "→claim", issue: "✗", complete: "✗", forfeit: "✗" },
  // prettier-ignore
  claim:     { join: "✗", claim: "→claimed|process", apply: "✗", approve: "✗", reject: "✗", qualify: "=", issue: "✗", complete: "✗", forfeit: "✗" },
  // prettier-ignore
  applying:  { join: "✗", claim: "✗", apply: "=", approve: "→claimed|process", reject: "→rejected", qualify: "✗", issue: "✗", complete: "✗", forfeit: "✗" },
  // prettier-ignore
  rejected:  { join: "✗", claim: "✗", apply: "✗", approve: "✗", reject: "=", qualify: "✗", issue: "✗", complete: "✗", forfeit: "✗" },
  // prettier-ignore
  process:   { join: "✗", claim: "=", apply: "✗", approve: "=", reject: "✗", qualify: "✗", issue: "=", complete: "→claimed", forfeit: "→forfeited" },
  // prettier-ignore
  issued:    { join: "✗", claim: "✗", apply: "✗", approve: "✗", reject: "✗", qualify: "✗", issue: "=", complete: "✗", forfeit: "✗" },
  // prettier-ignore
  claimed:   { join: "✗", claim: "=", apply: "✗", approve: "=", reject: "✗", qualify: "✗", issue: "✗", complete: "=", forfeit: "✗" },
  // prettier-ignore
  forfeited: { join: "✗", claim: "✗", apply: "✗", approve: "✗", reject: "✗", qualify: "✗", issue: "✗", complete: "✗", forfeit: "=" },
};

const cases = (["none", ...STORED_STATES] as const).flatMap((from) =>
  PROMOTION_ACTIONS.map((action) => ({ from, action, cell: EXPECTED[from][action] })),
);

describe("the promotion state machine", () => {
  it("covers every state and action", () => {
    expect(cases).toHaveLength((STORED_STATES.length + 1) * PROMOTION_ACTIONS.length);
  });

  it.each(cases)("$from × $action: $cell", ({ from, action, cell }) => {
    if (cell === "✗") {
      let error: unknown;
      try {
        transition(from, action);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(PlatformError);
      expect((error as PlatformError).code).toBe("promotion_action_refused");
      expect((error as PlatformError).details).toEqual({ state: from });
      return;
    }
    if (cell === "=") {
      expect(transition(from, action)).toEqual({ changed: false, state: from });
      expect(transition(from, action, true)).toEqual({ changed: false, state: from });
      return;
    }
    const [unlocked, locked = unlocked] = cell.slice(1).split("|");
    expect(transition(from, action, false)).toEqual({ changed: true, state: unlocked });
    expect(transition(from, action, true)).toEqual({ changed: true, state: locked });
  });
});

describe("the state a member sees without an entry", () => {
  const day = 86_400_000;
  const now = new Date("2026-06-15T12:00:00Z");
  const base = {
    status: "published",
    showsFrom: new Date(now.getTime() - 2 * day),
    startsAt: new Date(now.getTime() - day),
    endsAt: new Date(now.getTime() + day),
    claimMode: "join_claim" as const,
    kind: "first_deposit",
  };
  it.each([
    ["open, join-then-claim", base, true, "join"],
    ["open, apply", { ...base, claimMode: "apply" as const, kind: "apply" }, true, "join"],
    ["open, automatic", { ...base, claimMode: "automatic" as const }, true, "joined"],
    ["open, automatic, a visitor", { ...base, claimMode: "automatic" as const }, false, "join"],
    [
      "a red envelope",
      { ...base, claimMode: "automatic" as const, kind: "red_envelope" },
      true,
      "claim",
    ],
    [
      "before the start, after shows-from",
      { ...base, startsAt: new Date(now.getTime() + day) },
      true,
      "coming_soon",
    ],
    ["after the end", { ...base, endsAt: now }, true, "close"],
    ["closed by the operator", { ...base, status: "closed" }, true, "close"],
  ])("%s: %s", (_name, promotion, member, state) => {
    expect(displayState(promotion, null, now, member)).toBe(state);
  });

  it("an entry's state wins", () => {
    expect(displayState({ ...base, endsAt: now }, "process", now, true)).toBe("process");
  });
});
