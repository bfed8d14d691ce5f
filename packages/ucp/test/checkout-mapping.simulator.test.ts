import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Commerce, createCommerce, type PartnerContext, type SessionCaller } from '@grocery/core';
import type { Branch } from '@grocery/core';
import { InMemoryCatalog, InMemoryStore, ManualClock, StaticIdentityVerifier } from '@grocery/core/testing';
import { createGrocerSimulator, type GrocerSimulator } from '@grocery/grocer';
import { thaiPostcodeDirectory } from '@grocery/postcodes';
import { toUcpCheckout, type UcpCheckout, type UcpTotal } from '../src/checkout-mapping.ts';
import { view } from './support/session-records.ts';
import { assertCheckout } from './support/ucp-json-schemas.ts';

/** The same invariant as checkout-mapping.test.ts: the entries other than `total` add up to it. */
function assertAddsUp(totals: readonly UcpTotal[]): void {
  const sum = totals.filter((t) => t.type !== 'total').reduce((s, t) => s + t.amount, 0);
  assert.equal(sum, totals.find((t) => t.type === 'total')?.amount, JSON.stringify(totals));
}

describe('checkout totals against the grocer simulator (promotions, coupons, delivery fees, express)', () => {
  let grocer: GrocerSimulator;
  let commerce: Commerce;
  let branch: Branch;
  let cprcodes: string[];
  const partner: PartnerContext = {
    partnerId: 'ptn_sim',
    partnerName: 'Sim',
    orderSource: 'SRC_SIM',
    environment: 'sandbox',
    keyPrefix: 'ak_test_SIM',
    clientIds: [],
    live: false,
  };
  const caller: SessionCaller = { partner, callerId: 'agt_sim', protocol: 'ucp' };

  before(async () => {
    const clock = new ManualClock();
    grocer = createGrocerSimulator({ seed: 7, productCount: 200, clock, log: () => {} });
    const store = new InMemoryStore({ clock });
    commerce = createCommerce({
      store,
      grocer,
      catalog: new InMemoryCatalog([...grocer.allProducts()]),
      identity: new StaticIdentityVerifier({}),
      search: null,
      publicBaseUrl: 'https://api.example',
      clock,
      postcodes: thaiPostcodeDirectory,
    });
    await store.createPartner({
      partnerId: partner.partnerId,
      name: 'Sim',
      environment: 'sandbox',
      orderSource: 'SRC_SIM',
    });
    branch = (await grocer.branches()).find((b) => b.deliveryAvailable && b.alcoholLicensed)!;
    const all = grocer.allProducts().filter((p) => p.active && p.online && !p.alcohol);
    const codes = all.map((p) => p.cprcode);
    const [prices, stock] = await Promise.all([
      grocer.prices(branch.branchCode, codes),
      grocer.stock(branch.branchCode, codes),
    ]);
    const priced = new Set(prices.filter((p) => p.price !== null).map((p) => p.cprcode));
    cprcodes = stock
      .filter((s) => s.listable && (s.sellableQty ?? 0) >= 5 && priced.has(s.cprcode))
      .map((s) => s.cprcode)
      .slice(0, 6);
    assert.equal(cprcodes.length, 6, 'the simulated branch sells six products');
  });
  after(async () => grocer.close());

  const lines = () => cprcodes.map((cprcode, i) => ({ cprcode, quantity: 1 + (i % 3) }));
  const buyer = { email: 'somchai@example.com' };

  async function checkout(input: Parameters<Commerce['sessions']['create']>[1]): Promise<UcpCheckout> {
    const session = await commerce.sessions.create(caller, input);
    const body = toUcpCheckout(session, view());
    assertCheckout(body);
    assertAddsUp(body.totals);
    assert.equal(body.totals.at(-1)?.amount, session.quote?.grandTotalSatang);
    return body;
  }

  test('pickup with SAVE10: the coupon is an applied discount whose allocations are the line discounts', async () => {
    const body = await checkout({
      lines: lines(),
      buyer,
      fulfilment: { type: 'pickup', branchCode: branch.branchCode },
      couponCodes: ['save10'],
    });
    assert.equal(body.status, 'ready_for_complete', JSON.stringify(body.messages));
    const applied = body.discounts?.applied ?? [];
    assert.ok(applied.length > 0, 'a discount is applied');
    const onLines = applied[0]!;
    assert.equal(
      onLines.allocations.reduce((s, a) => s + a.amount, 0),
      onLines.amount,
    );
    const itemsDiscount = body.totals.find((t) => t.type === 'items_discount')?.amount;
    assert.equal(itemsDiscount, -onLines.amount);
  });

  test('delivery, REGULAR and EXPRESS, with and without FREESHIP: every bill adds up to the grand total', async () => {
    const address = {
      streetAddress: '1 Test Road',
      locality: null,
      region: null,
      postcode: branch.postcode,
      country: 'TH',
      recipientName: null,
    };
    const fees: Record<string, [number | undefined, number | undefined]> = {};
    // A small basket (below the free-delivery threshold) and a large one (above it).
    for (const basket of [lines().slice(0, 1), lines()])
      for (const scheduleMode of ['REGULAR', 'EXPRESS'] as const)
        for (const couponCodes of [[], ['FREESHIP'], ['SAVE10', 'FREESHIP']]) {
          const body = await checkout({
            lines: basket,
            buyer,
            fulfilment: { type: 'delivery', address, scheduleMode },
            couponCodes,
          });
          const amount = (type: string) => body.totals.find((t) => t.type === type)?.amount;
          fees[`${basket.length} ${scheduleMode} ${couponCodes.join('+')}`] = [
            amount('fulfillment'),
            amount('discount'),
          ];
        }
    const small = (mode: string, codes: string) => fees[`1 ${mode} ${codes}`]!;
    assert.ok(
      (small('REGULAR', '')[0] ?? 0) > 0 && small('REGULAR', '')[1] === undefined,
      'a small basket pays delivery',
    );
    assert.ok((small('EXPRESS', '')[0] ?? 0) > (small('REGULAR', '')[0] ?? 0), 'express costs more');
    assert.equal(small('REGULAR', 'FREESHIP')[1], -(small('REGULAR', '')[0] ?? 0), 'FREESHIP takes the fee off');
    assert.ok((fees['6 REGULAR ']![1] ?? 0) < 0, 'a large basket ships free');
  });
});
