import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Store } from '@grocery/core/ports';
import {
  CONTRACT_T0 as T0,
  contractEvent as event,
  contractGrocerOrder,
  describeEventStoreContract,
  storeContractOrder,
} from '@grocery/core/testing';
import { createSqlStore, openDatabase, testDatabaseKinds, type Db } from '../src/index.ts';

const grocerOrder = (orderId: string, picking = 'AWAITING_PAYMENT') => contractGrocerOrder(orderId, picking);

let orderSeq = 0;
const nextOrderId = () => `PA2611220${String(++orderSeq).padStart(6, '0')}-TEST`;

for (const kind of testDatabaseKinds()) {
  // The behaviour is the EventStore contract of @grocery/core/testing, which the in-memory store passes too.
  describeEventStoreContract(`SQL event store on ${kind.name}`, async () => {
    const db = await kind.open();
    return { store: await createSqlStore(db), close: () => db.close() };
  });

  // What only a database can show: transactions and separate connections.
  describe(`SQL event store on ${kind.name}: transactions`, () => {
    let db: Db;
    let store: Store;

    before(async () => {
      db = await kind.open();
      store = await createSqlStore(db);
      await store.createPartner({ partnerId: 'ptn_a', name: 'A', environment: 'sandbox', orderSource: 'SRC_A' });
      await store.createPartner({ partnerId: 'ptn_c', name: 'C', environment: 'sandbox', orderSource: 'SRC_C' });
    });
    after(async () => db?.close());

    async function newOrder(partnerId = 'ptn_a'): Promise<string> {
      const orderId = nextOrderId();
      await storeContractOrder(
        store,
        orderId,
        { partnerId, environment: 'sandbox', ownerId: 'owner-1' },
        new Date(T0).toISOString(),
        `h_${orderId}`,
      );
      return orderId;
    }

    test('a failing transaction writes neither the event nor its deliveries', async () => {
      await store.insertWebhookEndpoint({
        partnerId: 'ptn_a',
        url: 'http://127.0.0.1:9/a',
        environment: 'sandbox',
        createdAt: new Date(T0).toISOString(),
        endpointId: 'whe_all',
        eventTypes: ['payment.paid', 'order.status'],
        secret: 's1',
      });
      const orderId = await newOrder();
      await store.updateOrderFromGrocer(orderId, grocerOrder(orderId, 'QUEUED'), [event('1', 'ptn_a', orderId)]);
      assert.equal((await store.listDeliveries('ptn_a', { limit: 50, before: null })).length, 1);
      await assert.rejects(
        db.transaction(async (tx) => {
          await tx.query(
            "INSERT INTO events (event_id, partner_id, type, order_id, payload, ts) VALUES ('evt_x', 'ptn_a', 'payment.paid', $1, '{}', 1)",
            [orderId],
          );
          throw new Error('rolled back');
        }),
      );
      assert.equal((await store.listDeliveries('ptn_a', { limit: 50, before: null })).length, 1);
      assert.equal(
        (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE event_id = 'evt_x'")).rows[0]?.n,
        0,
      );
      await store.disableWebhookEndpoint('whe_all', 'test', T0);
    });

    if (kind.name === 'postgres') {
      test('concurrent claims from separate connections never share a delivery (FOR UPDATE SKIP LOCKED)', async () => {
        const schema = (await db.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]!.s;
        const others = await Promise.all(
          [1, 2, 3].map(() => openDatabase({ url: process.env.TEST_DATABASE_URL, schema, maxConnections: 2 })),
        );
        try {
          await store.insertWebhookEndpoint({
            partnerId: 'ptn_c',
            url: 'http://127.0.0.1:9/c',
            environment: 'sandbox',
            createdAt: new Date(T0).toISOString(),
            endpointId: 'whe_c',
            eventTypes: ['payment.paid'],
            secret: 's',
          });
          for (let i = 0; i < 40; i++) {
            const orderId = await newOrder('ptn_c');
            await store.updateOrderFromGrocer(orderId, grocerOrder(orderId, 'QUEUED'), [
              event(`c${i}`, 'ptn_c', orderId, 'payment.paid'),
            ]);
          }
          const stores = await Promise.all(others.map((o) => createSqlStore(o)));
          const claimed = (
            await Promise.all(
              stores.flatMap((s, i) =>
                [0, 1, 2, 3].map((round) =>
                  s.claimDeliveries({ instanceId: `i${i}-${round}`, nowMs: T0, untilMs: T0 + 60_000, limit: 5 }),
                ),
              ),
            )
          ).flat();
          assert.equal(claimed.length, 40);
          assert.equal(new Set(claimed.map((c) => c.deliveryId)).size, 40);
        } finally {
          await Promise.all(others.map((o) => o.close()));
        }
      });
    }
  });
}
