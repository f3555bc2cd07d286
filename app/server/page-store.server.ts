// Shared by design: the page cache's memory (server/page-cache.server.ts) and its tests.

/** A rendered visitor page, cut where its CSP nonce was, so each response gets its own. */
export interface StoredPage {
  /** Bytes, not strings: a hit then costs a copy, not an encoding of the whole page. */
  parts: Buffer[];
}

interface Entry {
  page: StoredPage;
  storedAt: number;
  /** When one request was sent to re-render a stale page; the others keep getting the stale one. */
  revalidatingSince: number | null;
}

export interface PageStoreOptions {
  /** Served as is for this long. */
  freshMs: number;
  /** Then served while one request re-renders it, for this much longer. */
  staleMs: number;
  maxEntries: number;
  now?: () => number;
}

/**
 * Rendered visitor pages in memory, with stale-while-revalidate: a stale page
 * sends exactly one request on to render while the others are answered from
 * memory, so an expiry under load costs one render, not one per request.
 */
export class PageStore {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by `clear`: a render that started before a content change must not be stored after it. */
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly options: PageStoreOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The page to serve, or null: render it (and `store` it with the generation `begin` gave). */
  lookup(key: string): StoredPage | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    const age = this.now() - entry.storedAt;
    if (age < this.options.freshMs) return entry.page;
    if (age >= this.options.freshMs + this.options.staleMs) {
      this.entries.delete(key);
      return null;
    }
    const stuck =
      entry.revalidatingSince !== null &&
      this.now() - entry.revalidatingSince > this.options.freshMs;
    if (entry.revalidatingSince === null || stuck) {
      entry.revalidatingSince = this.now();
      return null;
    }
    return entry.page;
  }

  /** The generation a render starts in; pass it back to `store`. */
  begin(): number {
    return this.generation;
  }

  store(key: string, page: StoredPage, generation: number) {
    if (generation !== this.generation) return;
    this.entries.delete(key);
    // Keys come from URLs and cookies: bounded, the oldest makes room (a Map keeps insertion order).
    if (this.entries.size >= this.options.maxEntries)
      this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { page, storedAt: this.now(), revalidatingSince: null });
  }

  clear() {
    this.generation += 1;
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }
}
