import { sql, type Kysely } from "kysely";

/**
 * The demo catalog's game artwork became PNG (ADR 5): a database seeded
 * before points its games at the old `.svg` addresses, which no longer exist.
 * Only those addresses change; a brand's own icon URLs are left alone.
 */
export async function up(db: Kysely<unknown>) {
  await sql`update games
    set icon_url = regexp_replace(icon_url, '^(/resources/icons/game/[0-9]+)\\.svg$', '\\1.png')
    where icon_url ~ '^/resources/icons/game/[0-9]+\\.svg$'`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`update games
    set icon_url = regexp_replace(icon_url, '^(/resources/icons/game/[0-9]+)\\.png$', '\\1.svg')
    where icon_url ~ '^/resources/icons/game/[0-9]+\\.png$'`.execute(db);
}
