/**
 * Fresh renders of visitor pages, per client address and minute: a page the
 * cache cannot answer costs a full render (loaders and React), so one address
 * asking for ever-new variants (`?page=` values, cookies) gets a 429 once it
 * used its budget, while every address keeps getting what the cache holds.
 * Counted in this process's memory (a render costs this process, and a check
 * must not cost a query); several processes each keep their own.
 */
const WINDOW_MS = 60_000;
/** Addresses tracked at once; past it, ended windows and then the oldest ones make room. */
const MAX_ADDRESSES = 10_000;

export class RenderBudget {
  private readonly windows = new Map<string, { startedAt: number; used: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one fresh render for this address; false when its minute's budget is spent. */
  take(address: string | null): boolean {
    if (this.perMinute <= 0) return true;
    // Unknown addresses (no peer, an untrusted proxy chain) share one budget.
    const key = address ?? "unknown";
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= WINDOW_MS) {
      if (this.windows.size >= MAX_ADDRESSES) this.prune(now);
      window = { startedAt: now, used: 0 };
      // Deleted first, so the Map's order stays the order the windows started in.
      this.windows.delete(key);
      this.windows.set(key, window);
    }
    if (window.used >= this.perMinute) return false;
    window.used += 1;
    return true;
  }

  private prune(now: number) {
    for (const [key, window] of this.windows)
      if (now - window.startedAt >= WINDOW_MS) this.windows.delete(key);
    // Still full: a flood of new addresses; the oldest windows go first (a Map keeps insertion order).
    for (const key of this.windows.keys()) {
      if (this.windows.size < MAX_ADDRESSES) break;
      this.windows.delete(key);
    }
  }
}
