import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LIMITS, sha256Hex } from '@grocery/core';
import { PaymentLinks, paymentEnvironment } from '../src/services/payment-links.ts';
import { commerceWorld, MILK, rejectsWith, tokenOf } from './support/commerce-world.ts';

async function world() {
  const w = commerceWorld();
  const { order } = await w.commerce.orders.create(w.ann, { lines: [{ cprcode: MILK, quantity: 2 }] }, null);
  const record = (await w.store.getOrderById(order.orderId))!;
  const links = new PaymentLinks({
    store: w.store,
    clock: w.clock,
    shopUrl: 'https://shop.example/',
    providerFor: (o) => `provider-of-${o.orderId}`,
  });
  return { ...w, record, links };
}

test('a link is the order’s total and currency for 24 hours, at {shop_url}/pay/<token>; only the token’s hash is kept', async () => {
  const { links, record, clock } = await world();
  const { record: link, model } = links.prepare(record, 'https://partner.example/back');
  const token = tokenOf(model.url);
  assert.equal(model.url, `https://shop.example/pay/${token}`);
  assert.match(token, /^[A-Za-z0-9_-]{43}$/);
  assert.equal(link.tokenHash, sha256Hex(token));
  assert.ok(!JSON.stringify(link).includes(token), 'the token itself is never stored');
  assert.deepEqual(
    { amount: model.amountSatang, currency: model.currency, provider: model.provider, callbackUrl: link.callbackUrl },
    {
      amount: record.grandTotalSatang,
      currency: record.currency,
      provider: `provider-of-${record.orderId}`,
      callbackUrl: 'https://partner.example/back',
    },
  );
  assert.equal(model.expiresAt, Math.floor(clock.now() / 1000) + LIMITS.paymentLinkTtlSeconds);
  assert.notEqual(tokenOf(links.prepare(record).model.url), token, 'every link has a token of its own');
});

test('resolve: the issued link and its order, expired from exactly 24 hours on', async () => {
  const { links, record, clock } = await world();
  const issued = await links.issue(record);
  const token = tokenOf(issued.url);
  const found = await links.resolve(token);
  assert.equal(found.order.orderId, record.orderId);
  assert.equal(found.expired, false);
  clock.advance(LIMITS.paymentLinkTtlSeconds * 1000 - 1);
  assert.equal((await links.resolve(token)).expired, false);
  clock.advance(1);
  assert.equal((await links.resolve(token)).expired, true);
});

test('resolve refuses malformed, unknown, never-stored and tampered tokens alike with PAYMENT_LINK_INVALID', async () => {
  const { links, record } = await world();
  const token = tokenOf((await links.issue(record)).url);
  const unstored = tokenOf(links.prepare(record).model.url);
  const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
  for (const bad of [
    '',
    'x',
    token.slice(1),
    `${token}A`,
    `${token.slice(0, 42)}=`,
    '../../etc/passwd',
    'A'.repeat(43),
    unstored,
    tampered,
    `${token}\u0000`,
    '\ud800'.repeat(43),
  ]) {
    const error = await rejectsWith(links.resolve(bad), 'PAYMENT_LINK_INVALID');
    assert.ok(!error.message.includes(bad) || bad.length === 0, 'the refusal does not echo the token');
  }
});

test('a sandbox order is paid in the sandbox environment, whatever the key; others in production', async () => {
  const { record } = await world();
  assert.equal(paymentEnvironment({ ...record, grocerOrder: { ...record.grocerOrder, sandbox: true } }), 'sandbox');
  assert.equal(paymentEnvironment({ ...record, grocerOrder: { ...record.grocerOrder, sandbox: false } }), 'production');
});
