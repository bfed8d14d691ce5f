import { CommerceError } from '../errors.ts';
import type { EventType } from '../model/checkout.ts';
import { newId, newSecretToken } from '../model/ids.ts';
import { systemClock, type Clock } from '../ports/clock.ts';
import type { DeliveryRecord, WebhookEndpointRecord } from '../ports/event-store.ts';
import type { Store } from '../ports/store.ts';
import type { WebhookSender } from '../ports/webhook-sender.ts';

export const WEBHOOK_EVENT_TYPES = [
  'payment.paid',
  'payment.refunded',
  'order.status',
] as const satisfies readonly EventType[];

/** After a rotation the previous secret also signs deliveries for this long (a second header). */
const SECRET_ROTATION_OVERLAP_MS = 24 * 3_600_000;

/** Active endpoints a partner may have at once. */
const MAX_ACTIVE_ENDPOINTS = 10;

const MAX_URL_LENGTH = 2000;

export interface WebhookEndpointsOptions {
  store: Store;
  /** Checks URLs against the SSRF policy at registration. */
  sender: WebhookSender;
  clock?: Clock;
}

/** A registered endpoint with its signing secret, which is shown only here. */
export interface RegisteredEndpoint {
  endpoint: WebhookEndpointRecord;
  secret: string;
}

/** A webhook signing secret: `whsec_` and 32 bytes from the CSPRNG, base64url. */
function newWebhookSecret(): string {
  return `whsec_${newSecretToken()}`;
}

/**
 * Partners' webhook endpoints and their deliveries, for the admin API: register (the secret is
 * shown once), list, disable, rotate the secret, list deliveries with every attempt, redeliver.
 */
export class WebhookEndpoints {
  readonly #store: Store;
  readonly #sender: WebhookSender;
  readonly #clock: Clock;

  constructor(options: WebhookEndpointsOptions) {
    this.#store = options.store;
    this.#sender = options.sender;
    this.#clock = options.clock ?? systemClock;
  }

  /**
   * Registers an endpoint for the partner's events (all types by default). Production partners'
   * URLs must be `https` and resolve to public addresses; sandbox partners may also use loopback.
   */
  async register(
    partnerId: string,
    input: { url: string; events?: readonly EventType[] | undefined },
  ): Promise<RegisteredEndpoint> {
    const partner = await this.#store.getPartner(partnerId);
    if (!partner) throw new CommerceError('NOT_FOUND', 'No such partner.', { field: 'partnerId' });
    if (input.url.length > MAX_URL_LENGTH)
      throw new CommerceError('INVALID_INPUT', `A webhook URL is at most ${MAX_URL_LENGTH} characters.`, {
        field: 'url',
      });
    const check = await this.#sender.checkUrl(input.url, partner.environment);
    if (!check.ok)
      throw new CommerceError('INVALID_INPUT', `This webhook URL is not accepted: ${check.reason}`, { field: 'url' });
    const eventTypes = [...new Set(input.events ?? WEBHOOK_EVENT_TYPES)];
    if (eventTypes.length === 0)
      throw new CommerceError('INVALID_INPUT', 'Subscribe to at least one event type.', { field: 'events' });
    const active = (await this.#store.listWebhookEndpoints(partnerId)).filter((e) => e.status === 'active' && e.kind === 'partner');
    if (active.length >= MAX_ACTIVE_ENDPOINTS) {
      throw new CommerceError(
        'INVALID_INPUT',
        `A partner has at most ${MAX_ACTIVE_ENDPOINTS} active webhook endpoints; disable one first.`,
        { field: 'url' },
      );
    }
    const secret = newWebhookSecret();
    const endpoint = await this.#store.insertWebhookEndpoint({
      endpointId: newId('whe'),
      partnerId,
      url: new URL(input.url).href,
      environment: partner.environment,
      eventTypes,
      secret,
      createdAt: new Date(this.#clock.now()).toISOString(),
    });
    return { endpoint, secret };
  }

  async list(partnerId: string): Promise<WebhookEndpointRecord[]> {
    if (!(await this.#store.getPartner(partnerId)))
      throw new CommerceError('NOT_FOUND', 'No such partner.', { field: 'partnerId' });
    return this.#store.listWebhookEndpoints(partnerId);
  }

  /** Disables the endpoint and cancels its pending deliveries. */
  async disable(endpointId: string, reason = 'Disabled by an administrator.'): Promise<WebhookEndpointRecord> {
    const endpoint = await this.#store.getWebhookEndpoint(endpointId);
    if (!endpoint) throw new CommerceError('NOT_FOUND', 'No such webhook endpoint.', { field: 'endpointId' });
    await this.#store.disableWebhookEndpoint(endpointId, reason, this.#clock.now());
    return (await this.#store.getWebhookEndpoint(endpointId))!;
  }

  /**
   * A new signing secret. Deliveries are signed with it at once; for 24 hours they also carry
   * `X-Shop-Partner-Signature-Previous` under the old secret, so the receiver can switch at leisure.
   */
  async rotateSecret(endpointId: string): Promise<RegisteredEndpoint & { previousSecretExpiresAt: string }> {
    const endpoint = await this.#store.getWebhookEndpoint(endpointId);
    if (!endpoint) throw new CommerceError('NOT_FOUND', 'No such webhook endpoint.', { field: 'endpointId' });
    if (endpoint.status !== 'active')
      throw new CommerceError('INVALID_INPUT', 'The endpoint is disabled; register a new one.', {
        field: 'endpointId',
      });
    const nowMs = this.#clock.now();
    const secret = newWebhookSecret();
    const until = nowMs + SECRET_ROTATION_OVERLAP_MS;
    if (!(await this.#store.rotateWebhookSecret(endpointId, secret, nowMs, until))) {
      throw new CommerceError('INVALID_INPUT', 'The endpoint is disabled; register a new one.', {
        field: 'endpointId',
      });
    }
    return {
      endpoint: (await this.#store.getWebhookEndpoint(endpointId))!,
      secret,
      previousSecretExpiresAt: new Date(until).toISOString(),
    };
  }

  /** Newest first, with every attempt. */
  async deliveries(
    partnerId: string,
    page: { limit?: number | undefined; before?: string | null | undefined } = {},
  ): Promise<DeliveryRecord[]> {
    if (!(await this.#store.getPartner(partnerId)))
      throw new CommerceError('NOT_FOUND', 'No such partner.', { field: 'partnerId' });
    return this.#store.listDeliveries(partnerId, { limit: page.limit ?? 50, before: page.before ?? null });
  }

  /** Sends the delivery's event to its endpoint again (a new delivery, due at once, same event id). */
  async redeliver(deliveryId: string): Promise<DeliveryRecord> {
    const result = await this.#store.redeliver(deliveryId, newId('dlv'), this.#clock.now());
    switch (result.kind) {
      case 'created':
        return result.delivery;
      case 'not-found':
        throw new CommerceError('NOT_FOUND', 'No such delivery.', { field: 'deliveryId' });
      case 'endpoint-disabled':
        throw new CommerceError('INVALID_INPUT', "The delivery's endpoint is disabled; register a new endpoint.", {
          field: 'deliveryId',
        });
    }
  }
}
