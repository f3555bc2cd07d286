import { describe, expect, test } from "vitest";
import { claimMission, listMissionClaims } from "~/platform/rewards/missions/mission-claims.server";
import { missionLeaderboard } from "~/platform/rewards/missions/mission-leaderboard.server";
import { MISSION_REWARDS_PROMOTION } from "~/platform/rewards/missions/mission-rewards.server";
import { pointsBalance } from "~/platform/rewards/points-ledger.server";
import {
  listPromotionsForOps,
  setPromotionStatus,
} from "~/platform/rewards/promotion-admin.server";
import { BONUS, MAIN } from "~/platform/wallet/ledger.server";
import { insertSettledBet } from "../../helpers/agency";
import { createTestDatabase } from "../../helpers/database";
import { insertMission } from "../../helpers/missions";
import { operatorAct, refusal, useRewardsDatabase } from "../../helpers/rewards";
import { accountBalance, formKey, insertMember } from "../../helpers/wallet";

/**
 * Claims pay once per member, mission and period whatever arrives twice
 * (replays, other tabs, parallel posts), only when the records complete the
 * mission; the week's leaderboard follows the claims.
 */
const handle = useRewardsDatabase(() => createTestDatabase({ poolSize: 8 }));
const ZONE = "Asia/Karachi";
const NOW = new Date("2030-03-12T10:00:00Z");
const NEXT_DAY = new Date("2030-03-13T10:00:00Z");

const balance = (memberId: string, kind: string) => accountBalance(handle.db, memberId, kind);

const claim = (memberId: string, missionId: string, key = formKey(), now = NOW) =>
  claimMission(handle.db, { memberId, missionId, formKey: key }, ZONE, now);

const claimsOf = (memberId: string) =>
  handle.db.selectFrom("mission_claims").selectAll().where("member_id", "=", memberId).execute();

const betToday = (memberId: string, amount: bigint, at = NOW) =>
  insertSettledBet(handle.db, memberId, { stake: amount, payout: 0n, at });

describe("claiming a mission", () => {
  test("an incomplete mission is refused and nothing moves", async () => {
    const member = await insertMember(handle.db);
    const mission = await insertMission(handle.db, { target: 1_000n });
    await betToday(member, 999n);
    expect(await refusal(claim(member, mission))).toEqual({
      code: "mission_incomplete",
      details: {},
    });
    expect(await balance(member, MAIN)).toBe(0n);
    expect(await claimsOf(member)).toEqual([]);
  });

  test("a cash mission pays MAIN once: the same form replays, another form is refused", async () => {
    const member = await insertMember(handle.db);
    const mission = await insertMission(handle.db, { rewardAmount: 1_500n, missionPoints: 7 });
    await betToday(member, 100n);
    const key = formKey();
    const first = await claim(member, mission, key);
    expect(first.replayed).toBe(false);
    expect(await balance(member, MAIN)).toBe(1_500n);
    const replay = await claim(member, mission, key);
    expect(replay).toMatchObject({ replayed: true, claim: { id: first.claim.id } });
    expect(await refusal(claim(member, mission))).toMatchObject({ code: "mission_claimed" });
    expect(await balance(member, MAIN)).toBe(1_500n);
    expect(await claimsOf(member)).toHaveLength(1);
    const history = await listMissionClaims(handle.db, member, { page: 1, pageSize: 20 });
    expect(history.rows).toMatchObject([
      { rewardKind: "cash", rewardAmount: "1500", missionPoints: 7 },
    ]);
  });

  test("parallel claims from several tabs pay once", async () => {
    const member = await insertMember(handle.db);
    const mission = await insertMission(handle.db, { rewardAmount: 500n });
    await betToday(member, 100n);
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => claim(member, mission)),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results)
      if (result.status === "rejected")
        expect(result.reason).toMatchObject({ code: "mission_claimed" });
    expect(await balance(member, MAIN)).toBe(500n);
    expect(await claimsOf(member)).toHaveLength(1);
  });

  test("a daily mission can be claimed again the next day, from that day's records", async () => {
    const member = await insertMember(handle.db);
    const mission = await insertMission(handle.db, { rewardAmount: 200n });
    await betToday(member, 100n);
    await claim(member, mission);
    expect(await refusal(claim(member, mission, formKey(), NEXT_DAY))).toMatchObject({
      code: "mission_incomplete",
    });
    await betToday(member, 100n, NEXT_DAY);
    await claim(member, mission, formKey(), NEXT_DAY);
    expect(await balance(member, MAIN)).toBe(400n);
    expect((await claimsOf(member)).map((row) => row.period_key).sort()).toEqual([
      "D:2030-03-12",
      "D:2030-03-13",
    ]);
  });

  test("a points reward goes to POINTS; a turnover reward is a wagering grant on BONUS", async () => {
    const member = await insertMember(handle.db);
    const points = await insertMission(handle.db, { rewardKind: "points", rewardAmount: 50n });
    const locked = await insertMission(handle.db, { rewardAmount: 2_000n, turnoverMultiple: 500 });
    await betToday(member, 100n);
    await claim(member, points);
    await claim(member, locked);
    expect(await pointsBalance(handle.db, member)).toBe(50n);
    expect(await balance(member, BONUS)).toBe(2_000n);
    expect(await balance(member, MAIN)).toBe(0n);
    const grant = await handle.db
      .selectFrom("bonus_grants")
      .select(["status", "turnover_required", "amount"])
      .where("member_id", "=", member)
      .executeTakeFirstOrThrow();
    expect(grant).toMatchObject({ status: "wagering" });
    expect(String(grant.turnover_required)).toBe("10000");
    const history = await listMissionClaims(handle.db, member, { page: 1, pageSize: 20 });
    expect(history.rows.map((row) => [row.rewardKind, row.turnoverMultiple])).toEqual([
      ["cash", 500],
      ["points", 0],
    ]);
  });

  test("the promotion that carries cash rewards is not the operator's to list or publish", async () => {
    const row = await handle.db
      .selectFrom("promotions")
      .select(["id", "status"])
      .where("code", "=", MISSION_REWARDS_PROMOTION)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("draft");
    expect((await listPromotionsForOps(handle.db)).map((p) => p.id)).not.toContain(row.id);
    const act = await operatorAct(handle.db);
    expect(await refusal(setPromotionStatus(handle.db, row.id, "published", act))).toMatchObject({
      code: "promotion_not_found",
    });
  });

  test("a missing or disabled mission is not found", async () => {
    const member = await insertMember(handle.db);
    expect(await refusal(claim(member, "999999999"))).toMatchObject({ code: "mission_not_found" });
    expect(await refusal(claim(member, "x"))).toMatchObject({ code: "mission_not_found" });
  });
});

