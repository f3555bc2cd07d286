import type { Database } from "../db/open.server";
import { OPERATOR_TYPE } from "../identity/member-types";

/**
 * What the seed's feature steps share: a marker row per step, so a rerun
 * seeds nothing twice, and the demo operator whose act the operator API
 * audits (the seed creates promotions through it like any operator).
 */
export async function seededBefore(db: Database, marker: string): Promise<boolean> {
  const row = await db
    .selectFrom("settings")
    .select("key")
    .where("key", "=", marker)
    .executeTakeFirst();
  return row !== undefined;
}

export async function markSeeded(db: Database, marker: string, now: Date) {
  await db
    .insertInto("settings")
    .values({ key: marker, value: JSON.stringify({ at: now.toISOString() }) })
    .execute();
}

export async function seedOperatorAct(db: Database) {
  const operator = await db
    .selectFrom("members")
    .select("id")
    .where("type", "=", OPERATOR_TYPE)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  return { operatorId: operator.id, context: { ip: null, userAgent: "seed" } };
}

/** The first seeded slot, as the seamless wallet names a game: where seeded (and test) rounds are played. */
export async function firstSlotGame(db: Database) {
  const game = await db
    .selectFrom("games")
    .select(["node_id", "vassalage", "category", "game_code", "name"])
    .where("category", "=", "RNG")
    .orderBy("node_id")
    .limit(1)
    .executeTakeFirstOrThrow();
  return {
    nodeId: game.node_id,
    vassalage: game.vassalage,
    category: game.category,
    gameCode: game.game_code,
    gameName: game.name,
  };
}
