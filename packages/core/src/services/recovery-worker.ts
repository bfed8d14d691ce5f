import type { Clock } from '../ports/clock.ts';
import type { Store } from '../ports/store.ts';
import { BackgroundWorker } from './event-worker-loop.ts';
import type { OrderService } from './order-service.ts';
import type { PaymentService } from './payment-service.ts';

export interface RecoveryWorkerOptions {
  store: Store;
  orders: OrderService;
  payments: PaymentService;
  clock: Clock;
  /** Intents and attempts leased per round. Default 20. */
  batchSize?: number;
  /** How long a lease keeps other workers off; longer than settling one item takes (grocer timeouts included). Default 60 s. */
  leaseMs?: number;
  /** Pause between rounds when nothing is due. Default 1 s. */
  idleMs?: number;
  onError?: (error: unknown) => void;
}

/** What one round settled. */
export interface RecoveryRound {
  intents: number;
  attempts: number;
  refunds: number;
}

/**
 * Finishes what requests left unfinished: order intents whose grocer answer was lost (adopted or
 * cancelled), payment attempts that were not settled (recorded at the grocer, refunded, or given
 * up after asking the provider), and refunds the provider has not confirmed (asked again until it
 * does). Work becomes due when its request's window has passed, so a
 * request that is still running keeps it. Every instance runs one: rows are leased with
 * `FOR UPDATE SKIP LOCKED`, and every step is guarded by state, so racing workers settle each item
 * once.
 *
 * @example
 * const recovery = new RecoveryWorker({ store, orders: commerce.orders, payments: commerce.payments, clock });
 * recovery.start(); … await recovery.stop();
 */
export class RecoveryWorker extends BackgroundWorker {
  readonly #store: Store;
  readonly #orders: OrderService;
  readonly #payments: PaymentService;
  readonly #clock: Clock;
  readonly #batchSize: number;
  readonly #leaseMs: number;

  constructor(options: RecoveryWorkerOptions) {
    super({ name: 'recovery-worker', idleMs: options.idleMs ?? 1_000, onError: options.onError });
    this.#store = options.store;
    this.#orders = options.orders;
    this.#payments = options.payments;
    this.#clock = options.clock;
    this.#batchSize = options.batchSize ?? 20;
    this.#leaseMs = options.leaseMs ?? 60_000;
  }

  /** One round; more is due at once when any kind filled its batch. Leased items a stop leaves come back when their lease ends. */
  protected override async round(): Promise<boolean> {
    const round = await this.recoverOnce();
    return round.intents === this.#batchSize || round.attempts === this.#batchSize || round.refunds === this.#batchSize;
  }

  /**
   * Leases what is due and settles it, intents first (a payment needs its order), refunds last (a
   * settled attempt may have made one). An item that fails is reported and comes back when its
   * lease ends.
   */
  async recoverOnce(): Promise<RecoveryRound> {
    const nowMs = this.#clock.now();
    const lease = { nowMs, untilMs: nowMs + this.#leaseMs, limit: this.#batchSize };
    const intents = await this.#store.claimDueOrderIntents(lease);
    for (const intent of intents) await this.#orders.resume(intent).catch(this.onError);
    const attempts = await this.#store.claimDuePaymentAttempts(lease);
    for (const attempt of attempts) await this.#payments.resume(attempt).catch(this.onError);
    const refunds = await this.#store.claimDueRefunds(lease);
    for (const refund of refunds) await this.#payments.resumeRefund(refund).catch(this.onError);
    return { intents: intents.length, attempts: attempts.length, refunds: refunds.length };
  }
}
