import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fromUcpCheckoutRequest, paymentOf, type CheckoutRequest } from '../src/checkout-request-mapping.ts';
import { LINE_A } from './support/session-records.ts';

const previous = [{ lineId: LINE_A, cprcode: '100001', quantity: 2 }];

function read(body: Record<string, unknown>, lines = previous): Extract<CheckoutRequest, { ok: true }> {
  const result = fromUcpCheckoutRequest(body, lines);
  assert.ok(result.ok, JSON.stringify(!result.ok && result.error));
  return result;
}

const address = {
  street_address: '99 Sukhumvit Soi 11',
  extended_address: 'Unit 5',
  address_locality: 'Watthana',
  address_region: 'Bangkok',
  postal_code: '10110',
  address_country: 'THA',
  first_name: 'Somchai',
  last_name: 'Jaidee',
};

describe('UCP create and update bodies as core input', () => {
  test('lines: item.id is the cprcode, quantity defaults to 1, a known line id keeps its line; output-only fields are ignored', () => {
    const { input } = read({
      id: 'cs_whatever',
      status: 'completed',
      currency: 'USD',
      totals: [{ type: 'total', amount: 1 }],
      ucp: { version: '2020-01-01' },
      line_items: [
        { item: { id: '100002', title: 'ignored', price: 1 } },
        { id: LINE_A, quantity: 3 },
        { id: 'li_1', item: { id: '100003' }, quantity: 2, totals: [] },
      ],
    });
    assert.deepEqual(input, {
      lines: [
        { cprcode: '100002', quantity: 1, lineId: undefined },
        { cprcode: '100001', quantity: 3, lineId: LINE_A },
        { cprcode: '100003', quantity: 2, lineId: undefined },
      ],
      buyer: null,
      fulfilment: null,
      couponCodes: [],
    });
  });

  test('buyer fields by their UCP names; discounts.codes are the coupon codes', () => {
    const { input } = read({
      line_items: [{ item: { id: '100001' } }],
      buyer: {
        first_name: 'Somchai',
        last_name: 'Jaidee',
        email: 'somchai@example.com',
        phone_number: '+66812345678',
        x: 1,
      },
      discounts: { codes: ['save10'], applied: [{ title: 'ignored', amount: 1 }] },
    });
    assert.deepEqual(input.buyer, {
      firstName: 'Somchai',
      lastName: 'Jaidee',
      email: 'somchai@example.com',
      phone: '+66812345678',
    });
    assert.deepEqual(input.couponCodes, ['save10']);
  });

  test('shipping: the selected destination (or the only one) with the selected slot; alpha-3 Thailand is TH', () => {
    const { input } = read({
      line_items: [{ item: { id: '100001' } }],
      fulfillment: {
        methods: [
          { type: 'pickup', line_item_ids: [], destinations: [{ id: 'BKK01', name: 'x' }] },
          {
            type: 'shipping',
            line_item_ids: [LINE_A],
            selected_destination_id: 'home',
            destinations: [
              { id: 'work', street_address: '1 Silom', postal_code: '10500', address_country: 'TH' },
              { ...address, id: 'home' },
            ],
            groups: [{ id: 'delivery', selected_option_id: 'Express' }],
          },
        ],
      },
    });
    assert.deepEqual(input.fulfilment, {
      type: 'delivery',
      address: {
        streetAddress: '99 Sukhumvit Soi 11, Unit 5',
        locality: 'Watthana',
        region: 'Bangkok',
        postcode: '10110',
        country: 'TH',
        recipientName: 'Somchai Jaidee',
      },
      scheduleMode: 'EXPRESS',
    });
    const created = read({
      line_items: [{ item: { id: '100001' } }],
      fulfillment: { methods: [{ type: 'shipping', destinations: [address] }] },
    });
    assert.equal(created.input.fulfilment?.type, 'delivery');
    assert.equal(created.input.fulfilment?.type === 'delivery' && created.input.fulfilment.scheduleMode, null);
  });

  test('pickup: selected_destination_id is the branch code; an echo of our offer without a choice is no fulfilment', () => {
    const pickup = read({
      line_items: [{ item: { id: '100001' } }],
      fulfillment: { methods: [{ type: 'pickup', selected_destination_id: 'BKK02' }] },
    });
    assert.deepEqual(pickup.input.fulfilment, { type: 'pickup', branchCode: 'BKK02' });
    const echo = read({
      line_items: [{ item: { id: '100001' } }],
      fulfillment: {
        methods: [
          {
            id: 'pickup',
            type: 'pickup',
            line_item_ids: [],
            destinations: [{ id: 'BKK01', name: 'Sukhumvit' }],
            selected_destination_id: null,
          },
          { id: 'shipping', type: 'shipping', line_item_ids: [], destinations: [], selected_destination_id: null },
        ],
      },
    });
    assert.equal(echo.input.fulfilment, null);
  });

  test('core field names map back to the request JSONPath, including where the chosen method sat', () => {
    const { pathOf } = read({
      line_items: [{ item: { id: '100001' } }],
      fulfillment: {
        methods: [{ type: 'pickup' }, { type: 'shipping', line_item_ids: [LINE_A], destinations: [{}, address] }],
      },
    });
    assert.equal(pathOf('lines'), '$.line_items');
    assert.equal(pathOf('lines.0.item.id'), '$.line_items[0].item.id');
    assert.equal(pathOf('lines.1.cprcode'), '$.line_items[1].item.id');
    assert.equal(pathOf('lines.2.quantity'), '$.line_items[2].quantity');
    assert.equal(pathOf('buyer.phone'), '$.buyer.phone_number');
    assert.equal(pathOf('couponCodes.1'), '$.discounts.codes[1]');
    assert.equal(pathOf('fulfilment.address.postcode'), '$.fulfillment.methods[1].destinations[0].postal_code');
    assert.equal(pathOf('fulfilment.scheduleMode'), '$.fulfillment.methods[1].groups[0].selected_option_id');
    assert.equal(pathOf('somethingElse'), undefined);
  });

  test('a wrong shape is a 400 naming the field, before core sees anything', () => {
    const refused = (body: Record<string, unknown>) => {
      const result = fromUcpCheckoutRequest(body, []);
      assert.ok(!result.ok);
      return [result.error.status, result.error.code, result.error.path];
    };
    assert.deepEqual(refused({ line_items: [], buyer: 'me' }), [400, 'invalid_input', '$.buyer']);
    assert.deepEqual(refused({ line_items: [], discounts: { codes: 'SAVE' } }), [
      400,
      'invalid_input',
      '$.discounts.codes',
    ]);
    assert.deepEqual(refused({ line_items: [], discounts: { codes: ['A', 7] } }), [
      400,
      'invalid_input',
      '$.discounts.codes[1]',
    ]);
    assert.deepEqual(refused({ line_items: [], fulfillment: [] }), [400, 'invalid_input', '$.fulfillment']);
    assert.deepEqual(refused({ line_items: [], fulfillment: { methods: {} } }), [
      400,
      'invalid_input',
      '$.fulfillment.methods',
    ]);
  });
});

