import { sql, type Kysely } from "kysely";

/**
 * The team overview's sums per agent and day (issue 18 part 5, ADR 0026):
 * every upline's share of its downline's bets, so a team's month is about
 * thirty rows per stripe instead of one row per member and day.
 *
 * It is kept from `bet_day_rollups`, not from the bets: the agent rollup is,
 * by definition, the member rollup summed over each agent's downline
 * (`agent_paths`, depth > 0). So two kinds of change move it, each by a
 * statement trigger in the writer's transaction:
 * - a member rollup row changes (a bet, a settlement, a rollback, the zone
 *   rebuild, a truncate of the bets): its delta goes to the member's uplines;
 * - a path appears or goes (a new member, an upline moved in the ops agents
 *   screen): the descendant's whole member rollup is added to or taken from
 *   the ancestor.
 *
 * Every member of a team writes its top agent's row of the day, so that row
 * is a hot spot: each writer holds its lock until commit. The rows are split
 * into STRIPES by member id, so players of one team queue on one of eight
 * rows, not one; readers sum the stripes (240 rows for a month).
 */
export const STRIPES = 8;

const SUMS = `bet_count, stake, valid_bet, payout, settled_profit`;

const ADD_TO_ROW = `on conflict (agent_id, day, stripe) do update set
    bet_count = r.bet_count + excluded.bet_count, stake = r.stake + excluded.stake,
    valid_bet = r.valid_bet + excluded.valid_bet, payout = r.payout + excluded.payout,
    settled_profit = r.settled_profit + excluded.settled_profit`;

/** A statement trigger on `table` for `event`, with its rows as `departed` (old) and `arrived` (new). */
const TRIGGER = (name: string, event: string, table: string, fn: string) => {
  const old = event === "update" || event === "delete" ? "old table as departed" : "";
  const neu = event === "update" || event === "insert" ? "new table as arrived" : "";
  const referencing = event === "truncate" ? "" : `referencing ${old} ${neu}`;
  return `create trigger ${name}_${event} after ${event} on ${table} ${referencing}
    for each statement execute function ${fn}()`;
};
const EVENTS = ["insert", "update", "delete", "truncate"];

/** Adds signed member-rollup rows (`deltas`: member_id, day and the sums) to every upline's row, in key order so two writers never deadlock. */
const FAN_OUT = (deltas: string) => `
  insert into agent_day_rollups as r (agent_id, day, stripe, ${SUMS})
    select p.ancestor, d.day, d.member_id % ${STRIPES}, sum(d.bet_count), sum(d.stake),
           sum(d.valid_bet), sum(d.payout), sum(d.settled_profit)
      from (${deltas}) d
      join agent_paths p on p.descendant = d.member_id and p.depth > 0
     group by 1, 2, 3
    having sum(d.bet_count) <> 0 or sum(d.stake) <> 0 or sum(d.valid_bet) <> 0
        or sum(d.payout) <> 0 or sum(d.settled_profit) <> 0
     order by 1, 2, 3
  ${ADD_TO_ROW}`;

const SIGNED = (table: string, sign: string) => `
  select member_id, day, ${sign} * bet_count as bet_count, ${sign} * stake as stake,
         ${sign} * valid_bet as valid_bet, ${sign} * payout as payout,
         ${sign} * settled_profit as settled_profit
    from ${table}`;

/** The member rollup of the paths' descendants, credited (sign 1) or debited (−1) to the paths' ancestors. */
const MOVE_PATHS = (paths: string, sign: string) => `
  insert into agent_day_rollups as r (agent_id, day, stripe, ${SUMS})
    select p.ancestor, m.day, m.member_id % ${STRIPES}, ${sign} * sum(m.bet_count), ${sign} * sum(m.stake),
           ${sign} * sum(m.valid_bet), ${sign} * sum(m.payout), ${sign} * sum(m.settled_profit)
      from ${paths} p
      join bet_day_rollups m on m.member_id = p.descendant
     where p.depth > 0
     group by 1, 2, 3
     order by 1, 2, 3
  ${ADD_TO_ROW}`;

const statements = [
  // No "not below zero" checks, for the reason of 0024: an upsert's proposed row is a delta.
  `create table agent_day_rollups (
     agent_id bigint not null references members (id),
     day date not null,
     stripe smallint not null,
     bet_count bigint not null,
     stake bigint not null,
     valid_bet bigint not null,
     payout bigint not null,
     settled_profit bigint not null,
     primary key (agent_id, day, stripe)
   )`,
  `create function agent_day_rollups_from_members() returns trigger language plpgsql as $$
   begin
     if tg_op = 'INSERT' then
       ${FAN_OUT(SIGNED("arrived", "1"))};
     elsif tg_op = 'UPDATE' then
       ${FAN_OUT(`${SIGNED("arrived", "1")} union all ${SIGNED("departed", "-1")}`)};
     elsif tg_op = 'DELETE' then
       ${FAN_OUT(SIGNED("departed", "-1"))};
     else
       delete from agent_day_rollups;
     end if;
     return null;
   end $$`,
  ...EVENTS.map((event) =>
    TRIGGER("bet_day_rollups_agents", event, "bet_day_rollups", "agent_day_rollups_from_members"),
  ),
  // A moved upline: agent_paths_maintain deletes the old ancestors' paths and inserts the new ones,
  // each one statement, so the subtree's figures leave the old uplines and reach the new ones.
  `create function agent_day_rollups_from_paths() returns trigger language plpgsql as $$
   begin
     if tg_op = 'INSERT' then
       ${MOVE_PATHS("arrived", "1")};
     else
       ${MOVE_PATHS("departed", "-1")};
     end if;
     return null;
   end $$`,
  ...["insert", "delete"].map((event) =>
    TRIGGER("agent_paths_rollups", event, "agent_paths", "agent_day_rollups_from_paths"),
  ),
  // The backfill: the member rollup summed over each agent's downline.
  `insert into agent_day_rollups (agent_id, day, stripe, ${SUMS})
     select p.ancestor, m.day, m.member_id % ${STRIPES}, sum(m.bet_count), sum(m.stake),
            sum(m.valid_bet), sum(m.payout), sum(m.settled_profit)
       from bet_day_rollups m join agent_paths p on p.descendant = m.member_id and p.depth > 0
      group by 1, 2, 3`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>) {
  for (const event of ["insert", "delete"])
    await sql.raw(`drop trigger if exists agent_paths_rollups_${event} on agent_paths`).execute(db);
  for (const event of EVENTS)
    await sql
      .raw(`drop trigger if exists bet_day_rollups_agents_${event} on bet_day_rollups`)
      .execute(db);
  for (const fn of ["from_paths", "from_members"])
    await sql.raw(`drop function if exists agent_day_rollups_${fn}()`).execute(db);
  await sql.raw(`drop table if exists agent_day_rollups`).execute(db);
}
