import { setTimeout as sleep } from 'node:timers/promises';
import { CommerceError } from '../errors.ts';
import type { OrderRecord } from '../model/checkout.ts';
import { FINAL_ORDER_STATUSES, type GrocerOrder } from '../model/order.ts';
import { systemClock, type Clock } from '../ports/clock.ts';
import type { ClaimedOrderPoll } from '../ports/event-store.ts';
import type { GrocerGateway } from '../ports/grocer-gateway.ts';
import type { Store } from '../ports/store.ts';
import { BackgroundWorker, defaultInstanceId } from './event-worker-loop.ts';
import type { OrderService } from './order-service.ts';

/** When to ask the grocer about an open order again, by how many polls in a row saw no move. */
export interface PollSchedule {
  /** Paid orders are being picked: 15 s, 30 s, 1 min, 2 min, then every 5 min. */
  paidDelaysMs: readonly [number, ...number[]];
  /** Unpaid orders only move if the grocer cancels them: 1 min, 5 min, 15 min, then every 30 min. */
  unpaidDelaysMs: readonly [number, ...number[]];
  /** After a failed grocer call, the batch is asked again after this. */
  grocerFailureDelayMs: number;
  /** Unpaid orders older than this stop being polled; a later payment or move resumes polling. */
  unpaidGiveUpAfterMs: number;
}

export const DEFAULT_POLL_SCHEDULE: PollSchedule = {
  paidDelaysMs: [15_000, 30_000, 60_000, 120_000, 300_000],
  unpaidDelaysMs: [60_000, 300_000, 900_000, 1_800_000],
  grocerFailureDelayMs: 30_000,
  unpaidGiveUpAfterMs: 7 * 24 * 3_600_000,
};

/** The delay before the next poll after `misses` polls in a row without a move. */
export function pollDelayMs(schedule: PollSchedule, paid: boolean, misses: number): number {
  const delays = paid ? schedule.paidDelaysMs : schedule.unpaidDelaysMs;
  return delays[Math.min(misses, delays.length - 1)]!;
}

export interface OrderPollerOptions {
  store: Store;
  grocer: GrocerGateway;
  /** Records moves: one `order.status` event per real move, with ids derived from the move. */
  orders: OrderService;
  clock?: Clock;
  instanceId?: string;
  /** Orders per grocer call (the grocer takes at most 500). */
  batchSize?: number;
  /** Upper bound on this instance's polling calls to `grocer.orders` per second (notifications come at the grocer's pace). */
  maxGrocerCallsPerSecond?: number;
  leaseMs?: number;
  idleMs?: number;
  schedule?: PollSchedule;
  onError?: (error: unknown) => void;
}

/** What a derivation saw of one order. */
export interface DerivedOrder {
  order: OrderRecord;
  /** The grocer's view now; undefined when the grocer does not know the order. */
  grocerOrder: GrocerOrder | undefined;
  /** Whether a move was recorded (this path was the first to see it). */
  moved: boolean;
}

export interface PollRound {
  claimed: number;
  moved: number;
  finished: number;
}

const pickingOf = (order: GrocerOrder): string | null => order.shipping.schedules[0]?.pickingStatus ?? null;
const isFinal = (status: string): boolean => FINAL_ORDER_STATUSES.includes(status);

/**
 * Derives `order.status` events from the grocer's order state until the grocer emits events itself.
 * Every instance runs one: it claims due open orders in batches (`FOR UPDATE SKIP LOCKED` with a
 * lease), asks the grocer with one `orders(batch)` call per batch at a bounded rate, and records
 * moves through `OrderService.observe`. Polling backs off per order while nothing moves and stops
 * for orders in a final status. Inbound grocer notifications run the same `derive`.
 *
 * @example
 * const poller = new OrderPoller({ store, grocer, orders: commerce.orders });
 * poller.start(); … await poller.stop();
 */
export class OrderPoller extends BackgroundWorker {
  readonly instanceId: string;
  readonly #store: Store;
  readonly #grocer: GrocerGateway;
  readonly #orders: OrderService;
  readonly #clock: Clock;
  readonly #batchSize: number;
  readonly #minCallSpacingMs: number;
  readonly #leaseMs: number;
  readonly #schedule: PollSchedule;
  /** Real time (performance.now) before which no grocer call starts; spaces calls to the rate bound. */
  #nextCallAt = 0;

