import type { RateLimitStore } from '../ports/store.ts';
import type { InMemoryStoreOptions } from './in-memory-event-store.ts';
import { InMemorySagaStore } from './in-memory-saga-store.ts';
import { tablesOf, type InMemoryTables } from './in-memory-tables.ts';

const HOUR_MS = 60 * 60 * 1000;

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
    // Windows are minutes long; an hour of history is what the SQL store keeps at most.
    const oldest = this.#t.clock.now() - HOUR_MS;
    for (const [k, w] of windows) if (w.windowStartMs < oldest && k !== key) windows.delete(k);
    return { granted, used: row.used };
  }
}
