import { describe, expect, test } from "vitest";
import { setMissionEnabled } from "~/platform/rewards/missions/mission-admin.server";
import {
  claimableMissionCount,
  missionProgress,
} from "~/platform/rewards/missions/mission-progress.server";
import { insertSettledBet } from "../../helpers/agency";
import { createTestDatabase } from "../../helpers/database";
import {
  insertDeposit,
  insertMission,
  insertReferral,
  insertSession,
} from "../../helpers/missions";
import { operatorAct, useRewardsDatabase } from "../../helpers/rewards";
import { insertMember } from "../../helpers/wallet";

/**
 * Progress is read from the records at read time, per condition and period,
 * in the brand's time zone (Asia/Karachi, UTC+5: local midnight is 19:00 UTC).
 */
const handle = useRewardsDatabase(() => createTestDatabase());
const ZONE = "Asia/Karachi";
// Tuesday 12 March 2030, 15:00 in Karachi; its week began Monday 11 March 00:00 local.
const NOW = new Date("2030-03-12T10:00:00Z");
const TODAY_START = new Date("2030-03-11T19:00:00Z");
const JUST_BEFORE_MIDNIGHT = new Date("2030-03-11T18:59:59Z");

const progressOf = async (memberId: string, missionId: string, now = NOW) => {
  const rows = await missionProgress(handle.db, memberId, { timeZone: ZONE, now, missionId });
  return rows[0] ? rows[0].progress : null;
};

const bet = (memberId: string, validBet: number, at: Date, category = "RNG", game = "PG-0001") =>
  handle.db
    .insertInto("bets")
    .values({
      member_id: memberId,
      vassalage: "PG",
      round_id: `r${Math.random()}`,
      category,
      game_code: game,
      game_name: game,
      stake: validBet,
      valid_bet: validBet,
      payout: 0,
      status: "settled",
      placed_at: at,
      settled_at: at,
    })
    .execute();

describe("mission progress", () => {
  test("deposit: confirmed deposits of the period only", async () => {
    const member = await insertMember(handle.db);
    const mission = await insertMission(handle.db, { condition: "deposit", target: 50_000n });
    await insertDeposit(handle.db, member, 30_000n, TODAY_START);
    await insertDeposit(handle.db, member, 10_000n, NOW);
    await insertDeposit(handle.db, member, 90_000n, NOW, "pending");
    await insertDeposit(handle.db, member, 90_000n, JUST_BEFORE_MIDNIGHT);
    expect(await progressOf(member, mission)).toBe(40_000n);
  });

  test("valid bet: in the mission's category, or in any", async () => {
    const member = await insertMember(handle.db);
    const slots = await insertMission(handle.db, { category: "RNG", target: 1_000n });
    const any = await insertMission(handle.db, { target: 1_000n });
    await bet(member, 600, NOW, "RNG");
    await bet(member, 400, NOW, "LIVE");
    await insertSettledBet(handle.db, member, {
      stake: 999n,
      payout: 0n,
      at: JUST_BEFORE_MIDNIGHT,
    });
    expect(await progressOf(member, slots)).toBe(600n);
    expect(await progressOf(member, any)).toBe(1_000n);
  });

  test("distinct games: different games with settled bets", async () => {
    const member = await insertMember(handle.db);
    const mission = await insertMission(handle.db, { condition: "distinct_games", target: 3n });
    await bet(member, 100, NOW, "RNG", "PG-0001");
    await bet(member, 100, NOW, "RNG", "PG-0001");
    await bet(member, 100, NOW, "LIVE", "PG-0002");
    expect(await progressOf(member, mission)).toBe(2n);
  });

  test("sign-in days: distinct local days of sessions in the week", async () => {
    const member = await insertMember(handle.db);
    const mission = await insertMission(handle.db, {
      condition: "login_days",
      period: "W",
      target: 3n,
    });
    // Monday 00:30 and 09:00 local (one day), Tuesday (another); Sunday 23:59 local is last week.
    await insertSession(handle.db, member, new Date("2030-03-10T19:30:00Z"));
    await insertSession(handle.db, member, new Date("2030-03-11T04:00:00Z"));
    await insertSession(handle.db, member, NOW);
    await insertSession(handle.db, member, new Date("2030-03-10T18:59:00Z"));
    expect(await progressOf(member, mission)).toBe(2n);
  });

  test("friends who deposit: brought in the period, with a confirmed deposit", async () => {
    const member = await insertMember(handle.db);
    const mission = await insertMission(handle.db, {
      condition: "referred_depositors",
      period: "W",
      target: 2n,
    });
    const [paid, unpaid, earlier] = await Promise.all([
      insertMember(handle.db),
      insertMember(handle.db),
      insertMember(handle.db),
    ]);
    await insertReferral(handle.db, member, paid, TODAY_START);
    await insertReferral(handle.db, member, unpaid, TODAY_START);
    await insertReferral(handle.db, member, earlier, new Date("2030-03-01T10:00:00Z"));
    await insertDeposit(handle.db, paid, 10_000n, NOW);
    await insertDeposit(handle.db, unpaid, 10_000n, NOW, "pending");
    await insertDeposit(handle.db, earlier, 10_000n, NOW);
    expect(await progressOf(member, mission)).toBe(1n);
  });

  test("an event just before local midnight counts in yesterday's daily mission, not today's", async () => {
    const member = await insertMember(handle.db);
    const mission = await insertMission(handle.db, { target: 1_000n });
    await bet(member, 700, JUST_BEFORE_MIDNIGHT);
    await bet(member, 50, TODAY_START);
    const yesterday = new Date(JUST_BEFORE_MIDNIGHT.getTime() + 500);
    expect(await progressOf(member, mission, yesterday)).toBe(700n);
    expect(await progressOf(member, mission)).toBe(50n);
    const rows = await missionProgress(handle.db, member, {
      timeZone: ZONE,
      now: NOW,
      missionId: mission,
    });
    expect(rows[0]!.period.key).toBe("D:2030-03-12");
  });

  test("the badge counts complete, unclaimed, enabled missions; a disabled one is not listed", async () => {
    const member = await insertMember(handle.db);
    const before = await claimableMissionCount(handle.db, member, ZONE, NOW);
    const done = await insertMission(handle.db, { target: 100n });
    await insertMission(handle.db, { target: 10_000_000n });
    await bet(member, 100, NOW);
    expect(await claimableMissionCount(handle.db, member, ZONE, NOW)).toBe(before + 1);
    await setMissionEnabled(handle.db, done, false, await operatorAct(handle.db));
    expect(await progressOf(member, done)).toBeNull();
    expect(await claimableMissionCount(handle.db, member, ZONE, NOW)).toBe(before);
  });
});
