import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Mailer, OutgoingMail } from '../src/ports/mailer.ts';
import type { SessionCaller } from '../src/services/checkout-session-service.ts';
import { BEER, commerceWorld, MILK, OFFLINE, rejectsWith, RICE, UNKNOWN } from './support/commerce-world.ts';

async function world(options: Parameters<typeof commerceWorld>[0] = {}) {
  const w = commerceWorld(options);
  await w.store.createPartner({ partnerId: 'ptn_a', name: 'A', environment: 'sandbox', orderSource: 'SRC_A' });
  w.stock.BKK01![RICE] = 50;
  w.stock.BKK02 = { [BEER]: 5 };
  const partner = {
    partnerId: 'ptn_a',
    partnerName: 'A',
    orderSource: 'SRC_A',
    environment: 'sandbox' as const,
    keyPrefix: 'ak_test_AAAA',
    clientIds: [],
    live: false,
    ...options.partner,
  };
  const caller: SessionCaller = { partner, callerId: 'agt_1', protocol: 'ucp' };
  return { ...w, caller, sessions: w.commerce.sessions };
}

const buyer = { email: 'somchai@example.com', firstName: 'Somchai', lastName: 'Jaidee', phone: '+66812345678' };
const pickup = { type: 'pickup' as const, branchCode: 'BKK01' };
const address = {
  streetAddress: '99 Sukhumvit Soi 11',
  locality: 'Watthana',
  region: 'Bangkok',
  postcode: '10110',
  country: 'TH',
  recipientName: null,
};

test('a session without fulfilment or buyer is incomplete and says what is missing; line ids are stable', async () => {
  const { sessions, caller } = await world();
  const created = await sessions.create(caller, { lines: [{ cprcode: MILK, quantity: 2 }] });
  assert.equal(created.status, 'incomplete');
  assert.match(created.sessionId, /^cs_[0-9a-f]{32}$/);
  assert.deepEqual(
    created.messages.map((m) => m.code),
    ['fulfilment_required', 'buyer_required'],
  );
  assert.equal(created.quote?.grandTotalSatang, 9_000);
  const lineId = created.lines[0]!.lineId;
  assert.match(lineId, /^li_[0-9a-f]{32}$/);

  const updated = await sessions.update(caller, created.sessionId, {
    lines: [
      { cprcode: RICE, quantity: 1 },
      { cprcode: MILK, quantity: 3 },
    ],
    buyer,
    fulfilment: pickup,
  });
  assert.equal(updated.status, 'ready_for_complete');
  assert.deepEqual(updated.messages, []);
  assert.equal(updated.lines.find((l) => l.cprcode === MILK)?.lineId, lineId, 'the product keeps its line id');
  assert.equal(updated.version, 2);
  assert.ok(updated.options.some((o) => o.type === 'pickup' && o.branchCode === 'BKK01'));
});

test('out-of-stock, unknown, offline and unlicensed lines are messages on the line, and the rest is priced', async () => {
  const { sessions, caller } = await world();
  const session = await sessions.create(caller, {
    lines: [
      { cprcode: MILK, quantity: 20 },
      { cprcode: UNKNOWN, quantity: 1 },
      { cprcode: OFFLINE, quantity: 1 },
      { cprcode: RICE, quantity: 1 },
    ],
    buyer,
    fulfilment: pickup,
  });
  assert.equal(session.status, 'incomplete');
  const byLine = new Map(session.messages.map((m) => [m.path, m.code]));
  const id = (cprcode: string) => `lines.${session.lines.find((l) => l.cprcode === cprcode)!.lineId}`;
  assert.equal(byLine.get(id(MILK)), 'out_of_stock');
  assert.equal(byLine.get(id(UNKNOWN)), 'item_unavailable');
  assert.equal(byLine.get(id(OFFLINE)), 'item_unavailable');
  assert.deepEqual(
    session.quote?.lines.map((l) => l.cprcode),
    [RICE],
  );

  const beer = await sessions.create(caller, {
    lines: [{ cprcode: BEER, quantity: 1 }],
    buyer,
    fulfilment: { type: 'pickup', branchCode: 'BKK02' },
  });
  assert.equal(beer.messages[0]?.code, 'alcohol_not_licensed');
});