  constructor(options: OrderPollerOptions) {
    super({ name: 'order-poller', idleMs: options.idleMs ?? 1_000, onError: options.onError });
    this.#store = options.store;
    this.#grocer = options.grocer;
    this.#orders = options.orders;
    this.#clock = options.clock ?? systemClock;
    this.instanceId = options.instanceId ?? defaultInstanceId();
    this.#batchSize = Math.min(options.batchSize ?? 100, 500);
    this.#minCallSpacingMs = 1000 / (options.maxGrocerCallsPerSecond ?? 2);
    this.#leaseMs = options.leaseMs ?? 60_000;
    this.#schedule = options.schedule ?? DEFAULT_POLL_SCHEDULE;
  }

  /** One batch; more is due at once when the batch was full. Stopping awaits it (a grocer call is short). */
  protected override async round(): Promise<boolean> {
    return (await this.pollOnce()).claimed === this.#batchSize;
  }

  /**
   * Asks the grocer about these orders with one call and records any move (one event per real
   * move, whichever path sees it first). Throws `GROCER_UNAVAILABLE` when the grocer cannot answer.
   */
  async derive(orders: readonly OrderRecord[], options: { throttle?: boolean } = {}): Promise<DerivedOrder[]> {
    if (orders.length === 0) return [];
    if (options.throttle) await this.#throttle();
    const fresh = await this.#grocer.orders(orders.map((o) => o.orderId));
    const byId = new Map(fresh.map((o) => [o.orderId, o]));
    const derived: DerivedOrder[] = [];
    for (const order of orders) {
      const grocerOrder = byId.get(order.orderId);
      const after = await this.#orders.observe(order, grocerOrder);
      derived.push({ order: after, grocerOrder, moved: after !== order });
    }
    return derived;
  }

  /** Claims one batch of due orders, derives their state with one grocer call and schedules the next polls. */
  async pollOnce(): Promise<PollRound> {
    const nowMs = this.#clock.now();
    const claimed = await this.#store.claimOrderPolls({
      instanceId: this.instanceId,
      nowMs,
      untilMs: nowMs + this.#leaseMs,
      limit: this.#batchSize,
    });
    const round: PollRound = { claimed: claimed.length, moved: 0, finished: 0 };
    if (claimed.length === 0) return round;
    // Orders already seen final by another path need no grocer call.
    const open = claimed.filter((c) => !isFinal(c.order.status));
    for (const c of claimed)
      if (isFinal(c.order.status)) round.finished += (await this.#complete(c, c.order.grocerOrder, false)) ? 1 : 0;
    if (open.length === 0) return round;
    let derived: DerivedOrder[];
    try {
      derived = await this.derive(
        open.map((c) => c.order),
        { throttle: true },
      );
    } catch (error) {
      await this.#store.releaseOrderPolls(
        this.instanceId,
        open.map((c) => c.order.orderId),
        this.#clock.now() + this.#schedule.grocerFailureDelayMs,
      );
      if (error instanceof CommerceError && error.code === 'GROCER_UNAVAILABLE') return round;
      throw error;
    }
    for (const [index, claim] of open.entries()) {
      const result = derived[index]!;
      if (result.moved) round.moved++;
      if (await this.#complete(claim, result.grocerOrder, result.moved)) round.finished++;
    }
    return round;
  }

  /** Stores the poll's outcome; true when the order is done being polled. */
  async #complete(claim: ClaimedOrderPoll, grocerOrder: GrocerOrder | undefined, moved: boolean): Promise<boolean> {
    const nowMs = this.#clock.now();
    const { order } = claim;
    const status = grocerOrder?.status ?? order.status;
    const paid = order.paymentStatus === 'PAID' || grocerOrder?.payment.isPaid === true;
    const misses = moved ? 0 : claim.misses + 1;
    let done: 'final' | 'stale' | null = null;
    if (isFinal(status)) done = 'final';
    else if (!paid && nowMs - Date.parse(order.createdAt) > this.#schedule.unpaidGiveUpAfterMs) done = 'stale';
    await this.#store.completeOrderPoll({
      orderId: order.orderId,
      instanceId: this.instanceId,
      nowMs,
      misses,
      nextPollAtMs: nowMs + pollDelayMs(this.#schedule, paid, moved ? 0 : claim.misses),
      lastSeenStatus: status,
      lastSeenPickingStatus: grocerOrder ? pickingOf(grocerOrder) : order.pickingStatus,
      done,
    });
    return done !== null;
  }

  /** Waits (real time) until this instance may call the grocer again under its rate bound. */
  async #throttle(): Promise<void> {
    const now = performance.now();
    const startAt = Math.max(now, this.#nextCallAt);
    this.#nextCallAt = startAt + this.#minCallSpacingMs;
    if (startAt > now) await sleep(startAt - now);
  }
}
