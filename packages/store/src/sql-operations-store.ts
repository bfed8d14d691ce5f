import type { BackgroundJob, OperationsStore } from '@grocery/core/ports';
import type { Db } from './database.ts';
import { SqlRateLimitStore } from './sql-rate-limit-store.ts';

/** The OperationsStore port over SQL: figures for /metrics and turns of background jobs. It stacks on the rate-limit store (see sql-store.ts). */
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

  async claimJobTurn(job: BackgroundJob, turn: { nowMs: number; nextTurnAtMs: number }): Promise<boolean> {
    // The upsert locks the job's row, and a racing caller re-reads it before its WHERE: once one
    // caller has moved the turn on, the others find it not yet due. The first turn inserts the row.
    const { rowCount } = await this.#db.query(
      `INSERT INTO job_turns (job, next_turn_at) VALUES ($1, $3)
       ON CONFLICT (job) DO UPDATE SET next_turn_at = EXCLUDED.next_turn_at WHERE job_turns.next_turn_at <= $2`,
      [job, new Date(turn.nowMs).toISOString(), new Date(turn.nextTurnAtMs).toISOString()],
    );
    return rowCount > 0;
  }
}
