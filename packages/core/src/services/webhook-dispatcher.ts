import { setMaxListeners } from 'node:events';
import type { components } from '../generated/webhooks-api.ts';
import { systemClock, type Clock } from '../ports/clock.ts';
import type { ClaimedDelivery, DeliveryAttemptReport, DeliveryOutcome } from '../ports/event-store.ts';
import type { Store } from '../ports/store.ts';
import type { WebhookSender, WebhookSendResult } from '../ports/webhook-sender.ts';
import { BackgroundWorker, defaultInstanceId } from './event-worker-loop.ts';
import { signWebhookBody } from './webhook-signature.ts';

/** The body of a partner event as POSTed (openapi/webhooks.yaml `PartnerEvent`). */
export type PartnerEventBody = components['schemas']['PartnerEvent'];

/**
 * Delays before attempts 2 to 8 (DESIGN.md §4): the first attempt is at once, then 5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h and 10 h after each failure; the eighth failure marks the delivery failed.
 */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

/** Attempts a delivery gets before it is marked failed. */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;

/** A receiver that does not answer within this is a failed attempt (DESIGN.md §4). */
const WEBHOOK_TIMEOUT_MS = 10_000;

const WEBHOOK_USER_AGENT = 'PartnerGroceryWebhooks/0.1.0';

/** What an agent platform's endpoint is sent for one delivery: its protocol's body and signature headers. */
export interface AgentWebhookMessage {
  /** The raw body, exactly as signed. */
  body: string;
  headers: Record<string, string>;
}

/**
 * Renders deliveries to agent platforms' endpoints (`ucp`, `acp`) in their protocol's shape, signed
 * as the protocol says; the partner's own endpoints get the partner event. Null when nothing is
 * sent for this event (the delivery is marked delivered).
 */
export type AgentWebhookRenderer = (delivery: ClaimedDelivery, nowMs: number) => Promise<AgentWebhookMessage | null>;

export interface WebhookDispatcherOptions {
  store: Store;
  sender: WebhookSender;
  /** Renderers of agent platforms' deliveries, by protocol; a delivery without one is an error (logged, and sent again later). */
  agentRenderers?: Partial<Record<'ucp' | 'acp', AgentWebhookRenderer>>;
  clock?: Clock;
  /** Names this instance's claims; unique per process. */
  instanceId?: string;
  /** Most deliveries claimed by one query. */
  batchSize?: number;
  /** Sends in flight at once, to any endpoints and of any events. */
  concurrency?: number;
  /** How long a claim holds; longer than a send can take, so a live instance never loses one. */
  leaseMs?: number;
  /** Real-time wait between claims when nothing was due. */
  idleMs?: number;
  timeoutMs?: number;
  /** How long `stop()` lets in-flight sends finish before it aborts them. */
  drainMs?: number;
  userAgent?: string;
  onError?: (error: unknown) => void;
}

/** What one round did. */
export interface DispatchRound {
  claimed: number;
  delivered: number;
  retried: number;
  failed: number;
  released: number;
}

/** The body of one attempt: `ts` is the attempt's time, everything else is the event's. */
function partnerEventBody(delivery: ClaimedDelivery, nowMs: number): PartnerEventBody {
  const { event } = delivery;
  return {
    id: event.eventId,
    type: event.type,
    orderId: event.orderId,
    partnerId: event.partnerId,
    payload: event.payload,
    ts: Math.floor(nowMs / 1000),
  } as PartnerEventBody;
}

/** What an attempt's result means for the delivery, given the attempts counted before it. */
export function deliveryOutcome(result: WebhookSendResult, attemptCount: number, nowMs: number): DeliveryOutcome {
  if (result.kind === 'error' && result.error === 'aborted') return { kind: 'released' };
  if (result.kind === 'response' && result.status >= 200 && result.status < 300) return { kind: 'delivered' };
  if (result.kind === 'response' && result.status === 410) return { kind: 'gone' };
  const delay = WEBHOOK_RETRY_DELAYS_MS[attemptCount];
  return delay === undefined ? { kind: 'failed' } : { kind: 'retry', nextAttemptAtMs: nowMs + delay };
}

/** Attempts recorded by one statement at most. */
const RECORD_BATCH = 200;

/**
 * Delivers the outbox to partners' endpoints. Every API instance runs one: it claims due
 * deliveries in batches (`FOR UPDATE SKIP LOCKED` with a lease) and keeps up to `concurrency`
 * sends in flight, to any endpoints and of any events (order per endpoint is not kept: receivers
 * dedupe by event id), claiming more as room frees up; it POSTs each signed body and records every
 * attempt, the attempts that finish while a record is written together in the next statement. A
 * killed instance's claims expire and another instance retries them.
 *
 * @example
 * const dispatcher = new WebhookDispatcher({ store, sender: createHttpWebhookSender() });
 * dispatcher.start(); … await dispatcher.stop();
 */
