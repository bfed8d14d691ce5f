import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildSchema, isInputObjectType } from 'graphql';
import { CommerceError, schemaSdl, sha256Hex } from '@grocery/core';
import { ORDER_ID_PATTERN } from '../src/model/ids.ts';
import { markComment } from '../src/services/order-service.ts';
import { commerceWorld, MILK, MovableGrocer, rejectsWith, RICE, UNPRICED } from './support/commerce-world.ts';

const lines = [{ cprcode: MILK, quantity: 2 }];

test('orderCreate prices again at creation: the order total is the calculator’s now, not the quote’s', async () => {
  const { commerce, ann, prices, grocer } = commerceWorld();
  const quote = await commerce.quotes.quote(ann, { lines });
  prices.BKK01![MILK] = 5_000;
  const { order, paymentLink } = await commerce.orders.create(ann, { lines }, null);
  assert.equal(quote.calculation.grandTotalSatang, 9_000);
  assert.equal(order.grandTotalSatang, 10_000);
  assert.equal(paymentLink?.amountSatang, 10_000, 'the link is for the order total');
  assert.match(order.orderId, ORDER_ID_PATTERN);
  assert.deepEqual((await grocer.orders([order.orderId]))[0]?.grandTotalSatang, 10_000);
  assert.equal(order.paymentStatus, 'UNPAID', 'orderCreate takes no payment');
});

test('a client never sends a total: the schema has no field for one, and totals smuggled into the input are ignored', async () => {
  const schema = buildSchema(schemaSdl);
  for (const name of ['OrderCreateInput', 'OrderLineInput', 'QuoteInput']) {
    const type = schema.getType(name);
    assert.ok(type && isInputObjectType(type), name);
    const fields = Object.keys(type.getFields()).join(' ');
    assert.doesNotMatch(fields, /total|price|amount|discount|fee/i, `${name} takes no money`);
  }
  const { commerce, ann } = commerceWorld();
  const smuggled = {
    lines: [{ cprcode: MILK, quantity: 2, priceSatang: 1, rowTotalSatang: 1 }],
    grandTotal: 0.01,
    grandTotalSatang: 1,
  } as never;
  const { order } = await commerce.orders.create(ann, smuggled, null);
  assert.equal(order.grandTotalSatang, 9_000);
  assert.deepEqual(order.request.lines, [{ cprcode: MILK, quantity: 2 }], 'only cprcode and quantity reach the grocer');
});

test('sandbox orders carry `test` in specialComment; production orders never do', async () => {
  const sandbox = commerceWorld();
  const placed = await sandbox.commerce.orders.create(
    sandbox.ann,
    { lines, specialComment: 'Leave at the door' },
    null,
  );
  assert.equal(placed.order.grocerOrder.specialComment, 'Leave at the door test');
  assert.equal(placed.order.grocerOrder.sandbox, true);
  assert.equal(
    (await sandbox.commerce.orders.create(sandbox.ann, { lines }, null)).order.grocerOrder.specialComment,
    'test',
  );

  const notLive = commerceWorld({ partner: { environment: 'production', live: false } });
  assert.equal(
    (await notLive.commerce.orders.create(notLive.ann, { lines }, null)).order.grocerOrder.sandbox,
    true,
    'a production key before go-live places sandbox orders',
  );

  const live = commerceWorld({ partner: { environment: 'production', live: true } });
  const real = await live.commerce.orders.create(
    live.ann,
    { lines, specialComment: 'This is a TEST, ring twice' },
    null,
  );
  assert.equal(real.order.grocerOrder.sandbox, false);
  assert.equal(
    real.order.grocerOrder.specialComment,
    'This is a , ring twice',
    "a shopper's own `test` cannot stop a real order",
  );
  assert.equal(
    (await live.commerce.orders.create(live.ann, { lines, specialComment: 'test' }, null)).order.grocerOrder
      .specialComment,
    null,
  );

  assert.equal(markComment(null, true), 'test');
  assert.equal(markComment('  testing  ', true), 'testing test', 'only the word test is taken out');
  assert.equal(markComment('Test test TEST', false), null);
  assert.equal(markComment('contest', false), 'contest');
});

test('hostile order inputs: control characters, an over-long comment and bad idempotency keys are refused; nothing is placed', async () => {
  const { commerce, ann, store } = commerceWorld();
  await rejectsWith(
    commerce.orders.create(ann, { lines, specialComment: 'a\u0000b' }, null),
    'INVALID_INPUT',
    'input.specialComment',
  );
  await rejectsWith(
    commerce.orders.create(ann, { lines, specialComment: 'x'.repeat(501) }, null),
    'INVALID_INPUT',
    'input.specialComment',
  );
  await rejectsWith(
    commerce.orders.create(ann, { lines, specialComment: '\uD800' }, null),
    'INVALID_INPUT',
    'input.specialComment',
  );
  for (const key of ['', 'with space', 'ключ', 'k'.repeat(256), 'tab\t']) {
    await rejectsWith(commerce.orders.create(ann, { lines }, key), 'INVALID_INPUT', 'idempotencyKey');
  }
  await rejectsWith(commerce.orders.create(ann, {}, null), 'EMPTY_BASKET', 'input.lines');
  await rejectsWith(
    commerce.orders.create(ann, { lines, couponCodes: ['<img src=x>'] }, null),
    'INVALID_INPUT',
    'input.couponCodes.0',
  );
  assert.equal((await store.listOrders(ann.scope, { after: null, first: 10 })).orders.length, 0);
  assert.equal(await commerce.orders.get(ann, "'; DROP TABLE orders; --"), null);
  await rejectsWith(commerce.orders.list(ann, 10, 'bm90LWEtY3Vyc29y'), 'INVALID_INPUT', 'after');
  await rejectsWith(commerce.orders.list(ann, 10, 'x'.repeat(200)), 'INVALID_INPUT', 'after');
});

