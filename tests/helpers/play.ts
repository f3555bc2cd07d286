import type { Database } from "~/platform/db/open.server";
import { PlatformError } from "~/platform/errors";
import type { SessionGame } from "~/platform/play/providers/ports";
import { MAIN, postEntry, HOUSE } from "~/platform/wallet/ledger.server";
import { formKey } from "./wallet";

/** The first enabled game of `category` in the seeded catalog, as a session names it. */
export async function seededGame(db: Database, category: string): Promise<SessionGame> {
  const row = await db
    .selectFrom("games")
    .select(["node_id", "vassalage", "category", "game_code", "name"])
    .where("category", "=", category)
    .where("enabled", "=", true)
    .orderBy("node_id")
    .executeTakeFirstOrThrow();
  return {
    nodeId: row.node_id,
    vassalage: row.vassalage,
    category: row.category,
    gameCode: row.game_code,
    gameName: row.name,
  };
}

/** A game row for tests that need one without the seeded catalog. */
export async function insertGame(
  db: Database,
  values: { nodeId: number; vassalage?: string; category?: string; name?: string },
): Promise<SessionGame> {
  const game: SessionGame = {
    nodeId: values.nodeId,
    vassalage: values.vassalage ?? "PG",
    category: values.category ?? "RNG",
    gameCode: `G${values.nodeId}`,
    gameName: values.name ?? `Game ${values.nodeId}`,
  };
  await db
    .insertInto("games")
    .values({
      node_id: game.nodeId,
      vassalage: game.vassalage,
      category: game.category,
      game_code: game.gameCode,
      game_type: game.category,
      name: game.gameName,
      names: "{}",
      sort: 0,
    })
    .onConflict((oc) => oc.column("node_id").doNothing())
    .execute();
  return game;
}

/** Puts money on a member's MAIN account through the ledger (as a deposit would). */
export async function fundMain(db: Database, memberId: string, amount: bigint) {
  await postEntry(db, {
    key: `test-fund:${formKey()}`,
    kind: "deposit",
    memberId,
    movements: [{ from: { house: HOUSE.payments }, to: { memberId, kind: MAIN }, amount }],
  });
}

/** The PlatformError code a promise rejects with (or "ok"). */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "ok";
  } catch (error) {
    if (error instanceof PlatformError) return error.code;
    throw error;
  }
}
