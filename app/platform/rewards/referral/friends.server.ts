import { sql } from "kysely";
import type { Period } from "../../calendar/periods";
import { maskCustomerName } from "../../catalog/winners.server";
import type { Database } from "../../db/open.server";

/**
 * The friends a member invited, newest first, as /member/referral lists
 * them: the friend's account masked as everywhere else members see other
 * members, when they joined, whether they deposited, their settled valid
 * bets in `period`, and the referrer's reward for them (no reward row:
 * `waiting`).
 */
export type ReferralRewardState = "waiting" | "held" | "paid" | "rejected";

export interface ReferredFriend {
  account: string;
  joinedAt: string;
  deposited: boolean;
  validBet: string;
  reward: ReferralRewardState;
  amount: string | null;
}

export async function listReferredFriends(
  db: Database,
  referrerId: string,
  period: Period,
  page: { offset: number; limit: number },
): Promise<{ friends: ReferredFriend[]; total: number }> {
  const [rows, count] = await Promise.all([
    sql<{
      account: string;
      joined_at: Date | string;
      deposited: boolean;
      valid_bet: string;
      reward: ReferralRewardState | null;
      amount: string | null;
    }>`
      select f.account, r.created_at as joined_at,
        exists (select 1 from deposits d where d.member_id = f.id and d.status = 'confirmed') as deposited,
        coalesce((select sum(b.valid_bet) from bets b
                  where b.member_id = f.id and b.status = 'settled'
                    and b.settled_at >= ${period.start} and b.settled_at < ${period.end}), 0)::text as valid_bet,
        rr.status as reward, rr.amount::text as amount
      from referrals r
      join members f on f.id = r.friend_id
      left join referral_rewards rr on rr.friend_id = r.friend_id
      where r.referrer_id = ${referrerId}
      order by r.created_at desc, r.friend_id desc
      offset ${page.offset} limit ${page.limit}`.execute(db),
    db
      .selectFrom("referrals")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("referrer_id", "=", referrerId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.count),
    friends: rows.rows.map((row) => ({
      account: maskCustomerName(row.account),
      joinedAt: new Date(row.joined_at).toISOString(),
      deposited: row.deposited,
      validBet: row.valid_bet,
      reward: row.reward ?? "waiting",
      amount: row.amount,
    })),
  };
}
