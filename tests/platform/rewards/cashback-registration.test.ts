import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerDownline } from "~/platform/agency/registration.server";
import { runScheduledWork } from "~/platform/agency/scheduler.server";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import { credit, debit } from "~/platform/play/seamless-wallet.server";
import { registerMember } from "~/platform/registration/registration.server";
import { payDueCashback } from "~/platform/rewards/cashback.server";
import { MAIN } from "~/platform/wallet/ledger.server";
import { insertAgent } from "../../helpers/agency";
import { createTestDatabase } from "../../helpers/database";
import { fundMain, insertGame } from "../../helpers/play";
import { operatorAct, postingsByKey, publishedPromotion } from "../../helpers/rewards";
import { formKey, insertMember } from "../../helpers/wallet";

/**
 * Cashback by the scheduler and the registration bonus on the event: each
 * paid exactly once per member (and period), under replays and with two
 * schedulers racing.
 */
let handle: DatabaseHandle;
let act: Awaited<ReturnType<typeof operatorAct>>;
const ZONE = "Asia/Karachi";
beforeAll(async () => {
  handle = await createTestDatabase({ poolSize: 8 });
  act = await operatorAct(handle.db);
});
afterAll(() => handle?.close());

const db = () => handle.db;

async function bonusEntries(memberId: string) {
  return db()
    .selectFrom("entries")
    .select(["idempotency_key", "kind"])
    .where("member_id", "=", memberId)
    .where("kind", "=", "bonus")
    .execute();
}

async function messageKinds(memberId: string) {
  const rows = await db()
    .selectFrom("member_messages")
    .select("kind")
    .where("member_id", "=", memberId)
    .execute();
  return rows.map((row) => row.kind);
}

describe("cashback", () => {
  it("pays each loser a share of the ended day's net loss, once, whoever runs the scheduler", async () => {
    // Monday 2026-06-01 in Karachi (UTC+5): bets on the day, the scheduler after it.
    const day = new Date("2026-06-01T00:00:00+05:00");
    const promotionId = await publishedPromotion(db(), act, {
      kind: "cashback",
      claimMode: "automatic",
      category: "rebate",
      period: "D",
      startsAt: day.toISOString(),
      endsAt: new Date(day.getTime() + 2 * 86_400_000).toISOString(),
      rewardBps: 1_000,
      rewardCap: 2_000,
    });
    const game = await insertGame(db(), { nodeId: 970_001 });
    const [loser, bigLoser, winner, trial] = await Promise.all([
      insertMember(db()),
      insertMember(db()),
      insertMember(db()),
      insertMember(db(), { type: 4 }),
    ]);
    const play = async (memberId: string, stake: bigint, payout: bigint) => {
      await fundMain(db(), memberId, stake);
      const round = `c-${formKey()}`;
      const at = new Date(day.getTime() + 3_600_000);
      const player = { memberId, account: MAIN, game } as const;
      await debit(db(), "test", player, { txId: round, roundId: round, amount: stake, at });
      await credit(db(), "test", player, {
        txId: `${round}:w`,
        roundId: round,
        amount: payout,
        at,
      });
    };
    await play(loser!, 10_000n, 2_000n);
    await play(bigLoser!, 100_000n, 0n);
    await play(winner!, 10_000n, 30_000n);
    await play(trial!, 10_000n, 0n);

    // During the day nothing is due.
    expect(await payDueCashback(db(), new Date(day.getTime() + 7_200_000))).toBe(0);
    const after = new Date(day.getTime() + 26 * 3_600_000);
    const runs = await Promise.all([
      runScheduledWork(db(), ZONE, after),
      runScheduledWork(db(), ZONE, after),
      payDueCashback(db(), after),
    ]);
    expect(runs).toBeDefined();
    await payDueCashback(db(), after);
    expect(await bonusEntries(loser!)).toEqual([
      { idempotency_key: `promo:${promotionId}:${loser}:D:2026-06-01`, kind: "bonus" },
    ]);
    const amounts = await db()
      .selectFrom("promotion_entries")
      .select(["member_id", "amount", "state", "period_key"])
      .where("promotion_id", "=", promotionId)
      .orderBy("amount")
      .execute();
    expect(amounts).toEqual([
      { member_id: loser, amount: "800", state: "issued", period_key: "D:2026-06-01" },
      { member_id: bigLoser, amount: "2000", state: "issued", period_key: "D:2026-06-01" },
    ]);
    expect(await messageKinds(loser!)).toContain("cashback_issued");
    expect(await bonusEntries(winner!)).toEqual([]);
    expect(await bonusEntries(trial!)).toEqual([]);
    // paid_until moved past the day: the next run reads no bets of it.
    const promotion = await db()
      .selectFrom("promotions")
      .select("paid_until")
      .where("id", "=", promotionId)
      .executeTakeFirstOrThrow();
    expect(new Date(promotion.paid_until!).toISOString()).toBe(
      new Date(day.getTime() + 86_400_000).toISOString(),
    );
    // Forcing the day again (paid_until reset, as a second runner with stale state would see it) pays nothing new.
    await db()
      .updateTable("promotions")
      .set({ paid_until: null })
      .where("id", "=", promotionId)
      .execute();
    await payDueCashback(db(), after);
    expect(await bonusEntries(loser!)).toHaveLength(1);
    expect(await bonusEntries(bigLoser!)).toHaveLength(1);
  });
});

