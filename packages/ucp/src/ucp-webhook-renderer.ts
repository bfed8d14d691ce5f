import type { AgentWebhookRenderer, Commerce } from '@grocery/core';
import { toUcpOrder } from './order-mapping.ts';
import { restEndpointOf } from './profile.ts';
import { signRequest } from './signatures/sign-message.ts';
import type { PrivateSigningJwk } from './signatures/signing-keys.ts';
import { productFacts } from './ucp-operations.ts';

/**
 * Renders the outbox's deliveries to UCP platforms' webhooks (DESIGN §6 "Order events"): the order
 * as `GET /ucp/v1/orders/{id}` shows it now, with `Webhook-Id` (the event's id, the same on every
 * retry), `Webhook-Timestamp`, `UCP-Agent` (the business's profile) and an RFC 9421 signature by
 * the partner's current ES256 key, which its profile publishes. A payment event completes the
 * session first, so the order and the session agree when the platform looks.
 *
 * @example
 * createEventRuntime({ commerce, sender, dispatcher: { agentRenderers: { ucp: createUcpWebhookRenderer({ commerce }) } } });
 */
export function createUcpWebhookRenderer(options: { commerce: Commerce }): AgentWebhookRenderer {
  const { commerce } = options;
  return async (delivery, nowMs) => {
    const { event, endpoint } = delivery;
    if (event.type === 'payment.paid') await commerce.sessions.onOrderPaid(event.orderId);
    const session = await commerce.store.findCheckoutSessionByOrder(event.orderId);
    const [order] = await commerce.store.ordersByIds([event.orderId]);
    if (!session || !order) return null;
    const agentBase = `${commerce.publicBaseUrl}/agents/${session.partnerId}`;
    const body = JSON.stringify(
      toUcpOrder(order, session, {
        active: null,
        products: productFacts(
          commerce,
          order.grocerOrder.lines.map((line) => line.cprcode),
        ),
        permalinkUrl:
          session.order?.paymentUrl ?? `${restEndpointOf(agentBase)}/orders/${encodeURIComponent(order.orderId)}`,
        refunds: await commerce.store.listRefunds([order.orderId]),
      }),
    );
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'webhook-id': event.eventId,
      'webhook-timestamp': String(Math.floor(nowMs / 1000)),
      'ucp-agent': `profile="${agentBase}/.well-known/ucp"`,
    };
    const key = await commerce.agents.signingKey(session.partnerId);
    const signature = signRequest(
      { method: 'POST', url: endpoint.url, headers, body },
      { key: key.privateJwk as unknown as PrivateSigningJwk, created: new Date(nowMs) },
    );
    return { body, headers: { ...headers, ...signature } };
  };
}
