import { random } from "./random";
import { seedBets } from "./wallet.server";
import { decideContract, offerContract } from "../agency/contracts.server";
import { settleDueContracts } from "../agency/settlement.server";
import type { Database } from "../db/open.server";
import type { ContractKind, ContractPeriod } from "../db/schema";
import { MEMBER_TYPE } from "../identity/member-types";
import { hashPassword, LEGACY_SCRYPT_COST } from "../identity/secrets.server";
import type { BrandConfig } from "../system/brand-config.server";
import { confirmDeposit, createDeposit } from "../wallet/deposits.server";

const DAY = 86_400_000;

/** The agents' own rates (basis points). */
const AGENT_RATES: Record<string, number> = { agent01: 5_000, agent02: 3_000 };

/** More members under the two demo agents (password Player123), so the team pages have a team. */
export const CREW = Array.from({ length: 10 }, (_, index) => ({
  account: `crew${String(index + 3).padStart(2, "0")}`,
  parent: index % 2 === 0 ? "agent01" : "agent02",
}));
const CREW_PASSWORD = "Player123";

/**
 * What the house grants agent01 (the top agent), one of each kind, and since
 * how many days: wages by the hour and five minutes only recently, so the
 * seed settles a few hundred periods, not thousands.
 */
const HOUSE_CONTRACTS: Array<{
  kind: ContractKind;
  period: ContractPeriod | null;
  terms: Record<string, number>;
  days: number;
}> = [
  {
    kind: "DIVIDEND",
    period: "W",
    terms: { rate: 3_000, minValidBet: 0, minProfitLoss: 0, minActiveMembers: 1 },
    days: 15,
  },
  { kind: "DAILY", period: null, terms: { rate: 150, minValidBet: 10_000 }, days: 15 },
  { kind: "HOURLY", period: null, terms: { rate: 60, minValidBet: 0 }, days: 3 },
  {
    kind: "REALTIME",
    period: null,
    terms: { profitRate: 30, lossRate: 60, minSingleBet: 100 },
    days: 2,
  },
];

/**
 * The demo agent tree (ADR 13): own rates, ten more members under
 * agent01 and agent02 with deposits and bets (through the seamless wallet),
 * the house's contracts of agent01, agent01's dividend and daily-wage
 * contracts with agent02 (offered and accepted through the contract rules)
 * and an hourly offer agent02 has not answered; then every period already
 * over is settled, as the scheduler would have. Idempotent (marker row).
 */
export async function seedDemoAgency(db: Database, brand: BrandConfig, now = new Date()) {
  const marker = await db
    .selectFrom("settings")
    .select("key")
    .where("key", "=", "seed_agency")
    .executeTakeFirst();
  if (marker) return false;
  const agents = await db
    .selectFrom("members")
    .select(["id", "account"])
    .where("account", "in", Object.keys(AGENT_RATES))
    .execute();
  const idOf = new Map(agents.map((agent) => [agent.account, agent.id]));
  if (idOf.size < 2) return false;
  for (const [account, rate] of Object.entries(AGENT_RATES)) {
    await db
      .updateTable("members")
      .set({ agent_rate: rate })
      .where("id", "=", idOf.get(account)!)
      .execute();
  }

  const next = random(60_606);
  const at = (daysAgo: number) =>
    new Date(now.getTime() - daysAgo * DAY - Math.floor(next() * 8 * 3_600_000));
  const passwordHash = await hashPassword(CREW_PASSWORD, LEGACY_SCRYPT_COST);
  const policy = {
    ...brand.wallet,
    depositChannels: [
      { code: "seed", kind: "embedded" as const, min: 1, max: Number.MAX_SAFE_INTEGER },
    ],
  };
  for (const [index, crew] of CREW.entries()) {
    const joined = at(19 - index);
    const member = await db
      .insertInto("members")
      .values({
        account: crew.account,
        type: MEMBER_TYPE,
        parent_id: idOf.get(crew.parent)!,
        password_hash: passwordHash,
        password_changed_at: joined,
        profile: "{}",
        created_at: joined,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const when = new Date(joined.getTime() + 3_600_000);
    const deposit = await createDeposit(
      db,
      {
        memberId: member.id,
        channel: "seed",
        amount: BigInt(200_000 + index * 50_000),
        key: "seed-deposit-0",
      },
      policy,
      when,
    );
    await confirmDeposit(db, deposit.id, when);
    await seedBets(
      db,
      member.id,
      crew.account,
      next,
      (daysAgo) => at(Math.min(daysAgo, 18 - index)),
      { rounds: 12, houseWins: true },
    );
  }
  await db
    .updateTable("member_messages")
    .set({ read_at: now })
    .where("read_at", "is", null)
    .execute();

  const top = idOf.get("agent01")!;
  const sub = idOf.get("agent02")!;
  for (const contract of HOUSE_CONTRACTS) {
    const since = new Date(now.getTime() - contract.days * DAY);
    await db
      .insertInto("contracts")
      .values({
        kind: contract.kind,
        upline_id: null,
        downline_id: top,
        period: contract.period,
        terms: JSON.stringify(contract.terms),
        status: "active",
        offered_at: since,
        decided_at: since,
        settled_until: since,
      })
      .execute();
  }
  const offered = new Date(now.getTime() - 12 * DAY);
  const grant = (
    kind: ContractKind,
    period: ContractPeriod | null,
    terms: Record<string, number>,
    when: Date,
  ) =>
    offerContract(
      db,
      { uplineId: top, downlineId: sub, kind, period, terms, confirmReplace: false },
      brand,
      when,
    );
  for (const [kind, period, terms] of [
    ["DIVIDEND", "D", { rate: 2_000, minValidBet: 0, minProfitLoss: 0, minActiveMembers: 1 }],
    ["DAILY", null, { rate: 100, minValidBet: 0 }],
  ] as const) {
    const contract = await grant(kind, period, terms, offered);
    await decideContract(db, sub, contract.id, "accept", new Date(offered.getTime() + 3_600_000));
  }
  await grant("HOURLY", null, { rate: 40, minValidBet: 0 }, new Date(now.getTime() - DAY));

  await settleDueContracts(db, brand.timeZone, now);
  await db
    .insertInto("settings")
    .values({ key: "seed_agency", value: JSON.stringify({ at: now.toISOString() }) })
    .execute();
  return true;
}
