import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  capabilitiesForResponse,
  checkProtocolVersion,
  isUcpError,
  negotiateCapabilities,
  type CapabilityRegistry,
} from '../src/index.ts';

const CHECKOUT = 'dev.ucp.shopping.checkout';
const FULFILLMENT = 'dev.ucp.shopping.fulfillment';
const DISCOUNT = 'dev.ucp.shopping.discount';
const CART = 'dev.ucp.shopping.cart';
const ORDER = 'dev.ucp.shopping.order';

const business: CapabilityRegistry = {
  [CHECKOUT]: [
    { version: '2026-01-11' },
    { version: '2026-04-08', spec: 'https://ucp.dev/2026-04-08/specification/checkout' },
  ],
  [FULFILLMENT]: [{ version: '2026-04-08', extends: CHECKOUT }],
  [DISCOUNT]: [{ version: '2026-04-08', extends: [CHECKOUT, CART] }],
  [ORDER]: [{ version: '2026-04-08' }],
  'com.example.loyalty': [{ version: '2026-04-08', extends: DISCOUNT }],
};

describe('negotiateCapabilities', () => {
  test('keeps what both declare, at the highest shared version, as the business declared it', () => {
    const platform = {
      [CHECKOUT]: [{ version: '2026-01-11' }, { version: '2026-04-08' }, { version: '2027-01-01' }],
      [FULFILLMENT]: [{ version: '2026-04-08' }],
      [ORDER]: [{ version: '2026-04-08' }],
      'dev.ucp.shopping.catalog': [{ version: '2026-04-08' }],
    };
    assert.deepEqual(negotiateCapabilities(business, platform), {
      [CHECKOUT]: [{ version: '2026-04-08', spec: 'https://ucp.dev/2026-04-08/specification/checkout' }],
      [FULFILLMENT]: [{ version: '2026-04-08', extends: CHECKOUT }],
      [ORDER]: [{ version: '2026-04-08' }],
    });
  });

  test('a capability with no version in common is left out', () => {
    const result = negotiateCapabilities(business, {
      [CHECKOUT]: [{ version: '2026-01-11' }],
      [ORDER]: [{ version: '2025-01-01' }],
    });
    assert.deepEqual(result, { [CHECKOUT]: [{ version: '2026-01-11' }] });
  });

  test('an extension whose parent is not shared is pruned; a multi-parent one needs one parent', () => {
    const withoutCheckout = negotiateCapabilities(business, {
      [FULFILLMENT]: [{ version: '2026-04-08' }],
      [DISCOUNT]: [{ version: '2026-04-08' }],
      [ORDER]: [{ version: '2026-04-08' }],
    });
    assert.deepEqual(Object.keys(withoutCheckout), [ORDER]);
    const withCart = negotiateCapabilities(
      { ...business, [CART]: [{ version: '2026-04-08' }] },
      {
        [CART]: [{ version: '2026-04-08' }],
        [DISCOUNT]: [{ version: '2026-04-08' }],
      },
    );
    assert.deepEqual(Object.keys(withCart).sort(), [CART, DISCOUNT]);
  });

  test('pruning repeats along a chain of extensions, whatever the order of declaration', () => {
    // The grandchild comes first, so one pass alone would keep it after its parent went.
    const chain: CapabilityRegistry = {
      'com.example.loyalty': [{ version: '2026-04-08', extends: DISCOUNT }],
      [DISCOUNT]: [{ version: '2026-04-08', extends: [CHECKOUT, CART] }],
      [CHECKOUT]: [{ version: '2026-04-08' }],
    };
    const platform = { [DISCOUNT]: [{ version: '2026-04-08' }], 'com.example.loyalty': [{ version: '2026-04-08' }] };
    assert.deepEqual(negotiateCapabilities(chain, platform), {});
    const withCheckout = negotiateCapabilities(chain, { ...platform, [CHECKOUT]: [{ version: '2026-04-08' }] });
    assert.deepEqual(Object.keys(withCheckout).sort(), ['com.example.loyalty', CHECKOUT, DISCOUNT]);
  });

  test('names inherited from Object.prototype are not capabilities', () => {
    assert.deepEqual(negotiateCapabilities({ toString: [{ version: '2026-04-08' }] }, {}), {});
  });
});

describe('capabilitiesForResponse', () => {
  test('a checkout response declares checkout and its extensions, not order', () => {
    const negotiated = negotiateCapabilities(business, business);
    assert.deepEqual(Object.keys(capabilitiesForResponse(negotiated, CHECKOUT)).sort(), [
      CHECKOUT,
      DISCOUNT,
      FULFILLMENT,
    ]);
    assert.deepEqual(Object.keys(capabilitiesForResponse(negotiated, ORDER)), [ORDER]);
  });
});

describe('checkProtocolVersion', () => {
  test('accepts a served version and refuses others with version_unsupported (422)', () => {
    checkProtocolVersion('2026-04-08', ['2026-04-08']);
    checkProtocolVersion('2026-01-11', ['2026-04-08', '2026-01-11']);
    assert.throws(
      () => checkProtocolVersion('2026-01-12', ['2026-01-11', '2026-01-23']),
      (error) =>
        isUcpError(error) &&
        error.code === 'version_unsupported' &&
        error.status === 422 &&
        error.message ===
          'Protocol version 2026-01-12 is not supported. This business supports versions 2026-01-11 and 2026-01-23.',
    );
    assert.throws(() => checkProtocolVersion('2026-01-11', ['2026-04-08']), /supports version 2026-04-08\.$/);
  });
});
