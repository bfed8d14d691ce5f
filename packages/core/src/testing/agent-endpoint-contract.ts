import assert from 'node:assert/strict';
import type { CheckoutSessionRecord } from '../model/checkout-session.ts';
import { CONTRACT_T0, contractEvent, contractGrocerOrder, storeContractOrder } from './contract-records.ts';
import { scope, type StoreContractCase } from './store-contract-fixtures.ts';

const T = new Date(CONTRACT_T0).toISOString();
const WITH_SESSION = 'PA2611220000701-AGTA';
const WITHOUT_SESSION = 'PA2611220000702-AGTB';
const HOOK = 'https://platform.example/ucp/webhooks';

function sessionOf(orderId: string): CheckoutSessionRecord {
  return {
    sessionId: 'cs_0000000000000000000000000000ae01',
    partnerId: 'ptn_a',
    environment: 'sandbox',
    protocol: 'ucp',
    callerId: 'agt_caller',
    profileUrl: 'https://platform.example/.well-known/ucp',
    webhookUrl: HOOK,
    status: 'completed',
    buyer: { firstName: null, lastName: null, email: 'buyer@example.com', phone: null },
    lines: [{ lineId: 'li_1', cprcode: '100001', quantity: 2 }],
    fulfilment: { type: 'pickup', branchCode: 'BK01' },
    couponCodes: [],
    branchCode: 'BK01',
    quote: null,
    quotedAt: null,
    options: [],
    messages: [],
    order: { orderId, paymentUrl: null, paymentUrlExpiresAt: null, paid: true },
    createdAt: T,
    updatedAt: T,
    expiresAt: new Date(CONTRACT_T0 + 3_600_000).toISOString(),
    version: 1,
  };
}

const endpoint = (kind: 'ucp' | 'acp', endpointId: string) => ({
  endpointId,
  partnerId: 'ptn_a',
  kind,
  callerId: 'agt_caller',
  url: HOOK,
  environment: 'sandbox' as const,
  eventTypes: ['payment.paid' as const, 'order.status' as const],
  secret: 'whsec_agent',
  createdAt: T,
});

/**
 * Agent platforms' webhook endpoints in the outbox (EventStore.ensureAgentWebhookEndpoint and the
 * fan-out): one per (partner, protocol, caller, URL), and they get the events of their sessions'
 * orders only, beside every partner endpoint.
 */
export const agentEndpointContract: StoreContractCase[] = [
  {
    name: 'agent endpoints: one per caller and URL; they get the events of their sessions’ orders only',
    run: async ({ store }) => {
      await storeContractOrder(store, WITH_SESSION, scope, T, 'hash-agent-a');
      await storeContractOrder(store, WITHOUT_SESSION, scope, T, 'hash-agent-b');
      await store.insertCheckoutSession(sessionOf(WITH_SESSION));

      const made = await store.ensureAgentWebhookEndpoint(endpoint('ucp', 'whe_0000000000000000000000000000ae01'));
      const again = await store.ensureAgentWebhookEndpoint(endpoint('ucp', 'whe_0000000000000000000000000000ae02'));
      assert.equal(again.endpointId, made.endpointId, 'the same caller and URL keep one endpoint');
      assert.equal(made.kind, 'ucp');
      assert.equal(made.callerId, 'agt_caller');
      const acp = await store.ensureAgentWebhookEndpoint(endpoint('acp', 'whe_0000000000000000000000000000ae03'));
      assert.notEqual(acp.endpointId, made.endpointId, 'another protocol is another endpoint');
      const partner = await store.insertWebhookEndpoint({
        endpointId: 'whe_0000000000000000000000000000ae04',
        partnerId: 'ptn_a',
        url: 'https://partner.example/hooks',
        environment: 'sandbox',
        eventTypes: ['order.status'],
        secret: 'whsec_partner',
        createdAt: T,
      });
      assert.equal(partner.kind, 'partner');
      assert.equal(partner.callerId, null);

      await store.updateOrderFromGrocer(WITH_SESSION, contractGrocerOrder(WITH_SESSION, 'QUEUED'), [
        contractEvent('agentfan1', 'ptn_a', WITH_SESSION),
      ]);
      await store.updateOrderFromGrocer(WITHOUT_SESSION, contractGrocerOrder(WITHOUT_SESSION, 'QUEUED'), [
        contractEvent('agentfan2', 'ptn_a', WITHOUT_SESSION),
      ]);
      const deliveries = await store.listDeliveries('ptn_a', { limit: 200, before: null });
      const to = (orderId: string) =>
        deliveries
          .filter((d) => d.orderId === orderId)
          .map((d) => d.endpointId)
          .sort();
      assert.deepEqual(to(WITH_SESSION), [made.endpointId, partner.endpointId].sort());
      assert.deepEqual(to(WITHOUT_SESSION), [partner.endpointId]);

      const claimed = await store.claimDeliveries({
        instanceId: 'agent-contract',
        nowMs: CONTRACT_T0 + 86_400_000 * 400,
        untilMs: CONTRACT_T0 + 86_400_000 * 400 + 60_000,
        limit: 500,
      });
      const agentDelivery = claimed.find((c) => c.endpoint.endpointId === made.endpointId);
      assert.equal(agentDelivery?.endpoint.kind, 'ucp');
      assert.equal(agentDelivery?.endpoint.callerId, 'agt_caller');
      assert.equal(agentDelivery?.event.orderId, WITH_SESSION);
    },
  },
];
