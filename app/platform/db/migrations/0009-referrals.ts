import { sql, type Kysely } from "kysely";

/**
 * Referral's foundation (issue 15), which missions read as well as the
 * referral pages: each member's own referral code (handed out on first use,
 * unique whatever its case) and who brought whom. A member is brought by one
 * member at most, never by itself.
 */
const statements = [
  `alter table members add column referral_code text`,
  `create unique index members_referral_code on members (upper(referral_code)) where referral_code is not null`,
  `create table referrals (
     friend_id bigint primary key references members (id),
     referrer_id bigint not null references members (id),
     created_at timestamptz not null default now(),
     constraint referrals_not_self check (friend_id <> referrer_id)
   )`,
  `create index referrals_referrer on referrals (referrer_id, created_at)`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql.raw(`drop table referrals`).execute(db);
  await sql.raw(`alter table members drop column referral_code`).execute(db);
}
