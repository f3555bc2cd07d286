import { describe, expect, test } from "vitest";
import { login } from "~/platform/identity/login.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import { createSession, readSession } from "~/platform/identity/sessions.server";
import { closePlayer, closureOf } from "~/platform/players/account-status.server";
import { requestWithdrawal } from "~/platform/wallet/withdrawals.server";
import { useSeededDatabase } from "../helpers/database";
import { freshContext, LOGIN_RULES, memberWithPassword, passwordLogin } from "../helpers/identity";
import { codeOf, fundMain } from "../helpers/play";
import { formKey, insertPayee, testWalletPolicy } from "../helpers/wallet";
import { operatorId } from "../helpers/withdrawals";

/**
 * Closing an account on a real database: every session ends, the right
 * password then opens the cash-out page alone (the agent centre refuses and
 * says where to go), a wrong one is refused as ever, the closure is audited
 * with the balance left, and money held for compliance cannot be withdrawn.
 */

const seeded = useSeededDatabase();
const policy = identityPolicy();

async function staffAct() {
  return {
    operatorId: await operatorId(seeded.db),
    context: { ip: "192.0.2.10", userAgent: "vitest", staff: { id: "0", role: "compliance" } },
  };
}

describe("closing an account", () => {
  test("ends every session; the right password opens the cash-out page alone; audited with the balance left", async () => {
    const db = seeded.db;
    const member = await memberWithPassword(db);
    await fundMain(db, member.id, 12_345n);
    const before = await createSession(
      db,
      { memberId: member.id, site: "member", remember: false, ip: null, userAgent: null },
      policy,
    );
    const ended = await closePlayer(
      db,
      { memberId: member.id, reason: "member_request", note: "asked by e-mail", funds: "cash_out" },
      await staffAct(),
    );
    expect(ended).toBe(1);
    expect(await readSession(db, before.token, policy)).toBeNull();
    expect(await closureOf(db, member.id)).toEqual({ reason: "member_request", fundsHeld: false });

    const outcome = await login(
      db,
      passwordLogin(member.account),
      LOGIN_RULES,
      freshContext(),
      policy,
    );
    if (outcome.kind !== "session") throw new Error(`expected a session, got ${outcome.kind}`);
    expect(outcome.session.site).toBe("cash_out");
    expect(await readSession(db, outcome.session.token, policy)).toMatchObject({
      site: "cash_out",
    });
    // A portal session of a closed account is refused whatever made it.
    const portal = await createSession(
      db,
      { memberId: member.id, site: "member", remember: false, ip: null, userAgent: null },
      policy,
    );
    expect(await readSession(db, portal.token, policy)).toBeNull();

    expect(
      await codeOf(
        login(
          db,
          {
            method: "password",
            account: member.account,
            password: "Wrong12345",
            site: "member",
            remember: false,
          },
          LOGIN_RULES,
          freshContext(),
          policy,
        ),
      ),
    ).toBe("login_failed");
    expect(
      await codeOf(
        login(db, passwordLogin(member.account, "agent"), LOGIN_RULES, freshContext(), policy),
      ),
    ).toBe("non_agent_login");

    const [entry] = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("member_id", "=", member.id)
      .where("event", "=", "player_closed")
      .execute();
    expect(entry).toMatchObject({
      staff_role: "compliance",
      before: { status: "active" },
      after: { status: "closed", reason: "member_request", funds: "cash_out" },
    });
    expect(entry!.detail).toMatchObject({ mainBalance: "12345", sessionsEnded: 1 });
    expect(
      await codeOf(
        closePlayer(
          db,
          { memberId: member.id, reason: "fraud", note: "", funds: "hold" },
          await staffAct(),
        ),
      ),
    ).toBe("player_closed");
  });

  test("a closed agent is told at the agent centre to sign in at the portal", async () => {
    const db = seeded.db;
    const agent = await memberWithPassword(db, { type: 1 });
    await closePlayer(
      db,
      { memberId: agent.id, reason: "compliance", note: "", funds: "cash_out" },
      await staffAct(),
    );
    expect(
      await codeOf(
        login(db, passwordLogin(agent.account, "agent"), LOGIN_RULES, freshContext(), policy),
      ),
    ).toBe("account_closed");
  });

  test("money held for compliance cannot be withdrawn", async () => {
    const db = seeded.db;
    const member = await memberWithPassword(db);
    await fundMain(db, member.id, 50_000n);
    const payee = await insertPayee(db, member.id);
    await closePlayer(
      db,
      { memberId: member.id, reason: "fraud", note: "under review", funds: "hold" },
      await staffAct(),
    );
    expect(await closureOf(db, member.id)).toEqual({ reason: "fraud", fundsHeld: true });
    expect(
      await codeOf(
        requestWithdrawal(
          db,
          { memberId: member.id, payeeAccountId: payee, amount: 20_000n, key: formKey() },
          testWalletPolicy(),
          "UTC",
        ),
      ),
    ).toBe("funds_held");
  });
});
