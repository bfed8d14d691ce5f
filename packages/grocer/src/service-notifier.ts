/**
 * Outbound notifications from the grocer to the service's inbound webhooks, signed with the shared
 * secret: `X-Grocer-Signature: sha256=<lowercase hex HMAC-SHA256 of the raw body>`. Best effort:
 * a few retries with back-off, then the failure is logged and dropped; it never reaches a caller.
 * Notifications of one order are sent in order.
 */
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { signWebhookBody } from '@grocery/core';
import type { Clock } from '@grocery/core/ports';

export type ServiceWebhookPath = '/webhooks/shop/payment' | '/webhooks/shop/order-status';

export interface ServiceWebhook {
  /** The service's base URL, e.g. `http://127.0.0.1:4000`. */
  url: string;
  secret: string;
}

export interface ServiceNotifierOptions extends ServiceWebhook {
  clock: Clock;
  /** Waits before each retry; its length is the number of retries. Default [250, 1000, 4000]. */
  retryDelaysMs?: readonly number[];
  /** Per attempt. Default 5,000 ms. */
  timeoutMs?: number;
  log?: (message: string) => void;
}

/** Sends signed notifications to the service, per order in order. */
export class ServiceNotifier {
  readonly #options: Required<Omit<ServiceNotifierOptions, 'log'>> & { log: (message: string) => void };
  readonly #chains = new Map<string, Promise<void>>();
  readonly #abort = new AbortController();
  readonly #timers = new Set<NodeJS.Timeout>();
  // node:http on kept-alive connections rather than fetch: a grocer sends many small
  // notifications, and a fetch (web streams, a parser per body) costs several times the CPU.
  readonly #agent: HttpAgent;

  constructor(options: ServiceNotifierOptions) {
    this.#options = {
      retryDelaysMs: [250, 1000, 4000],
      timeoutMs: 5000,
      log: (message) => console.warn(message),
      ...options,
      url: options.url.replace(/\/+$/, ''),
    };
    this.#agent = this.#options.url.startsWith('https:')
      ? new HttpsAgent({ keepAlive: true })
      : new HttpAgent({ keepAlive: true });
  }

  /** Queues a notification; `payload` gets `sentAt` (Unix seconds) at each attempt. */
  send(orderId: string, path: ServiceWebhookPath, payload: Record<string, unknown>): void {
    if (this.#abort.signal.aborted) return;
    const previous = this.#chains.get(orderId) ?? Promise.resolve();
    const next = previous.then(() => this.#deliver(path, payload));
    this.#chains.set(orderId, next);
    void next.finally(() => {
      if (this.#chains.get(orderId) === next) this.#chains.delete(orderId);
    });
  }

  /** Resolves when every queued notification has been delivered or given up. */
  async idle(): Promise<void> {
    while (this.#chains.size > 0) await Promise.all([...this.#chains.values()]);
  }

  /** Stops retries and in-flight requests. */
  async close(): Promise<void> {
    this.#abort.abort();
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    // Destroying the connections ends requests in flight at once, so idle() waits for no timeout.
    this.#agent.destroy();
    await this.idle();
  }

  #wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#timers.delete(timer);
        resolve();
      }, ms);
      // Not unref'd: a retry is bounded and someone may be awaiting idle(); close() clears it.
      this.#timers.add(timer);
      this.#abort.signal.addEventListener('abort', () => resolve(), { once: true });
    });
  }

  async #deliver(path: ServiceWebhookPath, payload: Record<string, unknown>): Promise<void> {
    const { clock, secret, retryDelaysMs, timeoutMs } = this.#options;
    let lastProblem = '';
    for (let attempt = 0; attempt <= retryDelaysMs.length; attempt++) {
      if (attempt > 0) await this.#wait(retryDelaysMs[attempt - 1]!);
      if (this.#abort.signal.aborted) return;
      const body = JSON.stringify({ ...payload, sentAt: Math.floor(clock.now() / 1000) });
      try {
        const status = await this.#post(
          `${this.#options.url}${path}`,
          body,
          { 'content-type': 'application/json', 'x-grocer-signature': signWebhookBody(secret, body) },
          timeoutMs,
        );
        if (status >= 200 && status < 300) return;
        lastProblem = `HTTP ${status}`;
        // A 4xx other than 408/429 will not get better by retrying.
        if (status >= 400 && status < 500 && status !== 408 && status !== 429) break;
      } catch (error) {
        lastProblem = error instanceof Error ? error.message : String(error);
      }
    }
    if (!this.#abort.signal.aborted)
      this.#options.log(
        `[grocer] notification ${path} for ${String(payload['orderId'])} not delivered: ${lastProblem}`,
      );
  }

  /** POSTs `body` and resolves with the response status once the response (dropped) has been read. */
  #post(url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const send = url.startsWith('https:') ? httpsRequest : httpRequest;
      const request = send(
        url,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
          agent: this.#agent,
          timeout: timeoutMs,
        },
        (response) => {
          response.on('error', reject);
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.resume();
        },
      );
      request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      request.on('error', reject);
      request.end(body);
    });
  }
}
