import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fromAcpCreateRequest, fromAcpUpdateRequest, type AcpSessionRequest } from '../src/acp-request-mapping.ts';
import { DELIVERY_ADDRESS, LINE_A, LINE_B, sessionRecord } from './support/session-records.ts';

type Json = Record<string, unknown>;

function ok(read: AcpSessionRequest) {
  assert.ok(read.ok, JSON.stringify(!read.ok && read.error));
  return read;
}

const ADDRESS = {
  name: 'Somsri',
  line_one: '1 Rama IV',
  line_two: 'Floor 3',
  city: 'Pathum Wan',
  state: 'Bangkok',
  postal_code: '10330',
  country: 'TH',
};
const SESSION_STATE = {
  lines: [
    { cprcode: '100001', quantity: 2, lineId: LINE_A },
    { cprcode: '100002', quantity: 1, lineId: LINE_B },
  ],
  buyer: { firstName: 'Somchai', lastName: 'Jaidee', email: 'somchai@example.com', phone: '+66812345678' },
  fulfilment: { type: 'pickup', branchCode: 'BKK01' },
  couponCodes: [],
};

describe('create bodies', () => {
  test('both line shapes, quantity 1 by default; keys the shop does not know are ignored', () => {
    const read = ok(
      fromAcpCreateRequest({
        line_items: [
          { id: '100001' },
          { item: { id: '100002', name: 'ignored' }, quantity: 3 },
          { id: '100003', quantity: null },
        ],
        currency: 'THB',
        capabilities: { interventions: { supported: ['3ds'] } },
        affiliate_attribution: { token: 'x' },
        order_notes: 'Ring twice',
      }),
    );
    assert.deepEqual(read.input, {
      lines: [
        { cprcode: '100001', quantity: 1, lineId: undefined },
        { cprcode: '100002', quantity: 3, lineId: undefined },
        { cprcode: '100003', quantity: 1, lineId: undefined },
      ],
      buyer: { firstName: null, lastName: null, email: null, phone: null },
      fulfilment: null,
      couponCodes: [],
    });
    assert.equal(read.pathOf('lines.1.cprcode'), '$.line_items[1].item.id');
    assert.equal(read.pathOf('lines.0.cprcode'), '$.line_items[0].id');
    assert.equal(read.pathOf('lines.2.quantity'), '$.line_items[2].quantity');
  });

  test('fulfillment_details: an address asks for delivery there; its contact is the buyer’s; the body’s buyer wins', () => {
    const read = ok(
      fromAcpCreateRequest({
        line_items: [{ id: '100001' }],
        fulfillment_details: {
          name: 'Somsri',
          email: 'details@example.com',
          phone_number: '+66811111111',
          address: ADDRESS,
        },
        buyer: { email: 'buyer@example.com' },
      }),
    );
    assert.deepEqual(read.input.buyer, {
      firstName: null,
      lastName: null,
      email: 'buyer@example.com',
      phone: '+66811111111',
    });
    assert.deepEqual(read.input.fulfilment, {
      type: 'delivery',
      address: {
        streetAddress: '1 Rama IV, Floor 3',
        locality: 'Pathum Wan',
        region: 'Bangkok',
        postcode: '10330',
        country: 'TH',
        recipientName: 'Somsri',
      },
      scheduleMode: null,
    });
    assert.equal(read.pathOf('buyer.email'), '$.buyer.email');
    assert.equal(read.pathOf('buyer.phone'), '$.fulfillment_details.phone_number');
    assert.equal(read.pathOf('fulfilment.address.postcode'), '$.fulfillment_details.address.postal_code');
    assert.equal(read.pathOf('fulfilment.address.streetAddress'), '$.fulfillment_details.address.line_one');
    assert.equal(read.pathOf('fulfilment.address.recipientName'), '$.fulfillment_details.address.name');
  });

  test('a selection in the same body wins over the address; codes from discounts, or the deprecated coupons', () => {
    const pickup = ok(
      fromAcpCreateRequest({
        line_items: [{ id: '100001' }],
        fulfillment_details: { address: ADDRESS },
        selected_fulfillment_options: [{ type: 'pickup', option_id: 'pickup_BKK02', item_ids: ['anything'] }],
        discounts: { codes: ['SAVE10'] },
        coupons: ['IGNORED'],
      }),
    );
    assert.deepEqual(pickup.input.fulfilment, { type: 'pickup', branchCode: 'BKK02' });
    assert.deepEqual(pickup.input.couponCodes, ['SAVE10']);
    assert.equal(pickup.pathOf('fulfilment.branchCode'), '$.selected_fulfillment_options[0].option_id');
    assert.equal(pickup.pathOf('couponCodes.0'), '$.discounts.codes[0]');
    const legacy = ok(fromAcpCreateRequest({ line_items: [{ id: '100001' }], coupons: ['OLD'] }));
    assert.deepEqual(legacy.input.couponCodes, ['OLD']);
    assert.equal(legacy.pathOf('couponCodes.0'), '$.coupons[0]');
    const express = ok(
      fromAcpCreateRequest({
        line_items: [{ id: '100001' }],
        selected_fulfillment_options: [{ option_id: 'delivery_express' }],
      }),
    );
    assert.deepEqual(express.input.fulfilment, { type: 'delivery', address: null, scheduleMode: 'EXPRESS' });
  });

  test('shapes the shop refuses before core, each with its JSONPath', () => {
    const cases: [Json, string][] = [
      [{ line_items: [{ id: '1' }], currency: 'usd' }, '$.currency'],
      [{ line_items: [{ id: '1' }], buyer: 'me' }, '$.buyer'],
      [{ line_items: [{ id: '1' }], fulfillment_details: [] }, '$.fulfillment_details'],
      [{ line_items: [{ id: '1' }], fulfillment_details: { address: 'x' } }, '$.fulfillment_details.address'],
      [{ line_items: [{ id: '1' }], selected_fulfillment_options: {} }, '$.selected_fulfillment_options'],
      [
        { line_items: [{ id: '1' }], selected_fulfillment_options: [{ option_id: 'ship_1' }] },
        '$.selected_fulfillment_options[0].option_id',
      ],
      [
        { line_items: [{ id: '1' }], selected_fulfillment_options: ['pickup_BKK01'] },
        '$.selected_fulfillment_options[0].option_id',
      ],
      [{ line_items: [{ id: '1' }], discounts: [] }, '$.discounts'],
      [{ line_items: [{ id: '1' }], discounts: { codes: 'A' } }, '$.discounts.codes'],
      [{ line_items: [{ id: '1' }], discounts: { codes: ['A', null] } }, '$.discounts.codes[1]'],
      [{ line_items: [{ id: '1' }], coupons: [1] }, '$.coupons[0]'],
    ];
    for (const [body, param] of cases) {
      const read = fromAcpCreateRequest(body);
      assert.ok(!read.ok, JSON.stringify(body));
      assert.deepEqual(
        [read.error.status, read.error.code, read.error.param],
        [400, 'invalid', param],
        JSON.stringify(body),
      );
    }
  });
});

