import { sql, type Kysely } from "kysely";

/**
 * Referral rewards (issue 15): the brand's REFERRAL promotion (kind
 * `referral`) carries the rules besides the reward columns every promotion
 * has — the friend's minimum first deposit (`min_deposit`), the valid bets
 * the friend must reach (`referral_min_valid_bet`) and how far back a shared
 * IP puts the reward on hold (`referral_ip_window_hours`). A friend's reward
 * is one row, written once: `held` for the operator, `paid` (with the
 * promotion entry that paid it) or `rejected`. No row means still waiting.
 */
const statements = [
  `alter table promotions drop constraint promotions_kind_check`,
  `alter table promotions add constraint promotions_kind_check check (kind in ('first_deposit', 'reload', 'registration', 'cashback', 'red_envelope', 'apply', 'referral'))`,
  `alter table promotions drop constraint promotions_repeating_kinds`,
  `alter table promotions add constraint promotions_repeating_kinds check (
     (kind in ('cashback', 'red_envelope') and period <> 'once')
     or (kind in ('first_deposit', 'registration', 'referral') and period = 'once')
     or kind in ('reload', 'apply'))`,
  `alter table promotions add column referral_min_valid_bet bigint check (referral_min_valid_bet >= 0)`,
  `alter table promotions add column referral_ip_window_hours integer check (referral_ip_window_hours > 0)`,
  // A referral pays a fixed amount by itself; its rules belong to no other kind.
  `alter table promotions add constraint promotions_referral check (
     (kind = 'referral') = (referral_min_valid_bet is not null)
     and (kind = 'referral' or referral_ip_window_hours is null)
     and (kind <> 'referral' or (reward_fixed is not null and claim_mode = 'automatic')))`,
  `create table referral_rewards (
     friend_id bigint primary key references referrals (friend_id),
     referrer_id bigint not null references members (id),
     promotion_id bigint not null references promotions (id),
     status text not null check (status in ('held', 'paid', 'rejected')),
     amount bigint not null check (amount > 0),
     hold_reason text check (hold_reason in ('same_ip')),
     entry_id bigint references promotion_entries (id),
     qualified_at timestamptz not null,
     decided_at timestamptz,
     decided_by bigint references members (id),
     constraint referral_rewards_paid_entry check ((status = 'paid') = (entry_id is not null))
   )`,
  `create index referral_rewards_held on referral_rewards (qualified_at) where status = 'held'`,
  `create index referral_rewards_referrer on referral_rewards (referrer_id)`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql.raw(`drop table referral_rewards`).execute(db);
  await sql.raw(`delete from promotions where kind = 'referral'`).execute(db);
  await sql
    .raw(
      `alter table promotions drop constraint promotions_referral, drop column referral_ip_window_hours, drop column referral_min_valid_bet,
         drop constraint promotions_kind_check, add constraint promotions_kind_check check (kind in ('first_deposit', 'reload', 'registration', 'cashback', 'red_envelope', 'apply')),
         drop constraint promotions_repeating_kinds, add constraint promotions_repeating_kinds check (
           (kind in ('cashback', 'red_envelope') and period <> 'once')
           or (kind in ('first_deposit', 'registration') and period = 'once')
           or kind in ('reload', 'apply'))`,
    )
    .execute(db);
}
