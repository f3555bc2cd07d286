import type { Database } from "./db/open.server";

interface Entry<V> {
  value: Promise<V>;
  expires: number;
}

export interface TtlCache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>;
  delete(key: string): void;
  clear(): void;
}

function createTtlCache<V>(ttlMs: () => number, maxEntries: number): TtlCache<V> {
  const entries = new Map<string, Entry<V>>();
  return {
    get(key, load) {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value;
      // Bounded: keys come from URLs, so the oldest entry makes room (Map keeps insertion order).
      if (!hit && entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      const value = load();
      entries.set(key, { value, expires: now + ttlMs() });
      // A failed load must not be served from the cache.
      value.catch(() => entries.delete(key));
      return value;
    },
    delete: (key) => void entries.delete(key),
    clear: () => entries.clear(),
  };
}

const cachesByDatabase = new WeakMap<Database, Map<string, TtlCache<unknown>>>();

/**
 * A per-process read cache in front of the database, one per (database, name).
 * Keyed by the database so tests with fresh databases never see each other's data.
 */
export function cacheFor<V>(
  db: Database,
  name: string,
  ttlMs: () => number,
  maxEntries = 1000,
): TtlCache<V> {
  let caches = cachesByDatabase.get(db);
  if (!caches) cachesByDatabase.set(db, (caches = new Map()));
  let cache = caches.get(name);
  if (!cache) caches.set(name, (cache = createTtlCache<unknown>(ttlMs, maxEntries)));
  return cache as TtlCache<V>;
}

/** Empties the named caches of a database, where they exist (creating one here would fix its TTL). */
export function clearCaches(db: Database, names: readonly string[]) {
  const caches = cachesByDatabase.get(db);
  for (const name of names) caches?.get(name)?.clear();
}

/** Empties every read cache of a database. */
export function clearAllCaches(db: Database) {
  for (const cache of cachesByDatabase.get(db)?.values() ?? []) cache.clear();
}
