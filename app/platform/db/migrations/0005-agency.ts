import { sql, type Kysely } from "kysely";

/**
 * Agency (ADR 13): the closure table of the upline tree, agents' own
 * rates, contracts between an upline and a downline agent, and the
 * settlements that pay them.
 */
const statements = [
  // Every member is its own ancestor at depth 0 and a descendant of each upline above it, so
  // "is X in my downline" is one index lookup and a subtree is one range of this table.
  `create table agent_paths (
     ancestor bigint not null references members (id),
     descendant bigint not null references members (id),
     depth integer not null check (depth >= 0),
     primary key (ancestor, descendant)
   )`,
  `create index agent_paths_descendant on agent_paths (descendant, depth)`,
  // Maintained by the database on every insert and upline change, whichever code path writes
  // members (registration, the agent centre, the seed, the tests), so the tree cannot drift.
  `create function agent_paths_maintain() returns trigger language plpgsql as $$
   begin
     if tg_op = 'UPDATE' then
       if new.parent_id is not distinct from old.parent_id then return new; end if;
       if new.parent_id is not null and exists (
         select 1 from agent_paths where ancestor = new.id and descendant = new.parent_id
       ) then
         raise exception 'an upline cannot sit in its own downline' using errcode = 'check_violation';
       end if;
       -- Detach the subtree from its old ancestors, then hang it under the new upline.
       delete from agent_paths p
        using agent_paths up, agent_paths down
        where up.descendant = new.id and up.depth > 0
          and down.ancestor = new.id
          and p.ancestor = up.ancestor and p.descendant = down.descendant;
       insert into agent_paths (ancestor, descendant, depth)
         select up.ancestor, down.descendant, up.depth + down.depth + 1
           from agent_paths up, agent_paths down
          where up.descendant = new.parent_id and down.ancestor = new.id;
       return new;
     end if;
     insert into agent_paths (ancestor, descendant, depth) values (new.id, new.id, 0);
     if new.parent_id is not null then
       insert into agent_paths (ancestor, descendant, depth)
         select ancestor, new.id, depth + 1 from agent_paths where descendant = new.parent_id;
     end if;
     return new;
   end $$`,
  `create trigger members_agent_paths after insert or update of parent_id on members
     for each row execute function agent_paths_maintain()`,
  // Members that existed before the tree: walk each one's uplines.
  `insert into agent_paths (ancestor, descendant, depth)
     with recursive walk (ancestor, descendant, depth) as (
       select id, id, 0 from members
       union all
       select m.parent_id, walk.descendant, walk.depth + 1
         from walk join members m on m.id = walk.ancestor
        where m.parent_id is not null
     )
     select ancestor, descendant, depth from walk`,
  // An agent's own rate in basis points (10000 = 100 %), set by its upline at registration (no
  // higher than the upline's own) or by the operator for a top agent: no contract it holds may
  // carry a higher rate.
  `alter table members add column agent_rate integer check (agent_rate between 0 and 10000)`,
  // Contracts. The upline is null for a contract granted by the house (the operator) to a
  // top agent. Terms are checked by the platform's zod schema of the kind.
  `create table contracts (
     id bigint generated always as identity primary key,
     kind text not null check (kind in ('DIVIDEND', 'DAILY', 'HOURLY', 'REALTIME')),
     upline_id bigint references members (id),
     downline_id bigint not null references members (id),
     -- §9 D W H M (daily, weekly, semimonthly, monthly) for dividends; wages run by day, hour
     -- or five minutes by their kind.
     period text check (period in ('D', 'W', 'H', 'M')),
     terms jsonb not null,
     status text not null default 'offered' check (status in ('offered', 'active', 'rejected', 'terminated', 'withdrawn')),
     offered_at timestamptz not null default now(),
     decided_at timestamptz,
     terminated_at timestamptz,
     ended_by text check (ended_by in ('downline', 'upline', 'replaced')),
     -- The active contract this offer terminated (the lower-rate rule) or will replace on acceptance.
     replaces_id bigint references contracts (id),
     -- Periods are settled up to here (exclusive); settlement resumes from it.
     settled_until timestamptz,
     constraint contracts_dividend_period check ((kind = 'DIVIDEND') = (period is not null))
   )`,
  `create unique index contracts_one_active on contracts (downline_id, kind) where status = 'active'`,
  `create unique index contracts_one_offer on contracts (downline_id, kind) where status = 'offered'`,
  `create index contracts_upline on contracts (upline_id, kind, status)`,
  `create index contracts_settling on contracts (settled_until) where status in ('active', 'terminated')`,
  // One row per contract and period, paid at most once (the unique key and the ledger entry's
  // idempotency key settlement:<contract>:<period start>).
  `create table settlements (
     id bigint generated always as identity primary key,
     contract_id bigint not null references contracts (id),
     member_id bigint not null references members (id),
     kind text not null,
     period_start timestamptz not null,
     window_start timestamptz not null,
     window_end timestamptz not null,
     valid_bet bigint not null,
     profit_loss bigint not null,
     active_members integer not null,
     base bigint not null,
     amount bigint not null check (amount >= 0),
     entry_id bigint references entries (id),
     settled_at timestamptz not null default now(),
     unique (contract_id, period_start)
   )`,
  `create index settlements_member on settlements (member_id, kind, period_start desc)`,
  // Team reports read bets by time across many members.
  `create index bets_placed on bets (placed_at)`,
  `create index bets_settled on bets (settled_at) where status = 'settled'`,
  `create index members_created on members (created_at)`,
  // Agent reports (account details, user loss) read downline ledger entries by time.
  `create index entries_created on entries (created_at)`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>) {
  for (const index of ["entries_created", "members_created", "bets_settled", "bets_placed"]) {
    await sql.raw(`drop index if exists ${index}`).execute(db);
  }
  for (const table of ["settlements", "contracts"])
    await sql.raw(`drop table if exists ${table}`).execute(db);
  await sql.raw(`alter table members drop column if exists agent_rate`).execute(db);
  await sql.raw(`drop trigger if exists members_agent_paths on members`).execute(db);
  await sql.raw(`drop function if exists agent_paths_maintain()`).execute(db);
  await sql.raw(`drop table if exists agent_paths`).execute(db);
}