export class WebhookDispatcher extends BackgroundWorker {
  readonly instanceId: string;
  readonly #store: Store;
  readonly #sender: WebhookSender;
  readonly #clock: Clock;
  readonly #batchSize: number;
  readonly #concurrency: number;
  readonly #leaseMs: number;
  readonly #timeoutMs: number;
  readonly #drainMs: number;
  readonly #userAgent: string;
  readonly #agentRenderers: Partial<Record<'ucp' | 'acp', AgentWebhookRenderer>>;
  #abort = abortController();
  /** Sends in flight: what `concurrency` bounds. */
  readonly #sending = new Set<Promise<unknown>>();
  /** Deliveries sent or being sent whose attempt is not recorded yet. */
  readonly #unrecorded = new Set<Promise<unknown>>();
  /** Resolved when a send finishes or the dispatcher stops: a claim waiting for room looks again. */
  #roomWaiters: (() => void)[] = [];
  #stopping = false;
  #recordQueue: { report: DeliveryAttemptReport; done: (held: boolean) => void }[] = [];
  #recording = false;

  constructor(options: WebhookDispatcherOptions) {
    super({ name: 'webhook-dispatcher', idleMs: options.idleMs ?? 1_000, onError: options.onError });
    this.#store = options.store;
    this.#sender = options.sender;
    this.#clock = options.clock ?? systemClock;
    this.instanceId = options.instanceId ?? defaultInstanceId();
    this.#batchSize = Math.max(1, options.batchSize ?? 100);
    this.#concurrency = Math.max(1, options.concurrency ?? 200);
    this.#leaseMs = options.leaseMs ?? 60_000;
    this.#timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
    this.#drainMs = options.drainMs ?? WEBHOOK_TIMEOUT_MS;
    this.#userAgent = options.userAgent ?? WEBHOOK_USER_AGENT;
    this.#agentRenderers = options.agentRenderers ?? {};
  }

