import type { BackgroundJob, OperationsStore } from '../ports/store.ts';
import type { InMemoryStoreOptions } from './in-memory-event-store.ts';
import { InMemoryRateLimitStore } from './in-memory-rate-limit-store.ts';
import { tablesOf, type InMemoryTables } from './in-memory-tables.ts';

/** The OperationsStore port in memory: the figures for /metrics and turns of background jobs. It stacks on the rate-limit store (see in-memory-store.ts). */
export class InMemoryOperationsStore extends InMemoryRateLimitStore implements OperationsStore {
  readonly #t: InMemoryTables;

  constructor(options: InMemoryStoreOptions = {}) {
    super(options);
    this.#t = tablesOf(this);
  }

  async deliveryCounts(): Promise<Record<'pending' | 'delivered' | 'failed' | 'cancelled', number>> {
    const counts = { pending: 0, delivered: 0, failed: 0, cancelled: 0 };
    for (const delivery of this.#t.deliveries.values()) counts[delivery.status] += 1;
    return counts;
  }

  async claimJobTurn(job: BackgroundJob, turn: { nowMs: number; nextTurnAtMs: number }): Promise<boolean> {
    if ((this.#t.jobTurns.get(job) ?? -Infinity) > turn.nowMs) return false;
    this.#t.jobTurns.set(job, turn.nextTurnAtMs);
    return true;
  }
}
