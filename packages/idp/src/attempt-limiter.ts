import type { Db } from '@grocery/store';
import type { Clock } from '@grocery/core';

/** A fixed-window counter with an optional lockout, shared by all instances through the database. */
export interface AttemptLimiter {
  /** Counts one event under `key`; true while the count in the current window is within `max`. */
  consume(key: string, rule: { max: number; windowMs: number }): Promise<boolean>;
  /** Counts one failure; once `max` failures fall in one window, locks the key for `lockMs`. */
  fail(key: string, rule: { max: number; windowMs: number; lockMs: number }): Promise<void>;
  isLocked(key: string): Promise<boolean>;
  reset(key: string): Promise<void>;
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
    return rows[0]!.count;
  };
  return {
    async consume(key, rule) {
      return (await count(key, rule.windowMs)) <= rule.max;
    },
    async fail(key, rule) {
      if ((await count(key, rule.windowMs)) >= rule.max) {
        await db.query('UPDATE idp_attempts SET locked_until = $2::bigint, count = 0 WHERE key = $1', [key, clock.now() + rule.lockMs]);
      }
    },
    async isLocked(key) {
      const { rows } = await db.query<{ locked_until: number | null }>('SELECT locked_until FROM idp_attempts WHERE key = $1', [key]);
      const until = rows[0]?.locked_until;
      return until !== null && until !== undefined && until > clock.now();
    },
    async reset(key) {
      await db.query('DELETE FROM idp_attempts WHERE key = $1', [key]);
    },
  };
}
