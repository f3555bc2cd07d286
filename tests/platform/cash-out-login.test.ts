import { describe, expect, test } from "vitest";
import type { Database } from "~/platform/db/open.server";
import { login } from "~/platform/identity/login.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import { readSession } from "~/platform/identity/sessions.server";
import { useSeededDatabase } from "../helpers/database";
import {
  freshContext,
  LOGIN_RULES,
  memberWithPassword,
  passwordLogin,
  putOnBreak,
} from "../helpers/identity";
import { codeOf } from "../helpers/play";

/**
 * A self-excluded member still gets its money out: its sign-in makes a
 * session of the cash-out site only (and says where it goes), never a portal
 * session; a time-out, and an agent's exclusion, are refused as before.
 */

const seeded = useSeededDatabase();
const policy = identityPolicy();
const rules = LOGIN_RULES;
const context = freshContext;

async function memberOnBreak(db: Database, kind: "exclusion" | "time_out", type = 0) {
  const member = await memberWithPassword(db, { type });
  await putOnBreak(db, member.id, kind);
  return member;
}

describe("a self-excluded member's sign-in", () => {
  test("opens a cash-out session only, which lasts the browser session", async () => {
    const db = seeded.db;
    const member = await memberOnBreak(db, "exclusion");
    const outcome = await login(db, passwordLogin(member.account), rules, context(), policy);
    if (outcome.kind !== "session") throw new Error(`expected a session, got ${outcome.kind}`);
    expect(outcome.session.site).toBe("cash_out");
    // Remember-me is not carried into it: it ends with the browser.
    expect(outcome.session.cookieMaxAgeSeconds).toBeUndefined();
    const active = await readSession(db, outcome.session.token, policy);
    expect(active).toMatchObject({ site: "cash_out", member: { id: member.id } });
  });

  test("a time-out is refused as before, and so is an excluded agent at the agent site", async () => {
    const db = seeded.db;
    const resting = await memberOnBreak(db, "time_out");
    expect(await codeOf(login(db, passwordLogin(resting.account), rules, context(), policy))).toBe(
      "break_time_out",
    );
    const agent = await memberOnBreak(db, "exclusion", 1);
    expect(
      await codeOf(login(db, passwordLogin(agent.account, "agent"), rules, context(), policy)),
    ).toBe("break_exclusion");
  });
});
