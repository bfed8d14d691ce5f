import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { WebhookDispatcher } from '@grocery/core';
import type { ClaimedDelivery, WebhookSender, WebhookSendRequest } from '@grocery/core/ports';
import {
  ACP_WEBHOOK_TOLERANCE_SECONDS,
  acpWebhookRenderer,
  signAcpWebhook,
  verifyAcpWebhookSignature,
} from '../src/acp-webhook.ts';
import { acpValidators, assertTotalsAddUp, assertValid } from './support/acp-json-schemas.ts';
import {
  acpWorld,
  ADDRESS,
  AGENT_WEBHOOK,
  BUYER,
  MILK,
  sandboxPayment,
  select,
  type AcpWorld,
} from './support/acp-world.ts';

type Json = Record<string, unknown>;
const SESSIONS = '/acp/checkout_sessions';

/** The world with a dispatcher whose sender keeps every request (and answers 200). */
async function webhookWorld(options: Parameters<typeof acpWorld>[0] = {}) {
  const world = await acpWorld(options);
  const sent: WebhookSendRequest[] = [];
  const sender: WebhookSender = {
    checkUrl: async () => ({ ok: true }),
    send: async (request) => {
      sent.push(request);
      return { kind: 'response', status: 200, responseSnippet: '{"received":true}', latencyMs: 1 };
    },
  };
  const dispatcher = new WebhookDispatcher({
    store: world.store,
    sender,
    clock: world.clock,
    agentRenderers: { acp: acpWebhookRenderer(world.commerce) },
  });
  /** Dispatches what is due and returns the bodies sent, each checked: signature, official schema, own schema, totals. */
  const deliver = async (): Promise<Json[]> => {
    const from = sent.length;
    await dispatcher.dispatchOnce();
    return sent.slice(from).map((request) => {
      assert.equal(request.url, AGENT_WEBHOOK);
      const header = request.headers['merchant-signature'];
      assert.match(header ?? '', /^t=\d+,v1=[a-f0-9]{64}$/);
      const nowSeconds = Math.floor(world.clock.now() / 1000);
      assert.ok(verifyAcpWebhookSignature(header, request.body, world.webhookSecret, { nowSeconds }), 'signed');
      assert.equal(request.headers['content-type'], 'application/json');
      assert.match(request.headers['request-id'] ?? '', /^evt_[0-9a-f]{32}$/);
      const body = JSON.parse(request.body) as Json;
      assertValid(acpValidators().webhookEvent, body, 'The webhook event (official)');
      assertValid(acpValidators().own.WebhookEvent, body, 'The webhook event (openapi/acp.yaml)');
      assertTotalsAddUp((body.data as { totals: { type: string; amount: number }[] }).totals, 'order totals');
      return body;
    });
  };
  return { ...world, sent, deliver };
}

/** A paid session: created, ready, completed with success_token; its order id. */
async function paidOrder(
  world: AcpWorld,
  fulfilment: Json = select('pickup_BKK01'),
): Promise<{ id: string; orderId: string }> {
  const created = await world.send('POST', SESSIONS, {
    json: { line_items: [{ id: MILK, quantity: 2 }], buyer: BUYER, ...fulfilment },
  });
  const id = created.json.id as string;
  const done = await world.send('POST', `${SESSIONS}/${id}/complete`, { json: sandboxPayment('success_token') });
  assert.equal(done.json.status, 'completed', JSON.stringify(done.json));
  return { id, orderId: (done.json.order as Json).id as string };
}

async function move(world: AcpWorld, orderId: string): Promise<void> {
  world.grocer.advance(orderId);
  const record = await world.store.getOrderById(orderId);
  await world.commerce.orders.refresh([record!]);
  world.clock.advance(60_000);
}

const fulfilmentOf = (body: Json) => ((body.data as Json).fulfillments as Json[])[0]!;

