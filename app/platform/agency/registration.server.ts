import { randomInt } from "node:crypto";
import { audit, type AuditContext } from "../audit/audit.server";
import type { Database } from "../db/open.server";
import type { Member } from "../db/schema";
import { uniqueViolation } from "../db/unique-violation";
import { PlatformError } from "../errors";
import { isAgentType, MEMBER_TYPE, type TypeSets } from "../identity/member-types";
import { countHit } from "../identity/rate-limits.server";
import { hashPassword } from "../identity/secrets.server";
import { assertAccountFree } from "../registration/registration.server";
import { issueRegistrationBonuses } from "../rewards/qualify.server";

/**
 * Register account: an agent creates a member or a sub-agent directly
 * under itself. The upline is the session's agent, never a form field; the
 * closure table follows by the members trigger. A sub-agent's own rate may
 * not exceed the registering agent's (a sub-agent never grants above its
 * own), and it gets an affiliate code of its own to bring members with.
 */

export interface DownlineRegistration {
  kind: "member" | "agent";
  account: string;
  password: string;
  nickname?: string;
  /** Basis points (10000 = 100 %); required for an agent, ignored for a member. */
  agentRate?: number;
}

/** Registrations one agent may make in an hour: plenty for a person, a wall for a script. */
export const DOWNLINE_REGISTRATIONS_PER_HOUR = 60;

/** The agent type a sub-agent gets: the brand's second agent type (2 by default; the first is a top agent's). */
export function downlineAgentType(sets: TypeSets): number {
  const type = sets.agentTypes[1] ?? sets.agentTypes[0];
  if (type === undefined) throw new PlatformError("operation-not-allowed");
  return type;
}

// No 0/O or 1/I: an agent reads the code out to people.
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const newAffiliateCode = () =>
  Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");

/** The registering agent as it is now (not as the session remembers it): active, an agent, its own rate. */
async function registeringAgent(db: Database, agentId: string, sets: TypeSets) {
  const agent = await db
    .selectFrom("members")
    .select(["id", "type", "status", "agent_rate"])
    .where("id", "=", agentId)
    .executeTakeFirst();
  if (!agent || agent.status !== "active" || !isAgentType(agent.type, sets))
    throw new PlatformError("operation-not-allowed");
  return agent;
}

export async function registerDownline(
  db: Database,
  agentId: string,
  input: DownlineRegistration,
  sets: TypeSets,
  context: AuditContext,
  now = new Date(),
): Promise<Member> {
  if (
    (await countHit(db, `register-downline:${agentId}`, 3_600_000, now)) >
    DOWNLINE_REGISTRATIONS_PER_HOUR
  ) {
    throw new PlatformError("too-many-requests");
  }
  const agent = await registeringAgent(db, agentId, sets);
  const isAgent = input.kind === "agent";
  let agentRate: number | null = null;
  if (isAgent) {
    const rate = input.agentRate;
    if (rate === undefined || !Number.isInteger(rate) || rate < 0 || rate > 10_000)
      throw new PlatformError("invalid_rate");
    // An agent without a rate of its own has nothing to hand down.
    if (rate > (agent.agent_rate ?? 0))
      throw new PlatformError("agent_rate_above_own", { rate: agent.agent_rate ?? 0 });
    agentRate = rate;
  }
  const account = input.account.trim();
  await assertAccountFree(db, account);
  const passwordHash = await hashPassword(input.password);
  const nickname = input.nickname?.trim() || null;

  // A fresh affiliate code can collide with an existing one (unlikely): draw again, a few times.
  let member: Member | undefined;
  for (let attempt = 0; !member; attempt++) {
    try {
      // The member and its registration bonus in one transaction, as a self-registered member
      // gets it (identity/registration.server.ts); a sub-agent is not a player and gets none.
      member = await db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto("members")
          .values({
            account,
            nickname,
            type: isAgent ? downlineAgentType(sets) : MEMBER_TYPE,
            parent_id: agent.id,
            password_hash: passwordHash,
            password_changed_at: now,
            // The agent chose the password and knows it: the new member or sub-agent replaces it
            // at the first sign-in (a forced change, reason first_login).
            first_time_login: true,
            agent_rate: agentRate,
            affiliate_code: isAgent ? newAffiliateCode() : null,
            profile: "{}",
            register_ip: context.ip,
            created_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        if (!isAgent) await issueRegistrationBonuses(trx, created.id, now);
        return created;
      });
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === null) throw error;
      if (constraint.includes("affiliate") && attempt < 5) continue;
      // Two registrations racing for one name: the unique index decides.
      throw new PlatformError("account_taken");
    }
  }
  await audit(db, "registered", context, {
    memberId: member.id,
    account: member.account,
    detail: { mode: "downline", by: agentId, kind: input.kind, agentRate },
  });
  return member;
}
