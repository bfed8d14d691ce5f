import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AgentWebhookRenderer, Commerce } from '@grocery/core';
import { productFacts } from './acp-checkout-mapping.ts';
import { toAcpOrder } from './acp-order-mapping.ts';
import type { AcpWebhookEvent } from './acp-types.ts';

/** Receivers refuse a `Merchant-Signature` whose `t` is further than this from their clock (webhook OpenAPI). */
export const ACP_WEBHOOK_TOLERANCE_SECONDS = 300;

function hmacHex(secret: string, timestamp: number, body: string | Uint8Array): string {
  const hmac = createHmac('sha256', secret).update(`${timestamp}.`);
  return hmac.update(body).digest('hex');
}

/**
 * The `Merchant-Signature` header of an order event: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "t.body">`, keyed with the agent's webhook secret (the whole `whsec_…` string, UTF-8).
 *
 * @example
 * signAcpWebhook('whsec_abc', '{"type":"order_create"}', 1767225600); // 't=1767225600,v1=…'
 */
export function signAcpWebhook(secret: string, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, body)}`;
}

/**
 * What a receiver checks (the webhook OpenAPI): the header's form, `t` within the tolerance of its
 * clock (300 s by default), and the HMAC of `"t.body"` over the raw body, compared in constant time.
 *
 * @example
 * verifyAcpWebhookSignature(request.headers['merchant-signature'], rawBody, secret); // true or false
 */
export function verifyAcpWebhookSignature(
  header: string | undefined,
  body: string | Uint8Array,
  secret: string,
  options: { nowSeconds?: number; toleranceSeconds?: number } = {},
): boolean {
  const match = /^t=(\d{1,12}),v1=([a-fA-F0-9]{64})$/.exec(header ?? '');
  if (!match) return false;
  const timestamp = Number(match[1]);
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? ACP_WEBHOOK_TOLERANCE_SECONDS)) return false;
  const expected = Buffer.from(hmacHex(secret, timestamp, body), 'hex');
  return timingSafeEqual(expected, Buffer.from(match[2]!.toLowerCase(), 'hex'));
}

export interface AcpWebhookRendererOptions {
  /** The agent base of a partner, for order permalinks without a payment page; default `{base_url}/agents/{partnerId}`. */
  agentBase?: ((partnerId: string) => string) | undefined;
}

/**
 * Renders the outbox's deliveries to ACP agents' endpoints (core's `AgentWebhookRenderer` for kind
 * `acp`): `order_create` for the order's payment (its first event), `order_update` for the grocer's
 * picking moves and refunds, each with the whole order as it stands now (`type: "order"`), signed
 * with `Merchant-Signature` under the agent's webhook secret. `Request-Id` is the event id (the same
 * on every retry). Events of orders that are not this agent's ACP sessions' send nothing.
 *
 * @example
 * createEventRuntime({ commerce, sender, dispatcher: { agentRenderers: { acp: acpWebhookRenderer(commerce) } } });
 */
export function acpWebhookRenderer(commerce: Commerce, options: AcpWebhookRendererOptions = {}): AgentWebhookRenderer {
  const { store } = commerce;
  return async (delivery, nowMs) => {
    const { event, endpoint } = delivery;
    const session = await store.findCheckoutSessionByOrder(event.orderId);
    if (!session || session.protocol !== 'acp' || session.callerId !== endpoint.callerId) return null;
    const order = await store.getOrderById(event.orderId);
    if (!order) return null;
    const secret = await store.agentWebhookSecret(session.callerId);
    // Sent again later: the dispatcher logs it and retries on its schedule.
    if (!secret) throw new Error(`ACP agent ${session.callerId} has no webhook secret.`);
    const [settings, branches, refunds] = await Promise.all([
      commerce.agents.shopSettings(session.partnerId),
      commerce.branches.list(),
      store.listRefunds([order.orderId]),
    ]);
    const agentBase = options.agentBase?.(session.partnerId) ?? `${commerce.publicBaseUrl}/agents/${session.partnerId}`;
    const view = {
      permalinkUrl: session.order?.paymentUrl ?? `${agentBase}/acp/checkout_sessions/${session.sessionId}`,
      branches: new Map(branches.map((branch) => [branch.branchCode, branch])),
      products: productFacts(
        commerce,
        order.grocerOrder.lines.map((line) => line.cprcode),
      ),
      refunds,
      supportEmail: settings.supportEmail,
      latestAt: new Date(event.ts * 1000).toISOString(),
    };
    const message: AcpWebhookEvent = {
      type: event.type === 'payment.paid' ? 'order_create' : 'order_update',
      data: { type: 'order', ...toAcpOrder(order, session, view) },
    };
    const body = JSON.stringify(message);
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'merchant-signature': signAcpWebhook(secret, body, Math.floor(nowMs / 1000)),
        'request-id': event.eventId,
        timestamp: new Date(nowMs).toISOString(),
      },
    };
  };
}
