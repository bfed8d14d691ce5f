import { onlyRow, type Db } from '@grocery/store';
import type { Clock } from '@grocery/core/ports';

/** Failures allowed without delay, then delays that double per failure (Cognito's way). */
export interface BackoffRule {
  /** Failures in a row before the first delay. */
  free: number;
  /** A quiet time after which the failures are forgotten. */
  forgetAfterMs: number;
  /** The first delay; each further failure doubles it. */
  firstDelayMs: number;
  maxDelayMs: number;
}

/** Fixed-window counters and failure backoff, shared by all instances through the database. */
export interface AttemptLimiter {
  /** Counts one event under `key`; true while the count in the current window is within `max`. */
  consume(key: string, rule: { max: number; windowMs: number }): Promise<boolean>;
  /** Counts one failure under `key` and returns the delay it now imposes (0 within the free failures). */
  fail(key: string, rule: BackoffRule): Promise<number>;
  /** Milliseconds until `key` may try again; 0 when it may now. */
  waitMs(key: string): Promise<number>;
  /** Forgets every key that starts with `prefix`. */
  reset(prefix: string): Promise<void>;
}

/** The delay after `failures` failures in a row under `rule`. */
function backoffDelayMs(failures: number, rule: BackoffRule): number {
  if (failures <= rule.free) return 0;
  return Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** Math.min(30, failures - rule.free - 1));
}

export function createAttemptLimiter(db: Db, clock: Clock): AttemptLimiter {
  // One statement, so that concurrent requests on several instances count every event.
  const count = async (key: string, windowMs: number): Promise<number> => {
    const { rows } = await db.query<{ count: number }>(
      `INSERT INTO idp_attempts (key, count, window_start) VALUES ($1, 1, $2::bigint)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN idp_attempts.window_start + $3::bigint <= $2::bigint THEN 1 ELSE idp_attempts.count + 1 END,
         window_start = CASE WHEN idp_attempts.window_start + $3::bigint <= $2::bigint THEN $2::bigint ELSE idp_attempts.window_start END
       RETURNING count`,
      [key, clock.now(), windowMs],
    );
    return onlyRow(rows, 'attempt count').count;
  };
  return {
    async consume(key, rule) {
      return (await count(key, rule.windowMs)) <= rule.max;
    },
    async fail(key, rule) {
      const now = clock.now();
      // Here window_start is the last failure: failures in a row, forgotten after a quiet spell.
      const { rows } = await db.query<{ count: number }>(
        `INSERT INTO idp_attempts (key, count, window_start) VALUES ($1, 1, $2::bigint)
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN idp_attempts.window_start + $3::bigint <= $2::bigint THEN 1 ELSE idp_attempts.count + 1 END,
           window_start = $2::bigint
         RETURNING count`,
        [key, now, rule.forgetAfterMs],
      );
      const delay = backoffDelayMs(onlyRow(rows, 'attempt count').count, rule);
      if (delay > 0)
        await db.query('UPDATE idp_attempts SET locked_until = $2::bigint WHERE key = $1', [key, now + delay]);
      return delay;
    },
    async waitMs(key) {
      const { rows } = await db.query<{ locked_until: number | null }>(
        'SELECT locked_until FROM idp_attempts WHERE key = $1',
        [key],
      );
      return Math.max(0, (rows[0]?.locked_until ?? 0) - clock.now());
    },
    async reset(prefix) {
      await db.query('DELETE FROM idp_attempts WHERE starts_with(key, $1)', [prefix]);
    },
  };
}