describe("the registration bonus", () => {
  const policy = identityPolicy();
  const rules = { agentTypes: [1, 2, 41, 42], trialTypes: [4], mobileVerification: false };
  const context = () => ({
    ip: `198.51.100.${Math.floor(Math.random() * 200)}`,
    userAgent: "vitest",
  });

  it("is paid once on registration, with a message, and never again for that member", async () => {
    const promotionId = await publishedPromotion(db(), act, {
      kind: "registration",
      claimMode: "automatic",
      category: "newPlayer",
      rewardBps: "",
      rewardCap: "",
      rewardFixed: 5_000,
    });
    const member = await registerMember(
      db(),
      {
        mode: "username",
        account: `reg${formKey()
          .slice(0, 8)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, "x")}`,
        password: "Fresh123",
        profile: {},
      },
      rules,
      context(),
      policy,
    );
    const entries = await bonusEntries(member.id);
    expect(entries).toEqual([
      { idempotency_key: `promo:${promotionId}:${member.id}:once`, kind: "bonus" },
    ]);
    expect(await messageKinds(member.id)).toEqual(["promotion_issued"]);
    const main = await db()
      .selectFrom("accounts")
      .select("balance")
      .where("member_id", "=", member.id)
      .where("kind", "=", MAIN)
      .executeTakeFirstOrThrow();
    expect(main.balance).toBe("5000");
    // Replaying the issue for the same member (the hook run again) pays nothing more.
    const { issueRegistrationBonuses } = await import("~/platform/rewards/qualify.server");
    await db()
      .transaction()
      .execute((trx) => issueRegistrationBonuses(trx, member.id, new Date()));
    await db()
      .transaction()
      .execute((trx) => issueRegistrationBonuses(trx, member.id, new Date()));
    expect(await bonusEntries(member.id)).toHaveLength(1);
    // Trial accounts never get it.
    const trial = await insertMember(db(), { type: 4 });
    await db()
      .transaction()
      .execute((trx) => issueRegistrationBonuses(trx, trial, new Date()));
    expect(await bonusEntries(trial)).toEqual([]);
  });

  it("is paid to a member an agent registers exactly as to a self-registered one; a sub-agent gets none", async () => {
    await publishedPromotion(db(), act, {
      kind: "registration",
      claimMode: "automatic",
      category: "newPlayer",
      rewardBps: "",
      rewardCap: "",
      rewardFixed: 2_500,
      turnoverMultiple: 300,
    });
    const name = (prefix: string) =>
      `${prefix}${formKey()
        .slice(0, 8)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, "x")}`;
    const self = await registerMember(
      db(),
      { mode: "username", account: name("self"), password: "Fresh123", profile: {} },
      rules,
      context(),
      policy,
    );
    const agent = await insertAgent(db(), { agentRate: 5_000 });
    const sets = { agentTypes: rules.agentTypes, trialTypes: rules.trialTypes };
    const downline = await registerDownline(
      db(),
      agent,
      { kind: "member", account: name("dl"), password: "Fresh123" },
      sets,
      context(),
    );
    const subAgent = await registerDownline(
      db(),
      agent,
      { kind: "agent", account: name("ag"), password: "Fresh123", agentRate: 1_000 },
      sets,
      context(),
    );
    /** The member's bonuses (keys without the member), postings by account, grants and messages. */
    const rewardsOf = async (memberId: string) => ({
      bonuses: (await bonusEntries(memberId)).map((entry) =>
        entry.idempotency_key.replace(`:${memberId}:`, ":<member>:"),
      ),
      postings: (await postingsByKey(db(), `promo:%:${memberId}:once`)).map(
        ({ key, ...posting }) => ({ ...posting, key: key.replace(`:${memberId}:`, ":<member>:") }),
      ),
      grants: await db()
        .selectFrom("bonus_grants")
        .select(["promotion_id", "amount", "turnover_required", "status"])
        .where("member_id", "=", memberId)
        .orderBy("promotion_id")
        .execute(),
      messages: await messageKinds(memberId),
    });
    const expected = await rewardsOf(self.id);
    // Both open registration promotions (this one locked on BONUS with its turnover) were paid.
    expect(expected.bonuses).toHaveLength(2);
    expect(expected.grants).toContainEqual(
      expect.objectContaining({ amount: "2500", turnover_required: "7500", status: "wagering" }),
    );
    expect(await rewardsOf(downline.id)).toEqual(expected);
    expect(await bonusEntries(subAgent.id)).toEqual([]);
  });
});
