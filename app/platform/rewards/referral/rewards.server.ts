import { sql, type Transaction } from "kysely";
import { maskCustomerName } from "../../catalog/winners.server";
import { postMessage } from "../../content/messages.server";
import type { Database } from "../../db/open.server";
import type { DB } from "../../db/schema";
import { inTransaction } from "../../db/transaction.server";
import { payNewEntry } from "../bonus-grants.server";
import { isEligible } from "../eligibility";
import { memberStanding, type Promotion } from "../promotion-rows.server";
import { rewardOn } from "../reward-amount";
import { liveReferralPromotion } from "./program.server";

/**
 * The referrer's reward for a friend who first deposited at least the
 * promotion's minimum and has settled valid bets of at least its
 * `minValidBet` since the referral (issue 15). Paid through the rewards
 * engine (an entry per referrer and friend, period key `friend:<id>`, so the
 * ledger key `promo:<promotion>:<referrer>:friend:<id>` pays once whoever
 * runs it), or held for the operator when the friend registered from an IP
 * the referrer used within the promotion's window.
 */
type Trx = Transaction<DB>;

/** Friends checked per run; the rest wait for the next run. */
const BATCH = 500;

export const friendPeriodKey = (friendId: string) => `friend:${friendId}`;

interface Candidate {
  friend_id: string;
  referrer_id: string;
  friend_account: string;
}

/** Referrals without a reward row whose friend met both thresholds. */
async function qualifiedFriends(db: Database, promotion: Promotion): Promise<Candidate[]> {
  const minDeposit = promotion.minDeposit.toString();
  const minValidBet = (promotion.referral?.minValidBet ?? 0n).toString();
  const { rows } = await sql<Candidate>`
    select r.friend_id::text, r.referrer_id::text, f.account as friend_account
    from referrals r
    join members f on f.id = r.friend_id
    where r.created_at >= ${promotion.startsAt}
      and not exists (select 1 from referral_rewards x where x.friend_id = r.friend_id)
      and (select d.amount from deposits d
           where d.member_id = r.friend_id and d.status = 'confirmed'
           order by coalesce(d.settled_at, d.created_at), d.id limit 1) >= ${minDeposit}::bigint
      and coalesce((select sum(b.valid_bet) from bets b
                    where b.member_id = r.friend_id and b.status = 'settled'
                      and b.settled_at >= r.created_at), 0) >= ${minValidBet}::bigint
    order by r.created_at, r.friend_id
    limit ${BATCH}`.execute(db);
  return rows;
}

/**
 * Whether the friend registered from an IP the referrer registered from or
 * had a session on within `hours` before the friend's registration.
 */
async function sharesReferrerIp(trx: Trx, friendId: string, referrerId: string, hours: number) {
  const { rows } = await sql<{ shared: boolean }>`
    select exists (
      select 1 from members f, members r
      where f.id = ${friendId} and r.id = ${referrerId} and f.register_ip is not null
        and (
          (r.register_ip = f.register_ip
            and r.created_at >= f.created_at - make_interval(hours => ${hours}))
          or exists (
            select 1 from sessions s
            where s.member_id = r.id and s.ip = f.register_ip
              and s.last_seen_at >= f.created_at - make_interval(hours => ${hours})
              and s.created_at <= f.created_at + make_interval(hours => ${hours}))
        )
    ) as shared`.execute(trx);
  return rows[0]?.shared === true;
}

/** Pays the reward of one friend in the caller's transaction; false when it was paid already. */
export async function payReferralReward(
  trx: Trx,
  promotion: Promotion,
  friend: { friendId: string; referrerId: string; friendAccount: string },
  now: Date,
): Promise<string | null> {
  const amount = rewardOn(promotion, 0n);
  const paid = await payNewEntry(
    trx,
    {
      promotion,
      memberId: friend.referrerId,
      periodKey: friendPeriodKey(friend.friendId),
      action: "issue",
      amount,
    },
    now,
  );
  if (!paid) return null;
  await postMessage(
    trx,
    friend.referrerId,
    "referral_reward",
    {
      promotion: promotion.id,
      amount: amount.toString(),
      friend: maskCustomerName(friend.friendAccount),
    },
    now,
  );
  return paid.entry.id;
}

/** Scheduler job: every qualified friend's reward, paid or held, each in its own transaction. Returns how many. */
export async function payDueReferralRewards(db: Database, now = new Date()): Promise<number> {
  const promotion = await liveReferralPromotion(db, now);
  if (!promotion || promotion.rewardFixed === null) return 0;
  let done = 0;
  for (const candidate of await qualifiedFriends(db, promotion)) {
    const friend = {
      friendId: candidate.friend_id,
      referrerId: candidate.referrer_id,
      friendAccount: candidate.friend_account,
    };
    const settled = await inTransaction(db, async (trx) => {
      if (!isEligible(promotion, await memberStanding(trx, friend.referrerId), now)) return false;
      const hours = promotion.referral?.ipWindowHours ?? null;
      const held =
        hours !== null && (await sharesReferrerIp(trx, friend.friendId, friend.referrerId, hours));
      const row = {
        friend_id: friend.friendId,
        referrer_id: friend.referrerId,
        promotion_id: promotion.id,
        amount: rewardOn(promotion, 0n).toString(),
        qualified_at: now,
      };
      if (held) {
        const inserted = await trx
          .insertInto("referral_rewards")
          .values({ ...row, status: "held", hold_reason: "same_ip" })
          .onConflict((oc) => oc.column("friend_id").doNothing())
          .returning("friend_id")
          .executeTakeFirst();
        return inserted !== undefined;
      }
      // The entry's unique key is the lock: a parallel run that paid first leaves nothing to do here.
      const entryId = await payReferralReward(trx, promotion, friend, now);
      if (entryId === null) return false;
      await trx
        .insertInto("referral_rewards")
        .values({ ...row, status: "paid", entry_id: entryId, decided_at: now })
        .execute();
      return true;
    });
    if (settled) done++;
  }
  return done;
}
