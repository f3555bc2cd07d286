import { sql } from "kysely";
import { maskCustomerName } from "../../catalog/winners.server";
import type { Database } from "../../db/open.server";
import { promotionPeriod } from "../promotion-periods";
import { LEADERBOARD_SIZE } from "./mission-types";

/**
 * This week's leaderboard (Monday to Monday in the brand's time zone): members
 * by mission points claimed this week, from `mission_scores`, which each
 * claim's transaction keeps. Equal points rank by who reached them first
 * (then by member id), so every member has one rank. Names are masked as on
 * the winner board.
 */
export interface LeaderboardRow {
  rank: number;
  name: string;
  points: string;
  isViewer: boolean;
}

export interface Leaderboard {
  weekKey: string;
  top: LeaderboardRow[];
  /** The viewer's own line, also when outside the top; null without points this week. */
  own: LeaderboardRow | null;
}

export async function missionLeaderboard(
  db: Database,
  viewerId: string,
  timeZone: string,
  now = new Date(),
): Promise<Leaderboard> {
  const weekKey = promotionPeriod("W", now, timeZone).key;
  const [top, mine] = await Promise.all([
    db
      .selectFrom("mission_scores as s")
      .innerJoin("members as m", "m.id", "s.member_id")
      .select(["s.member_id", "s.points", "m.account"])
      .where("s.week_key", "=", weekKey)
      .where("s.points", ">", "0")
      .orderBy("s.points", "desc")
      .orderBy("s.reached_at")
      .orderBy("s.member_id")
      .limit(LEADERBOARD_SIZE)
      .execute(),
    db
      .selectFrom("mission_scores as me")
      .innerJoin("members as m", "m.id", "me.member_id")
      .select([
        "me.points",
        "m.account",
        sql<string>`(select count(*) from mission_scores o
                      where o.week_key = me.week_key
                        and (o.points > me.points
                             or (o.points = me.points and (o.reached_at, o.member_id) < (me.reached_at, me.member_id))))`.as(
          "ahead",
        ),
      ])
      .where("me.week_key", "=", weekKey)
      .where("me.member_id", "=", viewerId)
      .where("me.points", ">", "0")
      .executeTakeFirst(),
  ]);
  return {
    weekKey,
    top: top.map((row, index) => ({
      rank: index + 1,
      name: maskCustomerName(row.account),
      points: String(row.points),
      isViewer: String(row.member_id) === viewerId,
    })),
    own: mine
      ? {
          rank: Number(mine.ahead) + 1,
          name: maskCustomerName(mine.account),
          points: String(mine.points),
          isViewer: true,
        }
      : null,
  };
}