test('delivery is geocoded by postcode, offers REGULAR and EXPRESS with their fees; unknown places are undeliverable', async () => {
  const { sessions, caller } = await world();
  const session = await sessions.create(caller, {
    lines: [{ cprcode: RICE, quantity: 1 }],
    buyer,
    fulfilment: { type: 'delivery', address, scheduleMode: 'REGULAR' },
  });
  assert.equal(session.status, 'ready_for_complete', JSON.stringify(session.messages));
  const slots = session.options.filter((o) => o.type === 'delivery');
  assert.deepEqual(
    slots.map((o) => o.type === 'delivery' && o.scheduleMode),
    ['REGULAR', 'EXPRESS'],
  );
  assert.equal(session.quote?.fulfilment, 'DELIVERY');

  const far = await sessions.create(caller, {
    lines: [{ cprcode: RICE, quantity: 1 }],
    buyer,
    fulfilment: { type: 'delivery', address: { ...address, postcode: '50000' }, scheduleMode: 'REGULAR' },
  });
  assert.equal(far.status, 'incomplete');
  assert.equal(far.messages[0]?.code, 'address_undeliverable');
  const abroad = await sessions.create(caller, {
    lines: [{ cprcode: RICE, quantity: 1 }],
    buyer,
    fulfilment: { type: 'delivery', address: { ...address, country: 'LA' }, scheduleMode: null },
  });
  assert.equal(abroad.messages[0]?.code, 'address_undeliverable');
});

test('refused coupons are warnings that name the code and the grocer reason', async () => {
  const { sessions, caller } = await world();
  const session = await sessions.create(caller, {
    lines: [{ cprcode: RICE, quantity: 1 }],
    buyer,
    fulfilment: pickup,
    couponCodes: ['nosuch'],
  });
  assert.equal(session.status, 'ready_for_complete');
  assert.deepEqual(session.messages, [
    {
      type: 'warning',
      code: 'coupon_refused',
      text: 'Coupon NOSUCH does not exist.',
      path: 'couponCodes.0',
      severity: null,
      reason: 'UNKNOWN',
    },
  ]);
});

test('a price change between two writes is a warning on the line', async () => {
  const { sessions, caller, prices } = await world();
  const session = await sessions.create(caller, { lines: [{ cprcode: MILK, quantity: 1 }], buyer, fulfilment: pickup });
  prices.BKK01![MILK] = 4_900;
  const again = await sessions.update(caller, session.sessionId, {
    lines: [{ cprcode: MILK, quantity: 1 }],
    buyer,
    fulfilment: pickup,
  });
  assert.equal(again.messages[0]?.code, 'price_changed');
  assert.equal(again.messages[0]?.type, 'warning');
  assert.equal(again.status, 'ready_for_complete');
});

test('complete with success_token places one order, pays it, and repeats change nothing', async () => {
  const { sessions, caller, grocer, store } = await world();
  const session = await sessions.create(caller, { lines: [{ cprcode: RICE, quantity: 2 }], buyer, fulfilment: pickup });
  const done = await sessions.complete(caller, session.sessionId, { kind: 'sandbox-token', token: 'success_token' });
  assert.equal(done.status, 'completed');
  assert.equal(done.order?.paid, true);
  const order = await store.getOrderById(done.order!.orderId);
  assert.equal(order?.paymentStatus, 'PAID');
  assert.equal(order?.grandTotalSatang, 43_000);
  await rejectsWith(
    sessions.complete(caller, session.sessionId, { kind: 'sandbox-token', token: 'success_token' }),
    'CHECKOUT_SESSION_CLOSED',
  );
  assert.equal((await grocer.orders([done.order!.orderId])).length, 1);
  assert.equal((await sessions.get(caller, session.sessionId)).status, 'completed');
});

test('the buyer gets one confirmation of the completed order; a mail server that fails costs the mail, not the order', async () => {
  const sent: OutgoingMail[] = [];
  let failing = false;
  const mailer: Mailer = {
    send: async (mail) => {
      if (failing) throw new Error('smtp down');
      sent.push(mail);
    },
  };
  const { sessions, caller } = await world({ mailer });
  const lines = [{ cprcode: RICE, quantity: 1 }];
  const first = await sessions.create(caller, { lines, buyer, fulfilment: pickup });
  const done = await sessions.complete(caller, first.sessionId, { kind: 'sandbox-token', token: 'success_token' });
  assert.equal(sent.length, 1);
  assert.equal(sent[0]!.to, buyer.email);
  assert.ok(sent[0]!.text.includes(done.order!.orderId), 'the mail names the order');
  await sessions.get(caller, first.sessionId);
  assert.equal(sent.length, 1, 'reading the completed session sends nothing more');

  failing = true;
  const second = await sessions.create(caller, { lines, buyer, fulfilment: pickup });
  const paid = await sessions.complete(caller, second.sessionId, { kind: 'sandbox-token', token: 'success_token' });
  assert.equal(paid.status, 'completed');
  assert.equal(sent.length, 1);
});

