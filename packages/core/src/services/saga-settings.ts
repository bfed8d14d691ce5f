import { CommerceError } from '../errors.ts';

/** Timings of the order and payment sagas (docs "Failures and recovery"). */
export interface SagaSettings {
  /**
   * How long the request that starts an order or a payment owns it: longer than such a request can
   * run, grocer timeouts and retries included. Afterwards a retry or the recovery worker may look at
   * it. Default 60 s.
   */
  requestWindowMs: number;
  /** Waits between the recovery worker's looks at unfinished work, by looks so far (the last repeats). */
  recoveryDelaysMs: readonly [number, ...number[]];
  /** How long a retry with the same idempotency key, or a second payment of an order, waits for the first to finish. */
  waitForRunningMs: number;
}

export const DEFAULT_SAGA_SETTINGS: SagaSettings = {
  requestWindowMs: 60_000,
  recoveryDelaysMs: [5_000, 30_000, 120_000, 600_000, 1_800_000],
  waitForRunningMs: 10_000,
};

/** When unfinished work is looked at again after `checks` looks. */
export function recoveryDelayMs(settings: SagaSettings, checks: number): number {
  const delays = settings.recoveryDelaysMs;
  return delays[Math.min(Math.max(0, checks), delays.length - 1)]!;
}

/** True for the failure that leaves a write's outcome unknown: the grocer (or provider) did not answer. */
export function isUnanswered(error: unknown): boolean {
  return (
    error instanceof CommerceError &&
    (error.code === 'GROCER_UNAVAILABLE' || error.code === 'PAYMENT_PROVIDER_UNAVAILABLE')
  );
}

/** Text of an error for a saga record (bounded: the column takes 1,024 characters). */
export function errorText(error: unknown): string {
  const text =
    error instanceof CommerceError
      ? `${error.code}: ${error.message}`
      : error instanceof Error
        ? error.message
        : String(error);
  return text.slice(0, 1000);
}
