import type { Clock } from '../ports/clock.ts';
import type { RateLimitStore } from '../ports/store.ts';

/** One limit: `limit` units per `windowMs`, named in the RateLimit headers. */
export interface RatePolicy {
  name: string;
  limit: number;
  windowMs: number;
}

export interface RateDecision {
  allowed: boolean;
  policy: RatePolicy;
  /** Units left in this window (across instances, as far as this one knows). */
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

interface WindowState {
  windowStart: number;
  /** Units this instance holds for the window (granted by the store). */
  leased: number;
  /** Units this instance has spent of them. */
  spent: number;
  /** The window's total use across instances at the last lease. */
  globalUsed: number;
  /** A lease request in flight, so concurrent takes share it. */
  leasing: Promise<void> | null;
}

export interface RateLimiterOptions {
  store: RateLimitStore;
  clock: Clock;
  /** Units leased from the store at a time, as a share of the limit: fewer store round trips, slight imprecision across instances. Default 1/20. */
  leaseShare?: number;
}

/**
 * Fixed-window limits shared by every instance: each instance leases units from the store in
 * small blocks and spends them locally, so only one request in about twenty touches the database,
 * and all instances together never spend more than the limit.
 */
export class RateLimiter {
  readonly #store: RateLimitStore;
  readonly #clock: Clock;
  readonly #leaseShare: number;
  readonly #windows = new Map<string, WindowState>();

  constructor(options: RateLimiterOptions) {
    this.#store = options.store;
    this.#clock = options.clock;
    this.#leaseShare = options.leaseShare ?? 1 / 20;
  }

  async take(bucket: string, policy: RatePolicy, units = 1): Promise<RateDecision> {
    const now = this.#clock.now();
    const windowStart = now - (now % policy.windowMs);
    const key = `${policy.name}\u0000${bucket}`;
    let state = this.#windows.get(key);
    if (!state || state.windowStart !== windowStart) {
      state = { windowStart, leased: 0, spent: 0, globalUsed: 0, leasing: null };
      this.#windows.set(key, state);
      this.#prune(now);
    }
    while (state.spent + units > state.leased) {
      if (state.leasing) {
        await state.leasing;
        continue;
      }
      const before = state.leased;
      const want = Math.max(
        units - (state.leased - state.spent),
        Math.max(1, Math.floor(policy.limit * this.#leaseShare)),
      );
      state.leasing = this.#store.takeRateUnits(`${policy.name}:${bucket}`, windowStart, want, policy.limit).then(
        ({ granted, used }) => {
          state!.leased += granted;
          state!.globalUsed = used;
        },
        // The store is down: serve rather than refuse everyone; the database outage is reported elsewhere.
        () => {
          state!.leased += want;
        },
      );
      await state.leasing;
      state.leasing = null;
      if (state.leased === before) break;
    }
    const allowed = state.spent + units <= state.leased;
    if (allowed) state.spent += units;
    const unspentHere = state.leased - state.spent;
    return {
      allowed,
      policy,
      remaining: Math.max(0, policy.limit - state.globalUsed + unspentHere),
      resetSeconds: Math.max(1, Math.ceil((windowStart + policy.windowMs - now) / 1000)),
    };
  }

  #prune(now: number): void {
    if (this.#windows.size < 10_000) return;
    for (const [key, state] of this.#windows) if (now - state.windowStart > 2 * 60_000) this.#windows.delete(key);
  }
}

/** The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers) for a decision. */
export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  const { policy } = decision;
  const headers: Record<string, string> = {
    'ratelimit-policy': `"${policy.name}";q=${policy.limit};w=${Math.round(policy.windowMs / 1000)}`,
    ratelimit: `"${policy.name}";r=${decision.remaining};t=${decision.resetSeconds}`,
  };
  if (!decision.allowed) headers['retry-after'] = String(decision.resetSeconds);
  return headers;
}
