import type { RateLimitStore } from '@grocery/core/ports';
import { onlyRow, type Db } from './database.ts';
import { SqlSagaStore } from './sql-saga-store.ts';

/** The RateLimitStore port over SQL: fixed-window counters in `rate_limits`. It stacks on the saga store (see sql-store.ts). */
export class SqlRateLimitStore extends SqlSagaStore implements RateLimitStore {
  readonly #db: Db;

  constructor(db: Db) {
    super(db);
    this.#db = db;
  }

  async takeRateUnits(
    bucket: string,
    windowStartMs: number,
    units: number,
    limit: number,
  ): Promise<{ granted: number; used: number }> {
    const windowStart = new Date(windowStartMs).toISOString();
    return this.#db.transaction(async (tx) => {
      await tx.query('INSERT INTO rate_limits (bucket, window_start, used) VALUES ($1, $2, 0) ON CONFLICT DO NOTHING', [
        bucket,
        windowStart,
      ]);
      const { rows } = await tx.query<{ used: number }>(
        'SELECT used FROM rate_limits WHERE bucket = $1 AND window_start = $2 FOR UPDATE',
        [bucket, windowStart],
      );
      const before = onlyRow(rows, 'rate window read').used;
      const granted = Math.max(0, Math.min(units, limit - before));
      if (granted > 0)
        await tx.query('UPDATE rate_limits SET used = used + $3 WHERE bucket = $1 AND window_start = $2', [
          bucket,
          windowStart,
          granted,
        ]);
      return { granted, used: before + granted };
    });
  }

  async deleteExpiredRateWindows(sweep: { startedBeforeMs: number; limit: number }): Promise<number> {
    // SKIP LOCKED: a window that a request is taking units from right now is left for the next sweep.
    const { rowCount } = await this.#db.query(
      `DELETE FROM rate_limits WHERE (bucket, window_start) IN (
         SELECT bucket, window_start FROM rate_limits WHERE window_start < $1
          ORDER BY window_start LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      [new Date(sweep.startedBeforeMs).toISOString(), sweep.limit],
    );
    return rowCount;
  }
}