describe("the weekly leaderboard", () => {
  // A week of its own, so the other tests' claims are not on this board.
  const WEEK = new Date("2031-06-04T10:00:00Z");
  const WEEK_KEY = "W:2031-06-02";

  test("ranks by points, ties by who reached them first; own rank outside the top 20; claims add up", async () => {
    const members = await Promise.all(Array.from({ length: 23 }, () => insertMember(handle.db)));
    // 22 members with 100…(descending) points; members 3 and 4 tie at 96, 4 reached it first.
    await handle.db
      .insertInto("mission_scores")
      .values(
        members.slice(0, 22).map((member, index) => ({
          week_key: WEEK_KEY,
          member_id: member,
          points: index === 3 ? 96 : 100 - index,
          reached_at: new Date(WEEK.getTime() - (index === 4 ? 60_000 : 0)),
        })),
      )
      .execute();
    const viewer = members[21]!;
    const board = await missionLeaderboard(handle.db, viewer, ZONE, WEEK);
    expect(board.weekKey).toBe(WEEK_KEY);
    expect(board.top).toHaveLength(20);
    expect(board.top.map((row) => row.points).slice(0, 6)).toEqual([
      "100",
      "99",
      "98",
      "96",
      "96",
      "95",
    ]);
    // The tie: member 4 (earlier) ranks above member 3.
    const first = await missionLeaderboard(handle.db, members[4]!, ZONE, WEEK);
    const second = await missionLeaderboard(handle.db, members[3]!, ZONE, WEEK);
    expect([first.own?.rank, second.own?.rank]).toEqual([4, 5]);
    expect(board.top[3]).toMatchObject({ rank: 4, isViewer: false });
    expect(board.top.every((row) => row.name.includes("***"))).toBe(true);
    expect(board.own).toMatchObject({ rank: 22, points: "79", isViewer: true });
    expect(board.top.some((row) => row.isViewer)).toBe(false);

    // The 23rd member claims a 150-point mission this week: first on the board.
    const climber = members[22]!;
    expect((await missionLeaderboard(handle.db, climber, ZONE, WEEK)).own).toBeNull();
    const mission = await insertMission(handle.db, { missionPoints: 150 });
    await betToday(climber, 100n, WEEK);
    await claim(climber, mission, formKey(), WEEK);
    const after = await missionLeaderboard(handle.db, climber, ZONE, WEEK);
    expect(after.top[0]).toMatchObject({ rank: 1, points: "150", isViewer: true });
    expect(after.own).toMatchObject({ rank: 1 });
    // Next week starts empty.
    const nextWeek = new Date(WEEK.getTime() + 7 * 86_400_000);
    expect((await missionLeaderboard(handle.db, climber, ZONE, nextWeek)).top).toEqual([]);
  });
});
