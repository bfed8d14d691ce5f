import type { Clock } from '../ports/clock.ts';
import type { WebhookSender } from '../ports/webhook-sender.ts';
import type { Commerce } from './commerce.ts';
import { defaultInstanceId, type WorkerLifecycle } from './event-worker-loop.ts';
import { ExpirySweeper, type ExpirySweeperOptions } from './expiry-sweeper.ts';
import { OrderPoller, type OrderPollerOptions } from './order-poller.ts';
import { RecoveryWorker, type RecoveryWorkerOptions } from './recovery-worker.ts';
import { WebhookDispatcher, type WebhookDispatcherOptions } from './webhook-dispatcher.ts';

export interface EventRuntimeOptions {
  commerce: Commerce;
  /** Sends webhook bodies and guards URLs (`createHttpWebhookSender()` from @grocery/webhooks). */
  sender: WebhookSender;
  /** The commerce clock by default. */
  clock?: Clock;
  /** Names this instance's claims (dispatcher and poller); unique per process by default. */
  instanceId?: string;
  dispatcher?: Omit<WebhookDispatcherOptions, 'store' | 'sender' | 'clock' | 'instanceId'>;
  poller?: Omit<OrderPollerOptions, 'store' | 'grocer' | 'orders' | 'clock' | 'instanceId'>;
  recovery?: Omit<RecoveryWorkerOptions, 'store' | 'orders' | 'payments' | 'clock'>;
  expirySweep?: Omit<ExpirySweeperOptions, 'store' | 'clock'>;
  /** Whether this instance polls orders (every instance delivers; polling may be left to some). */
  polling?: boolean;
}

/**
 * The background workers of one process: events to partners (the dispatcher and the order poller),
 * the recovery of unfinished orders and payments, and the sweep of expired idempotency keys and
 * rate-limit windows. Its surfaces are the app's to build: the grocer's notifications
 * (`createInboundWebhookHandler({ poller })` from `@grocery/core/http`) and partners' endpoints for
 * the admin API (`new WebhookEndpoints(...)`).
 */
export interface EventRuntime {
  instanceId: string;
  dispatcher: WebhookDispatcher;
  poller: OrderPoller;
  recovery: RecoveryWorker;
  /** Starts delivering, polling and recovering in the background. */
  start(): void;
  /** Stops them all, letting in-flight deliveries finish for up to `drainMs` (default 10 s), then releasing claims. */
  stop(options?: { drainMs?: number }): Promise<void>;
}

/**
 * Wires events to partners for one API instance.
 *
 * @example
 * const events = createEventRuntime({ commerce, sender: createHttpWebhookSender() });
 * events.start(); // on boot
 * await events.stop(); // on shutdown
 */
export function createEventRuntime(options: EventRuntimeOptions): EventRuntime {
  const { commerce, sender } = options;
  const clock = options.clock ?? commerce.clock;
  const instanceId = options.instanceId ?? defaultInstanceId();
  const dispatcher = new WebhookDispatcher({ ...options.dispatcher, store: commerce.store, sender, clock, instanceId });
  const poller = new OrderPoller({
    ...options.poller,
    store: commerce.store,
    grocer: commerce.grocer,
    orders: commerce.orders,
    clock,
    instanceId,
  });
  const recovery = new RecoveryWorker({
    ...options.recovery,
    store: commerce.store,
    orders: commerce.orders,
    payments: commerce.payments,
    clock,
  });
  const sweeper = new ExpirySweeper({ ...options.expirySweep, store: commerce.store, clock });
  const polling = options.polling ?? true;
  const workers: WorkerLifecycle[] = [dispatcher, recovery, sweeper, poller];
  return {
    instanceId,
    dispatcher,
    poller,
    recovery,
    start() {
      for (const worker of workers) if (polling || worker !== poller) worker.start();
    },
    async stop(stopOptions = {}) {
      await Promise.all(workers.map((worker) => worker.stop(stopOptions)));
    },
  };
}