describe('order webhooks to the agent (outbox, Merchant-Signature)', () => {
  test('pickup: order_create when paid, then order_update at every picking move, each the whole order, signed', async () => {
    const world = await webhookWorld();
    const { id, orderId } = await paidOrder(world);
    const [created, ...rest] = await world.deliver();
    assert.equal(rest.length, 0, 'one event');
    assert.equal(created!.type, 'order_create');
    const data = created!.data as Json;
    assert.deepEqual([data.type, data.id, data.checkout_session_id, data.status], ['order', orderId, id, 'confirmed']);
    assert.equal(fulfilmentOf(created!).status, 'pending');

    const seen: [string, string, string[]][] = [];
    for (let step = 0; step < 3; step++) {
      await move(world, orderId);
      for (const body of await world.deliver()) {
        assert.equal(body.type, 'order_update');
        const fulfilment = fulfilmentOf(body);
        seen.push([
          (body.data as Json).status as string,
          fulfilment.status as string,
          (fulfilment.events as Json[]).map((e) => e.type as string),
        ]);
      }
    }
    assert.deepEqual(seen, [
      ['processing', 'processing', ['processing']],
      ['processing', 'ready_for_pickup', ['processing', 'ready_for_pickup']],
      ['completed', 'delivered', ['processing', 'ready_for_pickup', 'delivered']],
    ]);
  });

  test('delivery: out_for_delivery then delivered; line quantities fulfilled at the end', async () => {
    const world = await webhookWorld();
    const { orderId } = await paidOrder(world, {
      fulfillment_details: { address: ADDRESS },
      ...select('delivery_regular'),
    });
    assert.equal((await world.deliver()).length, 1);
    const statuses: string[] = [];
    let last: Json | undefined;
    for (let step = 0; step < 3; step++) {
      await move(world, orderId);
      for (const body of await world.deliver()) {
        statuses.push(`${(body.data as Json).status as string}/${fulfilmentOf(body).status as string}`);
        last = body;
      }
    }
    assert.deepEqual(statuses, ['processing/processing', 'shipped/out_for_delivery', 'completed/delivered']);
    assert.equal(fulfilmentOf(last!).type, 'shipping');
    assert.deepEqual(
      ((last!.data as Json).line_items as Json[]).map((line) => [line.quantity, line.status]),
      [[{ ordered: 2, current: 2, fulfilled: 2 }, 'fulfilled']],
    );
  });

  test('nothing is sent for orders that are not ACP sessions of this agent; a missing secret is an error to retry', async () => {
    const world = await webhookWorld();
    const { orderId } = await paidOrder(world);
    const [delivery] = await world.store.claimDeliveries({
      instanceId: 't',
      nowMs: world.clock.now(),
      untilMs: world.clock.now() + 60_000,
      limit: 10,
    });
    assert.ok(delivery);
    const render = acpWebhookRenderer(world.commerce);
    const other: ClaimedDelivery = { ...delivery, endpoint: { ...delivery.endpoint, callerId: 'agt_other' } };
    assert.equal(await render(other, world.clock.now()), null);
    const unknownOrder: ClaimedDelivery = {
      ...delivery,
      event: { ...delivery.event, orderId: 'PA0000000000000-XXXX' },
    };
    assert.equal(await render(unknownOrder, world.clock.now()), null);
    const message = await render(delivery, world.clock.now());
    assert.ok(message);
    assert.equal(JSON.parse(message.body).data.id, orderId);
    world.store.agentWebhookSecret = async () => null;
    await assert.rejects(render(delivery, world.clock.now()), /no webhook secret/);
  });
});

describe('Merchant-Signature', () => {
  test('t=<unix>,v1=<hex HMAC-SHA256 of "t.body">; receivers refuse other bodies, secrets and stale times', async () => {
    const body = '{"type":"order_create","data":{}}';
    const header = signAcpWebhook('whsec_secret', body, 1_767_225_600);
    assert.equal(
      header,
      't=1767225600,v1=' +
        (await import('node:crypto')).createHmac('sha256', 'whsec_secret').update(`1767225600.${body}`).digest('hex'),
    );
    const now = 1_767_225_600 + ACP_WEBHOOK_TOLERANCE_SECONDS;
    assert.equal(verifyAcpWebhookSignature(header, body, 'whsec_secret', { nowSeconds: now }), true);
    assert.equal(
      verifyAcpWebhookSignature(header, new TextEncoder().encode(body), 'whsec_secret', { nowSeconds: now }),
      true,
    );
    assert.equal(verifyAcpWebhookSignature(header, body, 'whsec_secret', { nowSeconds: now + 1 }), false, 'stale');
    assert.equal(verifyAcpWebhookSignature(header, `${body} `, 'whsec_secret', { nowSeconds: now }), false, 'body');
    assert.equal(verifyAcpWebhookSignature(header, body, 'whsec_other', { nowSeconds: now }), false, 'secret');
    for (const bad of [undefined, '', 'v1=abc', `t=1767225600,v1=${'g'.repeat(64)}`, 't=x,v1=00'])
      assert.equal(verifyAcpWebhookSignature(bad, body, 'whsec_secret', { nowSeconds: now }), false, String(bad));
  });
});
