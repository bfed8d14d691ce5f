import type { Mailer } from '../../src/ports/mailer.ts';
import assert from 'node:assert/strict';
import {
  CommerceError,
  createCommerce,
  SandboxPaymentProvider,
  shopperContext,
  type PartnerContext,
  type Product,
  type SagaSettings,
  type ShopperContext,
} from '@grocery/core';
import type { GrocerOrder } from '@grocery/core/ports';
import {
  InMemoryCatalog,
  InMemoryGrocer,
  InMemoryStore,
  ManualClock,
  StaticIdentityVerifier,
  testBranch,
  testProduct,
} from '@grocery/core/testing';
import { createRequestLoaders } from '../../src/services/request-loaders.ts';

/** Products of the unit tests' world, by what they are for. */
export const MILK = '100001';
/** Priced by its detail price at every branch (no feed entry). */
export const RICE = '100002';
export const BEER = '100003';
export const OFFLINE = '100004';
/** In the catalog, priced nowhere. */
export const UNPRICED = '100005';
export const UNKNOWN = '999999';

/** BKK01 prices milk in its feed and may sell alcohol; BKK02 prices milk higher and may not. */
const products = [
  testProduct({ cprcode: MILK, nameEn: 'Fresh milk 1 l' }),
  testProduct({ cprcode: RICE, nameEn: 'Jasmine rice 5 kg', detailPriceSatang: 21_500 }),
  testProduct({ cprcode: BEER, nameEn: 'Lager 6 pack', alcohol: true }),
  testProduct({ cprcode: OFFLINE, nameEn: 'Gone offline', online: false, detailPriceSatang: 1_000 }),
  testProduct({ cprcode: UNPRICED, nameEn: 'Not priced' }),
];

/** Lets a test move the grocer's view of an order (picking, cancellation) as the real grocer would. */
export class MovableGrocer extends InMemoryGrocer {
  readonly moves = new Map<string, (order: GrocerOrder) => GrocerOrder>();

  override async orders(orderIds: readonly string[]): Promise<GrocerOrder[]> {
    return (await super.orders(orderIds)).map((order) => this.moves.get(order.orderId)?.(order) ?? order);
  }
}

/** Everything a unit test of the services needs, wired through createCommerce on the port fakes. */
export function commerceWorld(
  options: {
    sagas?: Partial<SagaSettings>;
    partner?: Partial<PartnerContext>;
    settlement?: 'immediate' | 'deferred';
    moreProducts?: Product[];
    mailer?: Mailer;
  } = {},
) {
  const all = [...products, ...(options.moreProducts ?? [])];
  const clock = new ManualClock();
  const prices: Record<string, Record<string, number>> = {
    BKK01: { [MILK]: 4_500, [BEER]: 6_000 },
    BKK02: { [MILK]: 4_700, [BEER]: 6_000 },
  };
  const stock: Record<string, Record<string, number>> = { BKK01: { [MILK]: 12 } };
  const grocer = new MovableGrocer({
    products: all,
    branches: [testBranch({ branchCode: 'BKK01' }), testBranch({ branchCode: 'BKK02', alcoholLicensed: false })],
    prices,
    stock,
    clock,
  });
  const catalog = new InMemoryCatalog(all);
  const store = new InMemoryStore({ clock });
  const sandbox = new SandboxPaymentProvider({ settlement: options.settlement ?? 'immediate' });
  const production = new SandboxPaymentProvider();
  const commerce = createCommerce({
    store,
    grocer,
    catalog,
    identity: new StaticIdentityVerifier({}),
    search: null,
    publicBaseUrl: 'https://api.example',
    shopUrl: 'https://shop.example',
    clock,
    defaultBranchCode: 'BKK01',
    // A second sandbox instance stands in for the production provider (its name stays `sandbox`).
    paymentProviders: { sandbox, production },
    sagas: { waitForRunningMs: 50, ...options.sagas },
    ...(options.mailer ? { mailer: options.mailer } : {}),
    // BKK01 and BKK02 stand in central Bangkok; 10110 is theirs, 50000 (Chiang Mai) is nobody's.
    postcodes: {
      centreOf: async (postcode) =>
        ({ '10110': { lat: 13.74, lon: 100.55 }, '50000': { lat: 18.79, lon: 98.98 } })[postcode] ?? null,
    },
  });
  const partner: PartnerContext = {
    partnerId: 'ptn_a',
    partnerName: 'A',
    orderSource: 'SRC_A',
    environment: 'sandbox',
    keyPrefix: 'pk_test_AAAA',
    clientIds: ['client-a'],
    live: false,
    ...options.partner,
  };
  const shopper = (ownerId: string, overrides: Partial<PartnerContext> = {}): ShopperContext =>
    shopperContext({ ...partner, ...overrides }, { ownerId, email: null, clientId: 'client-a' });
  return {
    clock,
    prices,
    stock,
    grocer,
    catalog,
    store,
    sandbox,
    commerce,
    ann: shopper('ann'),
    shopper,
    /** Fresh per-request loaders, as each GraphQL request gets. */
    loaders: () => createRequestLoaders(grocer, catalog),
  };
}

/** The token of a payment link URL (`…/pay/<token>`). */
export const tokenOf = (url: string): string => url.slice(url.lastIndexOf('/') + 1);

/** Asserts that `promise` rejects with a CommerceError of `code` (and `field` when given). */
export async function rejectsWith(promise: Promise<unknown>, code: string, field?: string): Promise<CommerceError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof CommerceError, `expected a CommerceError, got ${String(error)}`);
    assert.equal(error.code, code, `expected ${code}, got ${error.code}: ${error.message}`);
    if (field !== undefined) assert.equal(error.field, field);
    return error;
  }
  assert.fail(`expected ${code}, but the call succeeded`);
}