describe('update bodies: patches of the session', () => {
  test('an empty patch leaves everything as it is', () => {
    assert.deepEqual(ok(fromAcpUpdateRequest({}, sessionRecord())).input, SESSION_STATE);
  });

  test('line ids keep their lines; a product already on the session keeps its line in core', () => {
    const read = ok(
      fromAcpUpdateRequest({ line_items: [{ id: LINE_B, quantity: 4 }, { item: { id: '100003' } }] }, sessionRecord()),
    );
    assert.deepEqual(read.input.lines, [
      { cprcode: '100002', quantity: 4, lineId: LINE_B },
      { cprcode: '100003', quantity: 1, lineId: undefined },
    ]);
    const unknownLine = ok(fromAcpUpdateRequest({ line_items: [{ id: `li_${'f'.repeat(32)}` }] }, sessionRecord()));
    assert.equal(
      unknownLine.input.lines[0]!.cprcode,
      `li_${'f'.repeat(32)}`,
      'not this session’s line: read as a product id (core refuses it)',
    );
    assert.equal(unknownLine.pathOf('lines.0.cprcode'), '$.line_items[0].id');
  });

  test('objects merge key by key; null clears a key or the whole object', () => {
    const merged = ok(fromAcpUpdateRequest({ buyer: { first_name: 'Somsri', phone_number: null } }, sessionRecord()));
    assert.deepEqual(merged.input.buyer, {
      firstName: 'Somsri',
      lastName: 'Jaidee',
      email: 'somchai@example.com',
      phone: null,
    });
    const cleared = ok(fromAcpUpdateRequest({ buyer: null }, sessionRecord()));
    assert.deepEqual(cleared.input.buyer, { firstName: null, lastName: null, email: null, phone: null });
    const codes = ok(fromAcpUpdateRequest({ discounts: null }, sessionRecord({ couponCodes: ['SAVE10'] })));
    assert.deepEqual(codes.input.couponCodes, []);
    const kept = ok(fromAcpUpdateRequest({ discounts: {} }, sessionRecord({ couponCodes: ['SAVE10'] })));
    assert.deepEqual(kept.input.couponCodes, ['SAVE10'], 'discounts without codes changes none');
  });

  test('delivery: a new name renames the recipient, a new address replaces the old one whole, null clears it', () => {
    const delivering = sessionRecord({
      fulfilment: { type: 'delivery', address: DELIVERY_ADDRESS, scheduleMode: 'EXPRESS' },
    });
    const renamed = ok(fromAcpUpdateRequest({ fulfillment_details: { name: 'Somsri' } }, delivering));
    assert.deepEqual(renamed.input.fulfilment, {
      type: 'delivery',
      address: { ...DELIVERY_ADDRESS, recipientName: 'Somsri' },
      scheduleMode: 'EXPRESS',
    });
    const moved = ok(
      fromAcpUpdateRequest(
        { fulfillment_details: { address: { line_one: '2 Silom', postal_code: '10500', country: 'TH' } } },
        delivering,
      ),
    );
    assert.deepEqual(moved.input.fulfilment, {
      type: 'delivery',
      address: {
        streetAddress: '2 Silom',
        locality: null,
        region: null,
        postcode: '10500',
        country: 'TH',
        recipientName: 'Somchai Jaidee',
      },
      scheduleMode: 'EXPRESS',
    });
    const gone = ok(fromAcpUpdateRequest({ fulfillment_details: null }, delivering));
    assert.deepEqual(gone.input.fulfilment, { type: 'delivery', address: null, scheduleMode: 'EXPRESS' });
    const unslotted = ok(fromAcpUpdateRequest({ selected_fulfillment_options: [] }, delivering));
    assert.deepEqual(unslotted.input.fulfilment, { type: 'delivery', address: DELIVERY_ADDRESS, scheduleMode: null });
  });

  test('pickup: an address asks for delivery instead; clearing the selection clears the choice', () => {
    const toDelivery = ok(fromAcpUpdateRequest({ fulfillment_details: { address: ADDRESS } }, sessionRecord()));
    assert.equal(toDelivery.input.fulfilment?.type, 'delivery');
    const unchosen = ok(fromAcpUpdateRequest({ selected_fulfillment_options: null }, sessionRecord()));
    assert.equal(unchosen.input.fulfilment, null);
  });
});
