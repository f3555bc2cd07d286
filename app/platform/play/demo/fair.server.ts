import type { Transaction } from "kysely";
import { CLIENT_SEED, hashServerSeed, newClientSeed, newServerSeed } from "./fair";
import type { Database } from "../../db/open.server";
import type { DB } from "../../db/schema";
import { inTransaction, type Executor } from "../../db/transaction.server";
import { PlatformError } from "../../errors";

/**
 * A member's provably fair seed pairs (table fair_seeds): exactly one active
 * pair, made on first use. Its server seed stays secret — only its hash is
 * shown — until the member rotates the pair; then the seed is revealed and a
 * new pair starts. Every round takes the active pair's next nonce. Both play
 * modes draw from the same pair.
 */

export interface SeedPair {
  id: string;
  serverSeedHash: string;
  clientSeed: string;
  /** The nonce the next round will use. */
  nextNonce: number;
  createdAt: Date;
  revealedAt: Date | null;
  /** Only once revealed. */
  serverSeed: string | null;
}

type SeedRow = {
  id: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: number;
  created_at: Date | string;
  revealed_at: Date | string | null;
};

const toPair = (row: SeedRow): SeedPair => ({
  id: row.id,
  serverSeedHash: row.server_seed_hash,
  clientSeed: row.client_seed,
  nextNonce: row.next_nonce,
  createdAt: new Date(row.created_at),
  revealedAt: row.revealed_at === null ? null : new Date(row.revealed_at),
  serverSeed: row.revealed_at === null ? null : row.server_seed,
});

const COLUMNS = [
  "id",
  "server_seed",
  "server_seed_hash",
  "client_seed",
  "next_nonce",
  "created_at",
  "revealed_at",
] as const;

/** Starts a pair unless the member has an active one (a concurrent start wins, ours is dropped). */
async function startPair(db: Executor, memberId: string, clientSeed = newClientSeed()) {
  const serverSeed = newServerSeed();
  await db
    .insertInto("fair_seeds")
    .values({
      member_id: memberId,
      server_seed: serverSeed,
      server_seed_hash: hashServerSeed(serverSeed),
      client_seed: clientSeed,
      created_at: new Date(),
    })
    .onConflict((oc) => oc.column("member_id").where("revealed_at", "is", null).doNothing())
    .execute();
}

function activeRow(db: Executor, memberId: string) {
  return db
    .selectFrom("fair_seeds")
    .select(COLUMNS)
    .where("member_id", "=", memberId)
    .where("revealed_at", "is", null);
}

/** The member's active pair (server seed hidden), started on first use. */
export async function activeSeedPair(db: Database, memberId: string): Promise<SeedPair> {
  let row = await activeRow(db, memberId).executeTakeFirst();
  if (!row) {
    await startPair(db, memberId);
    row = await activeRow(db, memberId).executeTakeFirstOrThrow();
  }
  return toPair(row);
}

export interface LockedSeed {
  id: string;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/**
 * Locks the member's active pair for the caller's transaction, so one
 * member's rounds (and rotations) run one after the other. `take` reserves
 * the nonce the round uses.
 */
export async function lockActiveSeed(trx: Transaction<DB>, memberId: string) {
  let row = await activeRow(trx, memberId).forUpdate().executeTakeFirst();
  if (!row) {
    await startPair(trx, memberId);
    row = await activeRow(trx, memberId).forUpdate().executeTakeFirstOrThrow();
  }
  const locked = row;
  return {
    async take(): Promise<LockedSeed> {
      await trx
        .updateTable("fair_seeds")
        .set({ next_nonce: locked.next_nonce + 1 })
        .where("id", "=", locked.id)
        .execute();
      return {
        id: locked.id,
        serverSeed: locked.server_seed,
        clientSeed: locked.client_seed,
        nonce: locked.next_nonce,
      };
    },
  };
}

/**
 * Reveals the active pair's server seed and starts a new pair, with the
 * client seed the member chose (a random one when empty).
 */
export async function rotateSeedPair(
  db: Database,
  memberId: string,
  clientSeed?: string,
): Promise<{ revealed: SeedPair; active: SeedPair }> {
  if (clientSeed !== undefined && !CLIENT_SEED.test(clientSeed))
    throw new PlatformError("invalid_client_seed");
  return inTransaction(db, async (trx) => {
    let current = await activeRow(trx, memberId).forUpdate().executeTakeFirst();
    if (!current) {
      await startPair(trx, memberId);
      current = await activeRow(trx, memberId).forUpdate().executeTakeFirstOrThrow();
    }
    const revealed = await trx
      .updateTable("fair_seeds")
      .set({ revealed_at: new Date() })
      .where("id", "=", current.id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    await startPair(trx, memberId, clientSeed);
    const active = await activeRow(trx, memberId).executeTakeFirstOrThrow();
    return { revealed: toPair(revealed), active: toPair(active) };
  });
}

/** The member's revealed pairs, newest first. */
export async function revealedSeedPairs(
  db: Database,
  memberId: string,
  limit = 5,
): Promise<SeedPair[]> {
  const rows = await db
    .selectFrom("fair_seeds")
    .select(COLUMNS)
    .where("member_id", "=", memberId)
    .where("revealed_at", "is not", null)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toPair);
}

/** One of the member's pairs by id (null when it is not theirs). */
export async function seedPairOf(
  db: Database,
  memberId: string,
  seedId: string,
): Promise<SeedPair | null> {
  const row = await db
    .selectFrom("fair_seeds")
    .select(COLUMNS)
    .where("member_id", "=", memberId)
    .where("id", "=", seedId)
    .executeTakeFirst();
  return row ? toPair(row) : null;
}
