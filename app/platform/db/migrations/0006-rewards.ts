import { sql, type Kysely } from "kysely";

/**
 * Rewards (issue 14): promotions an operator defines, each
 * member's entry in a promotion per period (the promotion states), proof
 * images of applications, bonus grants locked until their turnover is met
 * (ADR 15), the settled bets each grant counted, and red-envelope budgets per
 * window. Every rule a bug could break is a constraint here.
 */
const CATEGORIES = `'other', 'sport', 'live', 'slots', 'cards', 'fishing', 'lotto', 'rebate', 'pointsMall', 'rank', 'deposit', 'appDownload', 'newPlayer'`;

const statements = [
  `create table promotions (
     id bigint generated always as identity primary key,
     code text not null unique check (code ~ '^[a-z0-9][a-z0-9-]{1,47}$'),
     category text not null check (category in (${CATEGORIES})),
     kind text not null check (kind in ('first_deposit', 'reload', 'registration', 'cashback', 'red_envelope', 'apply')),
     claim_mode text not null check (claim_mode in ('automatic', 'join_claim', 'apply')),
     titles jsonb not null check (jsonb_typeof(titles) = 'object' and titles <> '{}'::jsonb),
     rules_html jsonb not null default '{}'::jsonb check (jsonb_typeof(rules_html) = 'object'),
     -- Who may take part, when they act: registered within N days, a VIP range, a count of
     -- confirmed deposits before the action. Trial and operator accounts never.
     registered_within_days integer check (registered_within_days > 0),
     vip_min integer not null default 0 check (vip_min >= 0),
     vip_max integer check (vip_max >= vip_min),
     min_deposits integer not null default 0 check (min_deposits >= 0),
     max_deposits integer check (max_deposits >= min_deposits),
     -- Shown as coming soon from shows_from, open from starts_at until ends_at (exclusive).
     shows_from timestamptz,
     starts_at timestamptz not null,
     ends_at timestamptz,
     -- Days and weeks of repeating promotions are the brand's, copied here when the promotion
     -- is saved, so the engine needs no brand lookup inside a bet's or a deposit's transaction.
     time_zone text not null,
     period text not null default 'once' check (period in ('once', 'D', 'W')),
     -- A fixed amount, or basis points of the deposit (or of the net loss) up to a cap.
     reward_fixed bigint check (reward_fixed > 0),
     reward_bps integer check (reward_bps > 0 and reward_bps <= 100000),
     reward_cap bigint check (reward_cap > 0),
     min_deposit bigint not null default 0 check (min_deposit >= 0),
     -- Turnover: a multiple (×100: 1000 is 10×) of the bonus, or of bonus + deposit.
     turnover_multiple integer not null default 0 check (turnover_multiple between 0 and 100000),
     turnover_base text not null default 'bonus' check (turnover_base in ('bonus', 'bonus_deposit')),
     -- Percent of a settled bet's valid bet that counts, by the bet's game category; categories
     -- not listed count contribution_default.
     contributions jsonb not null default '{}'::jsonb
       check (jsonb_typeof(contributions) = 'object'
              and not jsonb_path_exists(contributions, '$.* ? (@.type() != "number" || @ < 0 || @ > 100)')),
     contribution_default integer not null default 100 check (contribution_default between 0 and 100),
     max_bet bigint check (max_bet > 0),
     max_bet_rule text not null default 'refuse' check (max_bet_rule in ('refuse', 'zero')),
     expiry_hours integer check (expiry_hours > 0),
     withdrawal_rule text not null default 'forfeit' check (withdrawal_rule in ('forfeit', 'refuse')),
     envelope_budget bigint check (envelope_budget > 0),
     envelope_min bigint check (envelope_min > 0),
     envelope_max bigint check (envelope_max >= envelope_min),
     -- Cashback periods are paid up to here (exclusive); the scheduler resumes from it.
     paid_until timestamptz,
     status text not null default 'draft' check (status in ('draft', 'published', 'closed')),
     sort integer not null default 0,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     constraint promotions_schedule check (ends_at is null or ends_at > starts_at),
     constraint promotions_shows_before_start check (shows_from is null or shows_from <= starts_at),
     constraint promotions_one_reward check (reward_fixed is null or reward_bps is null),
     constraint promotions_percent_capped check (reward_bps is null or reward_cap is not null),
     constraint promotions_rewarded check (kind in ('red_envelope', 'apply') or reward_fixed is not null or reward_bps is not null),
     constraint promotions_registration_fixed check (kind <> 'registration' or reward_fixed is not null),
     constraint promotions_envelope check ((kind = 'red_envelope') = (envelope_budget is not null and envelope_min is not null and envelope_max is not null)),
     constraint promotions_envelope_fits check (envelope_max is null or envelope_max <= envelope_budget),
     constraint promotions_apply_mode check ((kind = 'apply') = (claim_mode = 'apply')),
     constraint promotions_automatic_kinds check (kind not in ('registration', 'cashback', 'red_envelope') or claim_mode = 'automatic'),
     constraint promotions_repeating_kinds check (
       (kind in ('cashback', 'red_envelope') and period <> 'once')
       or (kind in ('first_deposit', 'registration') and period = 'once')
       or kind in ('reload', 'apply'))
   )`,
  `create index promotions_listed on promotions (status, starts_at)`,
  `create table promotion_entries (
     id bigint generated always as identity primary key,
     promotion_id bigint not null references promotions (id),
     member_id bigint not null references members (id),
     -- 'once', or the day ('D:2024-05-01') or week ('W:<its Monday>') of a repeating promotion.
     period_key text not null,
     state text not null check (state in ('joined', 'claim', 'applying', 'rejected', 'process', 'issued', 'claimed', 'forfeited')),
     amount bigint check (amount > 0),
     deposit_id bigint references deposits (id),
     comment text check (char_length(comment) <= 140),
     reject_reason text check (char_length(reject_reason) between 1 and 500),
     decided_by bigint references members (id),
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     unique (promotion_id, member_id, period_key),
     constraint promotion_entries_amount_known check (state not in ('claim', 'process', 'issued', 'claimed') or amount is not null),
     constraint promotion_entries_reason check ((state = 'rejected') = (reject_reason is not null))
   )`,
  `create index promotion_entries_member on promotion_entries (member_id, id desc)`,
  `create index promotion_entries_applying on promotion_entries (id) where state = 'applying'`,
  `create table promotion_proofs (
     id bigint generated always as identity primary key,
     entry_id bigint not null references promotion_entries (id),
     content_type text not null check (content_type in ('image/png', 'image/jpeg')),
     size integer not null check (size > 0 and size <= 5242880),
     bytes bytea not null,
     created_at timestamptz not null default now()
   )`,
  `create index promotion_proofs_entry on promotion_proofs (entry_id)`,
  // At most three proofs per application, whoever inserts them.
  `create function promotion_proofs_limit() returns trigger language plpgsql as $$
   begin
     if (select count(*) from promotion_proofs where entry_id = new.entry_id) > 3 then
       raise exception 'at most 3 proofs per application' using errcode = '23514';
     end if;
     return null;
   end $$`,
  `create trigger promotion_proofs_at_most_three after insert on promotion_proofs
     for each row execute function promotion_proofs_limit()`,
  `create table bonus_grants (
     id bigint generated always as identity primary key,
     entry_id bigint not null unique references promotion_entries (id),
     member_id bigint not null references members (id),
     promotion_id bigint not null references promotions (id),
     amount bigint not null check (amount > 0),
     turnover_required bigint not null check (turnover_required >= 0),
     turnover_done bigint not null default 0 check (turnover_done >= 0),
     -- The promotion's wagering rules when the bonus was issued: editing the promotion later
     -- changes no bonus already given.
     contributions jsonb not null,
     contribution_default integer not null check (contribution_default between 0 and 100),
     max_bet bigint check (max_bet > 0),
     max_bet_rule text not null check (max_bet_rule in ('refuse', 'zero')),
     withdrawal_rule text not null check (withdrawal_rule in ('forfeit', 'refuse')),
     status text not null check (status in ('wagering', 'released', 'forfeited', 'expired')),
     issue_entry_id bigint not null references entries (id),
     settle_entry_id bigint references entries (id),
     issued_at timestamptz not null,
     expires_at timestamptz,
     settled_at timestamptz,
     constraint bonus_grants_settled check ((status = 'wagering') = (settled_at is null)),
     constraint bonus_grants_settle_entry check (status = 'wagering' or settle_entry_id is not null),
     constraint bonus_grants_released_met check (status <> 'released' or turnover_done >= turnover_required),
     constraint bonus_grants_expiry check (expires_at is null or expires_at > issued_at)
   )`,
  // The seamless wallet asks on every bet whether the member is wagering a bonus: this index
  // answers from a handful of rows however many grants were ever settled.
  `create index bonus_grants_wagering on bonus_grants (member_id, id) where status = 'wagering'`,
  `create index bonus_grants_expiring on bonus_grants (expires_at) where status = 'wagering'`,
  `create index bonus_grants_promotion on bonus_grants (promotion_id, id desc)`,
  // A settled bet counts once towards a grant.
  `create table bonus_turnover (
     grant_id bigint not null references bonus_grants (id),
     bet_id bigint not null references bets (id),
     counted bigint not null check (counted >= 0),
     primary key (grant_id, bet_id)
   )`,
  `create index bonus_turnover_bet on bonus_turnover (bet_id)`,
  `create table red_envelope_windows (
     promotion_id bigint not null references promotions (id),
     window_key text not null,
     budget bigint not null check (budget > 0),
     paid bigint not null default 0 check (paid >= 0),
     primary key (promotion_id, window_key),
     constraint red_envelope_within_budget check (paid <= budget)
   )`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>) {
  for (const table of [
    "red_envelope_windows",
    "bonus_turnover",
    "bonus_grants",
    "promotion_proofs",
    "promotion_entries",
    "promotions",
  ]) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
  await sql.raw(`drop function if exists promotion_proofs_limit()`).execute(db);
}