test('a write may start from the record the caller read; a stale one is refused with its expected version, a foreign one ignored', async () => {
  const { sessions, caller } = await world();
  const lines = [{ cprcode: RICE, quantity: 1 }];
  const read = await sessions.create(caller, { lines });
  const moved = await sessions.update(
    caller,
    read.sessionId,
    { lines, buyer },
    { expectedVersion: read.version, read },
  );
  assert.equal(moved.version, read.version + 1);
  await rejectsWith(
    sessions.update(caller, read.sessionId, { lines, fulfilment: pickup }, { expectedVersion: read.version, read }),
    'CHECKOUT_SESSION_BUSY',
  );
  const other = await sessions.create({ ...caller, callerId: 'agt_2' }, { lines });
  const written = await sessions.update(caller, read.sessionId, { lines, buyer, fulfilment: pickup }, { read: other });
  assert.equal(written.sessionId, read.sessionId);
  assert.equal(written.status, 'ready_for_complete');
  assert.equal((await sessions.get({ ...caller, callerId: 'agt_2' }, other.sessionId)).version, other.version);
  const done = await sessions.complete(
    caller,
    read.sessionId,
    { kind: 'sandbox-token', token: 'success_token' },
    { read },
  );
  assert.equal(done.status, 'completed', 'a stale read costs complete a retry, not the checkout');
});

test('fail_token declines: the session keeps its one order, and success_token then pays that same order', async () => {
  const { sessions, caller, store } = await world();
  const session = await sessions.create(caller, { lines: [{ cprcode: RICE, quantity: 1 }], buyer, fulfilment: pickup });
  const declined = await sessions.complete(caller, session.sessionId, { kind: 'sandbox-token', token: 'fail_token' });
  assert.equal(declined.status, 'ready_for_complete');
  assert.equal(declined.messages[0]?.code, 'payment_failed');
  const orderId = declined.order!.orderId;
  const paid = await sessions.complete(caller, session.sessionId, { kind: 'sandbox-token', token: 'success_token' });
  assert.equal(paid.status, 'completed');
  assert.equal(paid.order?.orderId, orderId);
  assert.equal((await store.listPaymentAttempts([orderId])).filter((a) => a.state === 'paid').length, 1);
});