  /** Claims one batch of due deliveries and sends them, in parallel; resolves when all are recorded. */
  async dispatchOnce(): Promise<DispatchRound> {
    const claimed = await this.#claim(this.#batchSize);
    const round: DispatchRound = { claimed: claimed.length, delivered: 0, retried: 0, failed: 0, released: 0 };
    const outcomes = await Promise.all(claimed.map((delivery) => this.#send(delivery)));
    for (const outcome of outcomes) round[outcome === 'retry' ? 'retried' : outcome]++;
    return round;
  }

  /** Runs until `stop()`: claims while work is due and there is room in flight, every `idleMs` otherwise. */
  override start(): void {
    if (this.running) return;
    if (this.#abort.signal.aborted) this.#abort = abortController();
    this.#stopping = false;
    super.start();
  }

  /**
   * Stops claiming, lets in-flight sends finish for up to `drainMs`, then aborts the rest; aborted
   * deliveries are released (not counted as attempts) so any instance sends them again at once.
   * Resolves once every attempt is recorded.
   */
  override async stop(options: { drainMs?: number } = {}): Promise<void> {
    const drainMs = options.drainMs ?? this.#drainMs;
    const deadline = performance.now() + drainMs;
    this.#stopping = true;
    this.#wakeRoomWaiters();
    const abort = () => this.#abort.abort();
    await this.stopLoop(drainMs, abort);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const drained = await Promise.race([
      Promise.all(this.#sending).then(() => true),
      new Promise<false>(
        (resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, deadline - performance.now()))),
      ),
    ]);
    clearTimeout(timer);
    if (!drained) abort();
    await Promise.all(this.#unrecorded);
  }

  /**
   * One turn of the loop: waits until a claim's worth of sends is free (a quarter of a batch, so
   * that claims keep up while sends finish one by one), claims up to the room and starts sending;
   * true when more may be due.
   */
  protected override async round(): Promise<boolean> {
    const least = Math.max(1, Math.min(Math.ceil(this.#batchSize / 4), this.#concurrency));
    while (this.#concurrency - this.#sending.size < least && !this.#stopping)
      await new Promise<void>((resolve) => this.#roomWaiters.push(resolve));
    if (this.#stopping) return false;
    const limit = Math.min(this.#batchSize, this.#concurrency - this.#sending.size);
    const claimed = await this.#claim(limit);
    for (const delivery of claimed) void this.#send(delivery);
    return claimed.length === limit;
  }

  async #claim(limit: number): Promise<ClaimedDelivery[]> {
    const nowMs = this.#clock.now();
    return this.#store.claimDeliveries({ instanceId: this.instanceId, nowMs, untilMs: nowMs + this.#leaseMs, limit });
  }

  /** Sends one delivery (a slot of `concurrency` until its answer or failure), then records the attempt. */
  #send(delivery: ClaimedDelivery): Promise<Exclude<DeliveryOutcome['kind'], 'gone'>> {
    const attempt = this.#attempt(delivery, this.#abort.signal);
    this.#sending.add(attempt);
    const free = () => {
      this.#sending.delete(attempt);
      this.#wakeRoomWaiters();
    };
    void attempt.then(free, free);
    const recorded = attempt.then(
      async (report) => {
        await this.#record(report);
        return report.outcome.kind === 'gone' ? 'failed' : report.outcome.kind;
      },
      (error: unknown) => {
        // Nothing was recorded: the claim expires and another round sends the delivery again.
        this.onError(error);
        return 'released' as const;
      },
    );
    this.#unrecorded.add(recorded);
    void recorded.then(() => this.#unrecorded.delete(recorded));
    return recorded;
  }

  #wakeRoomWaiters(): void {
    const waiters = this.#roomWaiters;
    this.#roomWaiters = [];
    for (const wake of waiters) wake();
  }

  /** Records an attempt with the others that finish meanwhile: one statement per batch, one batch at a time. */
  #record(report: DeliveryAttemptReport): Promise<boolean> {
    return new Promise((done) => {
      this.#recordQueue.push({ report, done });
      if (!this.#recording) void this.#recordQueued();
    });
  }

  async #recordQueued(): Promise<void> {
    this.#recording = true;
    try {
      while (this.#recordQueue.length > 0) {
        const batch = this.#recordQueue.splice(0, RECORD_BATCH);
        try {
          const held = await this.#store.recordDeliveryAttempts(batch.map((entry) => entry.report));
          batch.forEach((entry, i) => entry.done(held[i] ?? false));
        } catch (error) {
          // The claims expire and another round retries the deliveries; receivers dedupe by event id.
          this.onError(error);
          for (const entry of batch) entry.done(false);
        }
      }
    } finally {
      this.#recording = false;
    }
  }

  /** The body and headers of one attempt: the partner event, or the agent protocol's message. */
  async #message(delivery: ClaimedDelivery, startedAtMs: number): Promise<AgentWebhookMessage | null> {
    const { endpoint, event } = delivery;
    if (endpoint.kind !== 'partner') {
      const render = this.#agentRenderers[endpoint.kind];
      if (!render) throw new Error(`No renderer for ${endpoint.kind} webhooks is configured.`);
      const message = await render(delivery, startedAtMs);
      if (message) message.headers['user-agent'] ??= this.#userAgent;
      return message;
    }
    const body = JSON.stringify(partnerEventBody(delivery, startedAtMs));
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': this.#userAgent,
      'x-shop-event-id': event.eventId,
      'x-shop-event-type': event.type,
      'x-shop-delivery-id': delivery.deliveryId,
      'x-shop-delivery-attempt': String(delivery.attemptCount + 1),
      'x-shop-partner-signature': signWebhookBody(endpoint.secret, body),
    };
    if (
      endpoint.previousSecret !== null &&
      endpoint.previousSecretExpiresAtMs !== null &&
      endpoint.previousSecretExpiresAtMs > startedAtMs
    ) {
      headers['x-shop-partner-signature-previous'] = signWebhookBody(endpoint.previousSecret, body);
    }
    return { body, headers };
  }

  /** POSTs one delivery and says what the attempt came to; recording it is the caller's. */
  async #attempt(delivery: ClaimedDelivery, signal: AbortSignal): Promise<DeliveryAttemptReport> {
    const startedAtMs = this.#clock.now();
    const { endpoint } = delivery;
    const message = await this.#message(delivery, startedAtMs);
    if (!message)
      return this.#report(delivery, startedAtMs, {
        kind: 'response',
        status: 204,
        responseSnippet: 'nothing to send',
        latencyMs: 0,
      });
    const { body, headers } = message;
    let result: WebhookSendResult;
    try {
      result = await this.#sender.send({
        url: endpoint.url,
        policy: endpoint.environment,
        body,
        headers,
        timeoutMs: this.#timeoutMs,
        signal,
      });
    } catch (error) {
      // A sender must not throw; if one does, the attempt still counts as a failure.
      result = {
        kind: 'error',
        error: 'network',
        message: error instanceof Error ? error.message : String(error),
        latencyMs: 0,
      };
    }
    return this.#report(delivery, startedAtMs, result);
  }

  #report(delivery: ClaimedDelivery, startedAtMs: number, result: WebhookSendResult): DeliveryAttemptReport {
    const nowMs = this.#clock.now();
    const outcome = deliveryOutcome(result, delivery.attemptCount, nowMs);
    return {
      deliveryId: delivery.deliveryId,
      instanceId: this.instanceId,
      startedAtMs,
      latencyMs: result.latencyMs,
      statusCode: result.kind === 'response' ? result.status : null,
      responseSnippet: result.kind === 'response' ? result.responseSnippet : null,
      error:
        result.kind === 'error'
          ? `${result.error}: ${result.message}`
          : outcome.kind === 'delivered'
            ? null
            : `HTTP ${result.status}`,
      outcome,
      nowMs,
    };
  }
}

/** Every send in flight listens on the dispatcher's abort signal: more than the default ten listeners is expected. */
function abortController(): AbortController {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  return controller;
}
