import type { Clock } from '../ports/clock.ts';
import type { Store } from '../ports/store.ts';
import { BackgroundWorker } from './event-worker-loop.ts';
import { AGENT_IDEMPOTENCY_RETENTION_MS } from './agent-idempotency.ts';
import { IDEMPOTENCY_RETENTION_MS } from './order-service.ts';

export interface ExpirySweeperOptions {
  store: Store;
  clock: Clock;
  /** How often the sweep runs, on whichever instance takes the turn. Default 10 min. */
  everyMs?: number;
  /** How long an idempotency key is kept after its claim. Default: the order service's retention (24 h). */
  idempotencyKeyRetentionMs?: number;
  /** How long a rate-limit window is kept after it starts; longer than any policy's window. Default 1 h. */
  rateWindowRetentionMs?: number;
  /** Rows deleted per statement. Default 1,000. */
  batchSize?: number;
  /** How often this instance asks whether the turn is due. Default 1 min. */
  idleMs?: number;
  onError?: (error: unknown) => void;
}

/** What one turn of the sweep deleted. */
export interface ExpirySweep {
  idempotencyKeys: number;
  rateWindows: number;
}

/** Windows are minutes long; an hour of history is plenty. */
const RATE_WINDOW_RETENTION_MS = 60 * 60_000;

/**
 * Deletes what has expired, of every partner, so that it does not pile up: idempotency keys past
 * their retention (a key's own expiry is also checked when it is claimed again) and rate-limit
 * windows long over. Every instance runs one; the store hands each turn to one of them
 * (`claimJobTurn`), so the sweep runs once per `everyMs` however many instances there are, outside
 * any request.
 *
 * @example
 * const sweeper = new ExpirySweeper({ store, clock });
 * sweeper.start(); … await sweeper.stop();
 */
export class ExpirySweeper extends BackgroundWorker {
  readonly #store: Store;
  readonly #clock: Clock;
  readonly #everyMs: number;
  readonly #idempotencyKeyRetentionMs: number;
  readonly #rateWindowRetentionMs: number;
  readonly #batchSize: number;
  #stopping = false;

  constructor(options: ExpirySweeperOptions) {
    super({ name: 'expiry-sweeper', idleMs: options.idleMs ?? 60_000, onError: options.onError });
    this.#store = options.store;
    this.#clock = options.clock;
    this.#everyMs = options.everyMs ?? 10 * 60_000;
    // The longest retention of any key: the agent protocols' 48 h (orders' keys lapse after 24 h when claimed again).
    this.#idempotencyKeyRetentionMs =
      options.idempotencyKeyRetentionMs ?? Math.max(IDEMPOTENCY_RETENTION_MS, AGENT_IDEMPOTENCY_RETENTION_MS);
    this.#rateWindowRetentionMs = options.rateWindowRetentionMs ?? RATE_WINDOW_RETENTION_MS;
    this.#batchSize = options.batchSize ?? 1_000;
  }

  /** One look a minute: the turn, when this instance gets it, sweeps to the end. */
  protected override async round(): Promise<boolean> {
    await this.sweepOnce();
    return false;
  }

  /** Stops after the current batch; rows not reached are swept at the next turn. */
  override async stop(): Promise<void> {
    this.#stopping = true;
    try {
      await super.stop();
    } finally {
      this.#stopping = false;
    }
  }

  /**
   * Sweeps if the turn is due and this caller gets it: how many idempotency keys and rate-limit
   * windows were deleted, in batches until none is left; null when it was not this caller's turn.
   */
  async sweepOnce(): Promise<ExpirySweep | null> {
    const nowMs = this.#clock.now();
    // The turn keeps the job's first name: running deployments hold their next turn under it.
    if (!(await this.#store.claimJobTurn('idempotency-sweep', { nowMs, nextTurnAtMs: nowMs + this.#everyMs })))
      return null;
    const claimedBeforeMs = nowMs - this.#idempotencyKeyRetentionMs;
    const idempotencyKeys = await this.#inBatches((limit) =>
      this.#store.deleteExpiredIdempotencyKeys({ claimedBeforeMs, limit }),
    );
    const startedBeforeMs = nowMs - this.#rateWindowRetentionMs;
    const rateWindows = this.#stopping
      ? 0
      : await this.#inBatches((limit) => this.#store.deleteExpiredRateWindows({ startedBeforeMs, limit }));
    return { idempotencyKeys, rateWindows };
  }

  /** Deletes batch after batch until one comes back short or the sweeper is stopping: the total deleted. */
  async #inBatches(deleteBatch: (limit: number) => Promise<number>): Promise<number> {
    let swept = 0;
    for (;;) {
      const deleted = await deleteBatch(this.#batchSize);
      swept += deleted;
      if (deleted < this.#batchSize || this.#stopping) return swept;
    }
  }
}