test('production sessions escalate to the payment page and complete when the payment is recorded', async () => {
  const { sessions, caller, commerce } = await world({ partner: { environment: 'production', live: true } });
  const session = await sessions.create(caller, { lines: [{ cprcode: RICE, quantity: 1 }], buyer, fulfilment: pickup });
  assert.equal(session.environment, 'production');
  const escalated = await sessions.complete(caller, session.sessionId, {
    kind: 'sandbox-token',
    token: 'success_token',
  });
  assert.equal(escalated.status, 'requires_escalation');
  assert.equal(escalated.messages[0]?.severity, 'requires_buyer_input');
  assert.match(escalated.order?.paymentUrl ?? '', /^https:\/\/shop\.example\/pay\//);
  assert.ok(Date.parse(escalated.expiresAt) <= (escalated.order?.paymentUrlExpiresAt ?? 0) * 1000);
  const token = new URL(escalated.order!.paymentUrl!).pathname.split('/').pop()!;
  await commerce.payments.pay(token);
  const completed = await sessions.onOrderPaid(escalated.order!.orderId);
  assert.equal(completed?.status, 'completed');
});

test('a session not ready is answered as it is by complete, with no order', async () => {
  const { sessions, caller } = await world();
  const session = await sessions.create(caller, { lines: [{ cprcode: RICE, quantity: 1 }] });
  const answered = await sessions.complete(caller, session.sessionId, {
    kind: 'sandbox-token',
    token: 'success_token',
  });
  assert.equal(answered.status, 'incomplete');
  assert.equal(answered.order, null);
});

test('cancel ends an open session; a cancelled, expired or other caller session is refused', async () => {
  const { sessions, caller, clock } = await world();
  const session = await sessions.create(caller, { lines: [{ cprcode: RICE, quantity: 1 }] });
  await rejectsWith(sessions.get({ ...caller, callerId: 'agt_other' }, session.sessionId), 'NOT_FOUND', 'id');
  await rejectsWith(sessions.get({ ...caller, protocol: 'acp' }, session.sessionId), 'NOT_FOUND');
  assert.equal((await sessions.cancel(caller, session.sessionId)).status, 'canceled');
  await rejectsWith(sessions.cancel(caller, session.sessionId), 'CHECKOUT_SESSION_CLOSED');
  await rejectsWith(
    sessions.update(caller, session.sessionId, { lines: [{ cprcode: RICE, quantity: 1 }] }),
    'CHECKOUT_SESSION_CLOSED',
  );

  const later = await sessions.create(caller, { lines: [{ cprcode: RICE, quantity: 1 }] });
  clock.advance(6 * 3_600_000 + 1);
  assert.equal((await sessions.get(caller, later.sessionId)).status, 'canceled');
});

test('hostile input is refused field by field before anything is priced', async () => {
  const { sessions, caller } = await world();
  const cases: [unknown, string, string][] = [
    [{ lines: [] }, 'EMPTY_BASKET', 'lines'],
    [{ lines: 'x' }, 'INVALID_INPUT', 'lines'],
    [{ lines: [{ cprcode: 'DROP TABLE', quantity: 1 }] }, 'INVALID_CPRCODE', 'lines.0.item.id'],
    [{ lines: [{ cprcode: RICE, quantity: 1e9 }] }, 'INVALID_QUANTITY', 'lines.0.quantity'],
    [{ lines: [{ cprcode: RICE, quantity: 1.5 }] }, 'INVALID_QUANTITY', 'lines.0.quantity'],
    [{ lines: [{ cprcode: RICE, quantity: 1, lineId: '../x' }] }, 'INVALID_INPUT', 'lines.0.id'],
    [{ lines: [{ cprcode: RICE, quantity: 1 }], buyer: { email: 'a\u0000@b.co' } }, 'INVALID_INPUT', 'buyer.email'],
    [{ lines: [{ cprcode: RICE, quantity: 1 }], buyer: { email: 'not-mail' } }, 'INVALID_INPUT', 'buyer.email'],
    [{ lines: [{ cprcode: RICE, quantity: 1 }], buyer: { phone: '0812345678' } }, 'INVALID_INPUT', 'buyer.phone'],
    [
      { lines: [{ cprcode: RICE, quantity: 1 }], buyer: { firstName: 'x'.repeat(101) } },
      'INVALID_INPUT',
      'buyer.firstName',
    ],
    [{ lines: [{ cprcode: RICE, quantity: 1 }], fulfilment: { type: 'drone' } }, 'INVALID_INPUT', 'fulfilment.type'],
    [
      { lines: [{ cprcode: RICE, quantity: 1 }], fulfilment: { type: 'pickup', branchCode: '<script>' } },
      'INVALID_BRANCH',
      'fulfilment.branchCode',
    ],
    [
      {
        lines: [{ cprcode: RICE, quantity: 1 }],
        fulfilment: { type: 'delivery', address: { ...address, postcode: '1011' }, scheduleMode: null },
      },
      'INVALID_INPUT',
      'fulfilment.address.postcode',
    ],
    [
      {
        lines: [{ cprcode: RICE, quantity: 1 }],
        fulfilment: { type: 'delivery', address: { ...address, streetAddress: '\uD800' }, scheduleMode: null },
      },
      'INVALID_INPUT',
      'fulfilment.address.streetAddress',
    ],
    [{ lines: [{ cprcode: RICE, quantity: 1 }], couponCodes: ['a b'] }, 'INVALID_INPUT', 'couponCodes.0'],
    [{ lines: [{ cprcode: RICE, quantity: 1 }], couponCodes: [10] }, 'INVALID_INPUT', 'couponCodes.0'],
    [{ lines: [{ cprcode: RICE, quantity: 1 }], couponCodes: 'SAVE10' }, 'INVALID_INPUT', 'couponCodes'],
  ];
  for (const [input, code, field] of cases) await rejectsWith(sessions.create(caller, input as never), code, field);
  await rejectsWith(sessions.get(caller, 'cs_../../etc'), 'NOT_FOUND');
  await rejectsWith(sessions.get(caller, 'x'.repeat(10_000)), 'NOT_FOUND');
});
