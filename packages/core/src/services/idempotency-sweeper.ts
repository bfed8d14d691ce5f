import type { Clock } from '../ports/clock.ts';
import type { Store } from '../ports/store.ts';
import { BackgroundWorker } from './event-worker-loop.ts';
import { AGENT_IDEMPOTENCY_RETENTION_MS } from './agent-idempotency.ts';
import { IDEMPOTENCY_RETENTION_MS } from './order-service.ts';

export interface IdempotencySweeperOptions {
  store: Store;
  clock: Clock;
  /** How often the sweep runs, on whichever instance takes the turn. Default 10 min. */
  everyMs?: number;
  /**
   * How long a key is kept after its claim. Default: the longest retention of any key (the agent
   * protocols' 48 h; orders' keys lapse after 24 h when claimed again, whatever the sweep).
   */
  retentionMs?: number;
  /** Keys deleted per statement. Default 1,000. */
  batchSize?: number;
  /** How often this instance asks whether the turn is due. Default 1 min. */
  idleMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * Forgets idempotency keys past their retention, of every partner, so that keys never used again
 * do not pile up (a key's own expiry is also checked when it is claimed again). Every instance runs
 * one; the store hands each turn to one of them (`claimJobTurn`), so the sweep runs once per
 * `everyMs` however many instances there are, outside any request.
 *
 * @example
 * const sweeper = new IdempotencySweeper({ store, clock });
 * sweeper.start(); … await sweeper.stop();
 */
export class IdempotencySweeper extends BackgroundWorker {
  readonly #store: Store;
  readonly #clock: Clock;
  readonly #everyMs: number;
  readonly #retentionMs: number;
  readonly #batchSize: number;
  #stopping = false;

  constructor(options: IdempotencySweeperOptions) {
    super({ name: 'idempotency-sweeper', idleMs: options.idleMs ?? 60_000, onError: options.onError });
    this.#store = options.store;
    this.#clock = options.clock;
    this.#everyMs = options.everyMs ?? 10 * 60_000;
    this.#retentionMs = options.retentionMs ?? Math.max(IDEMPOTENCY_RETENTION_MS, AGENT_IDEMPOTENCY_RETENTION_MS);
    this.#batchSize = options.batchSize ?? 1_000;
  }

  /** One look a minute: the turn, when this instance gets it, sweeps to the end. */
  protected override async round(): Promise<boolean> {
    await this.sweepOnce();
    return false;
  }

  /** Stops after the current batch; keys not reached are swept at the next turn. */
  override async stop(): Promise<void> {
    this.#stopping = true;
    try {
      await super.stop();
    } finally {
      this.#stopping = false;
    }
  }

  /**
   * Sweeps if the turn is due and this caller gets it: the number of keys forgotten, in batches
   * until none is left; null when it was not this caller's turn.
   */
  async sweepOnce(): Promise<number | null> {
    const nowMs = this.#clock.now();
    if (!(await this.#store.claimJobTurn('idempotency-sweep', { nowMs, nextTurnAtMs: nowMs + this.#everyMs })))
      return null;
    const claimedBeforeMs = nowMs - this.#retentionMs;
    let swept = 0;
    for (;;) {
      const deleted = await this.#store.deleteExpiredIdempotencyKeys({ claimedBeforeMs, limit: this.#batchSize });
      swept += deleted;
      if (deleted < this.#batchSize || this.#stopping) return swept;
    }
  }
}
