import { sql, type Kysely } from "kysely";

/**
 * Agency reports that stay fast (issue 18, ADR 0026): each member's bets
 * summed per day and category, so the team overview and user loss read a
 * few rows per member instead of every bet.
 *
 * The day is the one the reports use: `placed_at` in the brand's time zone.
 * Void bets count for nothing; open bets count (the overview shows them),
 * and only settled ones carry profit. The database keeps the rollup, with a
 * statement trigger on bets, so every writer (the seamless wallet's debit,
 * credit and rollback, the lottery through it, the seed, the tests' and the
 * benches' set-based SQL) moves it in its own transaction, once per
 * statement whatever the number of rows.
 */
const ROLLUP_SELECT = (zone: string, bets: string, sign: string) => `
  select member_id, (placed_at at time zone ${zone})::date as day, category,
         ${sign} as bet_count, ${sign} * stake as stake, ${sign} * valid_bet as valid_bet,
         ${sign} * payout as payout,
         case when status = 'settled' then ${sign} * (payout - stake) else 0 end as settled_profit
    from ${bets} where status <> 'void'`;

/** Adds the summed rows of `deltas` (one row per bet, signed) into the rollup, in key order so two writers never deadlock. */
const APPLY = (deltas: string) => `
  insert into bet_day_rollups as r (member_id, day, category, bet_count, stake, valid_bet, payout, settled_profit)
    select member_id, day, category, sum(bet_count), sum(stake), sum(valid_bet), sum(payout), sum(settled_profit)
      from (${deltas}) d
     group by member_id, day, category
     order by member_id, day, category
  on conflict (member_id, day, category) do update set
    bet_count = r.bet_count + excluded.bet_count, stake = r.stake + excluded.stake,
    valid_bet = r.valid_bet + excluded.valid_bet, payout = r.payout + excluded.payout,
    settled_profit = r.settled_profit + excluded.settled_profit`;

const ZONE = `coalesce((select value ->> 'timeZone' from settings where key = 'brand'), 'UTC')`;

const statements = [
  // No "not below zero" checks: PostgreSQL checks them on the upsert's proposed row, which for a
  // rollback or a settlement is a negative delta. The recomputation test keeps the sums honest;
  // a check here would turn a report's drift into refused bets.
  `create table bet_day_rollups (
     member_id bigint not null references members (id),
     day date not null,
     category text not null,
     bet_count bigint not null,
     stake bigint not null,
     valid_bet bigint not null,
     payout bigint not null,
     settled_profit bigint not null,
     primary key (member_id, day, category)
   )`,
  // A team's month is one range of days; the members are then kept by the closure table.
  `create index bet_day_rollups_day on bet_day_rollups (day, member_id)`,
  `create function bet_day_rollups_rebuild() returns void language plpgsql as $$
   declare zone text := ${ZONE};
   begin
     delete from bet_day_rollups;
     ${APPLY(ROLLUP_SELECT("zone", "bets", "1"))};
   end $$`,
  // One function for the events: a statement's rows leave (old) and arrive (new).
  `create function bet_day_rollups_maintain() returns trigger language plpgsql as $$
   declare zone text := ${ZONE};
   begin
     if tg_op = 'INSERT' then
       ${APPLY(ROLLUP_SELECT("zone", "arrived", "1"))};
     elsif tg_op = 'UPDATE' then
       ${APPLY(`${ROLLUP_SELECT("zone", "arrived", "1")} union all ${ROLLUP_SELECT("zone", "departed", "-1")}`)};
     elsif tg_op = 'DELETE' then
       ${APPLY(ROLLUP_SELECT("zone", "departed", "-1"))};
     else
       delete from bet_day_rollups;
     end if;
     return null;
   end $$`,
  `create trigger bets_rollup_insert after insert on bets
     referencing new table as arrived for each statement execute function bet_day_rollups_maintain()`,
  `create trigger bets_rollup_update after update on bets
     referencing old table as departed new table as arrived
     for each statement execute function bet_day_rollups_maintain()`,
  `create trigger bets_rollup_delete after delete on bets
     referencing old table as departed for each statement execute function bet_day_rollups_maintain()`,
  // A test that empties the bets empties the rollup with them.
  `create trigger bets_rollup_truncate after truncate on bets
     for each statement execute function bet_day_rollups_maintain()`,
  // The days are the brand's: a new time zone moves every bet's day, so the rollup is rebuilt with it.
  `create function bet_day_rollups_zone_changed() returns trigger language plpgsql as $$
   begin
     if new.key = 'brand' and (tg_op = 'INSERT'
         or (new.value ->> 'timeZone') is distinct from (old.value ->> 'timeZone')) then
       perform bet_day_rollups_rebuild();
     end if;
     return null;
   end $$`,
  `create trigger settings_bet_day_rollups after insert or update of value on settings
     for each row execute function bet_day_rollups_zone_changed()`,
  `select bet_day_rollups_rebuild()`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql.raw(`drop trigger if exists settings_bet_day_rollups on settings`).execute(db);
  for (const event of ["insert", "update", "delete", "truncate"])
    await sql.raw(`drop trigger if exists bets_rollup_${event} on bets`).execute(db);
  for (const fn of ["zone_changed", "maintain", "rebuild"])
    await sql.raw(`drop function if exists bet_day_rollups_${fn}()`).execute(db);
  await sql.raw(`drop table if exists bet_day_rollups`).execute(db);
}