test('idempotency: the same request under a key replays the first order; another request under it is refused', async () => {
  const { commerce, ann, loaders, grocer, shopper } = commerceWorld();
  await commerce.baskets.add(ann, loaders(), { cprcode: MILK, quantity: 2 });
  const first = await commerce.orders.create(ann, {}, 'key-1');
  assert.deepEqual(
    await commerce.baskets.get(ann).then((b) => b?.lines),
    [],
    'a basket order takes its lines off the basket',
  );
  const again = await commerce.orders.create(ann, {}, 'key-1');
  assert.equal(again.order.orderId, first.order.orderId, 'replayed although the basket is empty now');
  assert.deepEqual(again.paymentLink, first.paymentLink, 'with the same link');
  await rejectsWith(commerce.orders.create(ann, { lines }, 'key-1'), 'IDEMPOTENCY_KEY_REUSED', 'idempotencyKey');
  const bobs = await commerce.orders.create(shopper('bob'), { lines }, 'key-1');
  assert.notEqual(bobs.order.orderId, first.order.orderId, 'keys are per shopper');
  assert.equal(
    (await grocer.orders([first.order.orderId, bobs.order.orderId])).length,
    2,
    'two orders at the grocer, not three',
  );
});

test('a request still running under a key makes a retry wait, then answer ORDER_PENDING', async () => {
  const { commerce, ann, clock, store } = commerceWorld({ sagas: { waitForRunningMs: 30 } });
  const input = { lines };
  await store.claimIdempotencyKey(ann.scope, {
    key: 'key-run',
    requestHash: sha256Hex(JSON.stringify(input)),
    resourceId: 'PA2611220000001-RUNS',
    nowMs: clock.now(),
    staleAfterMs: 60_000,
    retentionMs: 86_400_000,
  });
  await rejectsWith(commerce.orders.create(ann, input, 'key-run'), 'ORDER_PENDING', 'idempotencyKey');
});

test('a refusal by the grocer frees the idempotency key; the intent is recorded failed', async () => {
  const { commerce, ann, store } = commerceWorld();
  const error = await rejectsWith(
    commerce.orders.create(ann, { lines: [{ cprcode: UNPRICED, quantity: 1 }] }, 'key-2'),
    'PRICE_UNAVAILABLE',
    'input.cprcode',
  );
  assert.ok(error instanceof CommerceError);
  const intents = await store.listOrderIntents({ since: '2000-01-01T00:00:00.000Z', after: null, limit: 10 });
  assert.deepEqual(
    intents.map((i) => [i.state, i.idempotencyKey]),
    [['failed', 'key-2']],
  );
  const placed = await commerce.orders.create(ann, { lines: [{ cprcode: RICE, quantity: 1 }] }, 'key-2');
  assert.equal(placed.order.grandTotalSatang, 21_500, 'the key is free again for another request');
});

test('a lost create answer: the order the grocer made is adopted, once', async () => {
  const { commerce, ann, grocer, store } = commerceWorld();
  const create = grocer.createOrder.bind(grocer);
  grocer.createOrder = async (request) => {
    await create(request);
    throw new CommerceError('GROCER_UNAVAILABLE', 'timeout after the grocer created it');
  };
  const { order } = await commerce.orders.create(ann, { lines }, null);
  assert.equal((await store.getOrderIntent(order.orderId))?.state, 'created');
  assert.equal((await grocer.orders([order.orderId])).length, 1);
});

test('a lost create answer for an order the grocer does not have: it is cancelled there, and the shopper told it was not placed', async () => {
  const { commerce, ann, grocer, store } = commerceWorld();
  grocer.createOrder = async () => {
    throw new CommerceError('GROCER_UNAVAILABLE', 'timeout before the grocer saw it');
  };
  const error = await rejectsWith(commerce.orders.create(ann, { lines }, 'key-3'), 'GROCER_UNAVAILABLE');
  const orderId = String(error.details?.orderId);
  const intent = (await store.getOrderIntent(orderId))!;
  assert.equal(intent.state, 'cancelled');
  await rejectsWith(MovableGrocer.prototype.createOrder.call(grocer, intent.request), 'ORDER_CANCELLED');
  // ^ a create still on its way to the grocer can no longer place it.
  assert.equal(await store.getOrder(ann.scope, orderId), null);
});

test('orders are listed newest first with opaque cursors, scoped to the shopper', async () => {
  const { commerce, ann, clock, shopper } = commerceWorld();
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    ids.push((await commerce.orders.create(ann, { lines }, null)).order.orderId);
    clock.advance(1_000);
  }
  const first = await commerce.orders.list(ann, 2, null);
  assert.deepEqual(
    first.orders.map((o) => o.orderId),
    [ids[2], ids[1]],
  );
  assert.equal(first.hasNextPage, true);
  const { encodeOrderCursor } = await import('../src/services/order-service.ts');
  const second = await commerce.orders.list(ann, 2, encodeOrderCursor(first.orders[1]!));
  assert.deepEqual(
    second.orders.map((o) => o.orderId),
    [ids[0]],
  );
  assert.equal((await commerce.orders.list(shopper('bob'), 10, null)).orders.length, 0);
  assert.equal(await commerce.orders.get(shopper('bob'), ids[0]!), null);
  await rejectsWith(commerce.orders.list(ann, 0, null), 'INVALID_INPUT');
  await rejectsWith(commerce.orders.list(ann, 1_000, null), 'INVALID_INPUT');
});