describe('UCP complete bodies as a payment', () => {
  const instrument = (handler: string, token: unknown, extra: Record<string, unknown> = {}) => ({
    id: 'instr_1',
    handler_id: handler,
    type: 'card',
    credential: { type: 'token', token },
    ...extra,
  });

  test('the mock handler pays with its token; a token it does not know is declined; anything else escalates', () => {
    const pay = (instruments: unknown) => paymentOf({ payment: { instruments } });
    assert.deepEqual(pay([instrument('mock_payment_handler', 'success_token')]), {
      kind: 'sandbox-token',
      token: 'success_token',
    });
    assert.deepEqual(pay([instrument('mock_payment_handler', 'fail_token')]), {
      kind: 'sandbox-token',
      token: 'fail_token',
    });
    assert.deepEqual(pay([instrument('mock_payment_handler', 'tok_live_123')]), {
      kind: 'sandbox-token',
      token: 'fail_token',
    });
    assert.deepEqual(pay([instrument('gpay_1234', 'x')]), { kind: 'payment-page' });
    assert.deepEqual(pay([]), { kind: 'payment-page' });
    assert.deepEqual(paymentOf({}), { kind: 'payment-page' });
    assert.deepEqual(paymentOf({ payment: 'cash' }), { kind: 'payment-page' });
  });

  test('the selected instrument wins over the first', () => {
    const chosen = paymentOf({
      payment: {
        instruments: [
          instrument('gpay_1234', 'x'),
          instrument('mock_payment_handler', 'success_token', { selected: true }),
        ],
      },
    });
    assert.deepEqual(chosen, { kind: 'sandbox-token', token: 'success_token' });
  });
});
