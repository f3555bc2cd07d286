import { describe, expect, test } from "vitest";
import type { Database } from "~/platform/db/open.server";
import { login, type LoginInput } from "~/platform/identity/login.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import { hashPassword } from "~/platform/identity/secrets.server";
import { readSession } from "~/platform/identity/sessions.server";
import { useSeededDatabase } from "../helpers/database";
import { codeOf } from "../helpers/play";
import { insertMember } from "../helpers/wallet";

/**
 * A self-excluded member still gets its money out: its sign-in makes a
 * session of the cash-out site only (and says where it goes), never a portal
 * session; a time-out, and an agent's exclusion, are refused as before.
 */

const seeded = useSeededDatabase();
const policy = identityPolicy();
const rules = { agentTypes: [1, 2, 41, 42], trialTypes: [4], passwordExpiry: false };
const PASSWORD = "CashOut123";
let ipCounter = 0;
const context = () => ({ ip: `198.51.100.${100 + ++ipCounter}`, userAgent: "vitest" });

const passwordLogin = (account: string, site: "member" | "agent" = "member"): LoginInput =>
  ({ method: "password", account, password: PASSWORD, site, remember: true }) as LoginInput;

async function memberOnBreak(db: Database, kind: "exclusion" | "time_out", type = 0) {
  const id = await insertMember(db, { type });
  await db
    .updateTable("members")
    .set({ password_hash: await hashPassword(PASSWORD) })
    .where("id", "=", id)
    .execute();
  const now = Date.now();
  await db
    .insertInto("protection_breaks")
    .values({
      member_id: id,
      kind,
      starts_at: new Date(now - 86_400_000),
      ends_at: new Date(now + 180 * 86_400_000),
      source: "member",
      created_by: id,
    })
    .execute();
  const { account } = await db
    .selectFrom("members")
    .select("account")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return { id, account };
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
