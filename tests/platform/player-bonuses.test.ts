import { describe, expect, test } from "vitest";
import { playerBonuses } from "~/platform/players/bonuses.server";
import { decideApplication } from "~/platform/rewards/applications.server";
import { applyForPromotion } from "~/platform/rewards/promotion-actions.server";
import { createTestDatabase } from "../helpers/database";
import {
  operatorAct,
  publishedPromotion,
  useRewardsDatabase,
  wageringBonus,
} from "../helpers/rewards";
import { insertMember } from "../helpers/wallet";

/**
 * The player page's bonuses on a real database: the bonus account's balance,
 * the member's bonuses with their wagering, and its promotion entries with
 * the staff account that decided an application; nobody else's.
 */

const handle = useRewardsDatabase(() => createTestDatabase());

describe("the player page's bonuses", () => {
  test("a bonus being wagered, a rejected application and who rejected it", async () => {
    const db = handle.db;
    const player = await insertMember(db);
    const other = await insertMember(db);
    const empty = await playerBonuses(db, player);
    expect(empty).toEqual({
      bonusBalance: "0",
      grants: { rows: [], total: 0 },
      entries: { rows: [], total: 0 },
    });

    const wagered = await wageringBonus(db, player, 5_000n);
    await wageringBonus(db, other, 7_000n);
    const act = await operatorAct(db);
    const staff = await db
      .selectFrom("members")
      .select("account")
      .where("id", "=", act.operatorId)
      .executeTakeFirstOrThrow();
    const applied = await publishedPromotion(db, act, {
      kind: "apply",
      claimMode: "apply",
      rewardBps: "",
      rewardCap: "",
    });
    await applyForPromotion(db, {
      memberId: player,
      promotionId: applied,
      comment: "VIP elsewhere",
      proofs: [],
    });
    const entry = await db
      .selectFrom("promotion_entries")
      .select("id")
      .where("member_id", "=", player)
      .where("promotion_id", "=", applied)
      .executeTakeFirstOrThrow();
    await decideApplication(db, {
      ...act,
      entryId: entry.id,
      decision: { reject: { reason: "No proof" } },
    });

    const bonuses = await playerBonuses(db, player);
    expect(bonuses.bonusBalance).toBe("5000");
    expect(bonuses.grants.total).toBe(1);
    expect(bonuses.grants.rows).toEqual([
      expect.objectContaining({
        promotionId: wagered,
        amount: "5000",
        required: "50000",
        done: "0",
        status: "wagering",
      }),
    ]);
    expect(bonuses.entries.total).toBe(2);
    expect(bonuses.entries.rows).toEqual([
      expect.objectContaining({
        promotionId: applied,
        state: "rejected",
        comment: "VIP elsewhere",
        rejectReason: "No proof",
        decidedBy: staff.account,
      }),
      expect.objectContaining({
        promotionId: wagered,
        periodKey: "once",
        state: "process",
        amount: "5000",
        decidedBy: null,
      }),
    ]);
  });
});
