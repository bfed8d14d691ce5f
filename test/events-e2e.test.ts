/**
 * Events through the whole system (apps/api/src/system.ts): an endpoint registered over the admin
 * API, a payment through the pay page, the grocer simulator's signed notifications arriving at
 * `/webhooks/shop/…` over real HTTP, and the dispatcher the system runs delivering to a receiver.
 */
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { describe, test } from 'node:test';
import { verify } from '@octokit/webhooks-methods';
import { shopperContext } from '@grocery/core';
import { startReceiver } from './support/event-world.ts';
import { startTestSystem } from './support/test-system.ts';

describe('events through the whole system', () => {
  test('register over the admin API, pay at the pay page, receive payment.paid and picking moves', async () => {
    const ts = await startTestSystem({ productCount: 300, pickingStepMs: 3_600_000 });
    const receiver = await startReceiver();
    try {
      const { system } = ts;
      const partnerId = system.credentials!.partnerId;
      const registered = await ts.admin('POST', `/admin/partners/${partnerId}/webhooks`, { url: receiver.url });
      assert.equal(registered.status, 201);
      const { secret } = registered.body as { secret: string };

      const partner = (await system.commerce.partners.verifyKey(ts.partnerKey))!;
      const ctx = shopperContext(partner, { ownerId: 'e2e-shopper', email: null, clientId: ts.clientId });
      const branch = (await system.grocer.branches())[0]!.branchCode;
      let link: string | null = null;
      for (const product of (await system.grocer.exportCatalog({ batchSize: 300 })[Symbol.asyncIterator]().next())
        .value ?? []) {
        try {
          link = (
            await system.commerce.orders.create(
              ctx,
              { branchCode: branch, lines: [{ cprcode: product.cprcode, quantity: 1 }] },
              null,
            )
          ).paymentLink!.url;
          break;
        } catch {
          // Not every product is sold at the branch.
        }
      }
      assert.ok(link);
      const paid = await fetch(link, { method: 'POST', headers: { accept: 'application/json' } });
      assert.equal(paid.status, 200);

      // Each picking step is moved over the admin API; the simulator notifies the service, which derives the move.
      const token = new URL(link).pathname.split('/').at(-1)!;
      const order = (await system.commerce.store.findPaymentLinkByHash(
        createHash('sha256').update(token).digest('hex'),
      ))!.link.orderId;
      for (const picking of ['PICKING', 'PACKED', 'READY_FOR_PICKUP', 'COLLECTED']) {
        const advanced = await ts.admin('POST', `/admin/grocer/orders/${order}/advance`);
        assert.equal((advanced.body as { pickingStatus: string }).pickingStatus, picking);
        const deadline = Date.now() + 5_000;
        while ((await system.commerce.store.getOrderById(order))!.pickingStatus !== picking && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await receiver.waitForRequests(6, 5_000);
      const bodies = receiver.requests.map(
        (r) => JSON.parse(r.body) as { id: string; type: string; payload: { status: string; pickingStatus?: string } },
      );
      assert.equal(bodies.filter((b) => b.type === 'payment.paid').length, 1);
      assert.deepEqual(
        bodies.filter((b) => b.type === 'order.status').map((b) => b.payload.pickingStatus),
        ['QUEUED', 'PICKING', 'PACKED', 'READY_FOR_PICKUP', 'COLLECTED'],
      );
      assert.equal(new Set(bodies.map((b) => b.id)).size, bodies.length);
      for (const request of receiver.requests)
        assert.equal(await verify(secret, request.body, String(request.headers['x-shop-partner-signature'])), true);

      // The inbound route is served, and refuses what the grocer did not sign.
      const body = JSON.stringify({
        type: 'order-status',
        orderId: 'PA2611220000000-ZZZZ',
        status: 'PICKING',
        pickingStatus: null,
        changedAt: new Date().toISOString(),
        sentAt: Math.floor(Date.now() / 1000),
      });
      const forged = await fetch(`${ts.baseUrl}/webhooks/shop/order-status`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-grocer-signature': `sha256=${createHmac('sha256', 'guess').update(body).digest('hex')}`,
        },
        body,
      });
      assert.equal(forged.status, 401);
      const deliveries = await ts.admin('GET', `/admin/partners/${partnerId}/deliveries`);
      assert.equal(
        (deliveries.body as { deliveries: { status: string }[] }).deliveries.every((d) => d.status === 'delivered'),
        true,
      );
    } finally {
      await receiver.close();
      await ts.close();
    }
  });
});
