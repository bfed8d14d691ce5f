import type { RateLimitStore } from '../ports/store.ts';
import type { InMemoryStoreOptions } from './in-memory-event-store.ts';
import { InMemorySagaStore } from './in-memory-saga-store.ts';
import { tablesOf, type InMemoryTables } from './in-memory-tables.ts';

/** The RateLimitStore port in memory: fixed-window counters. It stacks on the saga store (see in-memory-store.ts). */
export class InMemoryRateLimitStore extends InMemorySagaStore implements RateLimitStore {
  readonly #t: InMemoryTables;

  constructor(options: InMemoryStoreOptions = {}) {
    super(options);
    this.#t = tablesOf(this);
  }

  async takeRateUnits(
    bucket: string,
    windowStartMs: number,
    units: number,
    limit: number,
  ): Promise<{ granted: number; used: number }> {
    const windows = this.#t.rateLimits;
    const key = `${bucket}\u0000${windowStartMs}`;
    const row = windows.get(key) ?? { windowStartMs, used: 0 };
    const granted = Math.max(0, Math.min(units, limit - row.used));
    row.used += granted;
    windows.set(key, row);
    return { granted, used: row.used };
  }

  async deleteExpiredRateWindows(sweep: { startedBeforeMs: number; limit: number }): Promise<number> {
    const expired = [...this.#t.rateLimits]
      .filter(([, row]) => row.windowStartMs < sweep.startedBeforeMs)
      .sort(([, a], [, b]) => a.windowStartMs - b.windowStartMs)
      .slice(0, Math.max(0, sweep.limit));
    for (const [key] of expired) this.#t.rateLimits.delete(key);
    return expired.length;
  }
}
