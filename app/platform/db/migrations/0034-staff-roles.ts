import { sql, type Kysely } from "kysely";

/**
 * Staff with roles: a role is a named set of permissions (the catalogue is
 * app/platform/identity/staff-permissions.ts), and every operator account has
 * exactly one. The operators that exist before this migration keep what they
 * could do, every screen, through an `admin` role with every permission of the
 * back office as it stands here (a copy on purpose: a migration records what it
 * did then, whatever the catalogue becomes; a later permission comes with a
 * migration that gives it to admin).
 */
const PERMISSIONS_NOW = [
  "withdrawals.view",
  "withdrawals.decide",
  "withdrawals.pay",
  "agents.view",
  "agents.manage",
  "vip.view",
  "vip.manage",
  "promotions.view",
  "promotions.manage",
  "promotions.review",
  "points.view",
  "points.manage",
  "points.review",
  "missions.view",
  "missions.manage",
  "referrals.view",
  "referrals.review",
  "protection.view",
  "protection.manage",
  "age_checks.view",
  "age_checks.review",
  "feedback.view",
  "feedback.reply",
  "support.view",
  "support.reply",
  "chat.view",
  "chat.moderate",
  "announcements.view",
  "announcements.manage",
];

export async function up(db: Kysely<unknown>) {
  await sql`create table staff_roles (
    id bigserial primary key,
    name text not null unique check (name ~ '^[a-z][a-z0-9-]{1,31}$'),
    permissions text[] not null default '{}',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table staff (
    member_id bigint primary key references members (id) on delete cascade,
    role_id bigint not null references staff_roles (id),
    disabled_at timestamptz,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`insert into staff_roles (name, permissions) values ('admin', ${sql.val(PERMISSIONS_NOW)}::text[])`.execute(
    db,
  );
  await sql`insert into staff (member_id, role_id)
    select m.id, r.id from members m, staff_roles r where m.type = 9 and r.name = 'admin'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table staff`.execute(db);
  await sql`drop table staff_roles`.execute(db);
}
