// Bench players: a member with a billion minor units on MAIN (through the
// ledger) and a real-money session on the first demo slot.
import type { Database } from "~/platform/db/open.server";
import { createGameSession } from "~/platform/play/game-sessions.server";
import type { SessionGame } from "~/platform/play/providers/ports";
import { HOUSE, MAIN, postEntry } from "~/platform/wallet/ledger.server";

export async function firstSlot(db: Database): Promise<SessionGame> {
  const row = await db
    .selectFrom("games")
    .select(["node_id", "vassalage", "category", "game_code", "name"])
    .where("category", "=", "RNG")
    .orderBy("node_id")
    .limit(1)
    .executeTakeFirstOrThrow();
  return {
    nodeId: row.node_id,
    vassalage: row.vassalage,
    category: row.category,
    gameCode: row.game_code,
    gameName: row.name,
  };
}

export async function benchPlayer(
  db: Database,
  account: string,
  game: SessionGame,
  parentId: string | null = null,
) {
  const member = await db
    .insertInto("members")
    .values({
      account,
      type: 0,
      parent_id: parentId,
      password_hash: "!bench",
      profile: "{}",
      created_at: new Date(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await postEntry(db, {
    key: `bench-fund-${member.id}`,
    kind: "deposit",
    memberId: member.id,
    movements: [
      {
        from: { house: HOUSE.payments },
        to: { memberId: member.id, kind: MAIN },
        amount: 1_000_000_000n,
      },
    ],
  });
  const { token } = await createGameSession(db, {
    memberId: member.id,
    game,
    provider: "demo",
    mode: "real",
    language: "en",
  });
  return { memberId: member.id, token };
}
