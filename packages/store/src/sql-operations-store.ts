import type { OperationsStore } from '@grocery/core';
import type { Db } from './database.ts';
import { SqlRateLimitStore } from './sql-rate-limit-store.ts';

/** The OperationsStore port over SQL: figures for /metrics across instances. It stacks on the rate-limit store (see sql-store.ts). */
export class SqlOperationsStore extends SqlRateLimitStore implements OperationsStore {
  readonly #db: Db;

  constructor(db: Db) {
    super(db);
    this.#db = db;
  }

  async deliveryCounts(): Promise<Record<'pending' | 'delivered' | 'failed' | 'cancelled', number>> {
    const { rows } = await this.#db.query<{ status: 'pending' | 'delivered' | 'failed' | 'cancelled'; n: number }>(
      'SELECT status, count(*)::int AS n FROM webhook_deliveries GROUP BY status',
    );
    const counts = { pending: 0, delivered: 0, failed: 0, cancelled: 0 };
    for (const row of rows) counts[row.status] = row.n;
    return counts;
  }
}
