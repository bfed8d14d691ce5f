/**
 * Request bodies an agent platform should never send, for the agent protocols' whole-system tests:
 * unreadable bytes, JSON nested to exhaust a parser, text no field may hold (NUL, lone
 * surrogates), numbers and types in the wrong places, prototype keys, lists too long. Each protocol
 * must answer every one over HTTP with a JSON 2xx or 4xx, never a 5xx.
 */

/** A named body: text (sent as UTF-8) or raw bytes. */
export type HostileBody = [name: string, body: string | Uint8Array<ArrayBuffer>];

/**
 * Hostile bodies for create, update and complete calls of either protocol, around one real product
 * (so that a body otherwise valid reaches the checkout rules).
 *
 * @example
 * for (const [name, body] of hostileBodies(cprcode)) await fetch(url, { method: 'POST', headers, body });
 */
export function hostileBodies(cprcode: string): HostileBody[] {
  const line = { item: { id: cprcode }, id: cprcode };
  return [
    ['nested 30 000 deep', `${'['.repeat(30_000)}${']'.repeat(30_000)}`],
    ['invalid UTF-8', new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])],
    ['not JSON', '{"line_items": [ '],
    ['a JSON array', '[1,2,3]'],
    ['JSON null', 'null'],
    [
      'NUL in ids and names',
      JSON.stringify({ line_items: [{ item: { id: '\u0000' } }], buyer: { email: 'a\u0000b@x.th' } }),
    ],
    ['lone surrogates', `{"line_items":[{"item":{"id":"\\ud800"}}],"buyer":{"first_name":"\\udc00"}}`],
    ['a quantity of 1e308', JSON.stringify({ line_items: [{ ...line, quantity: 1e308 }] })],
    ['a negative quantity', JSON.stringify({ line_items: [{ ...line, quantity: -1 }] })],
    ['a fractional quantity', JSON.stringify({ line_items: [{ ...line, quantity: 1.5 }] })],
    [
      '2 000 lines',
      JSON.stringify({ line_items: Array.from({ length: 2_000 }, (_, i) => ({ item: { id: String(i) } })) }),
    ],
    [
      'prototype keys',
      `{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},"line_items":[{"item":{"id":"${cprcode}"}}]}`,
    ],
    [
      'buyer of the wrong types',
      JSON.stringify({ line_items: [line], buyer: { email: 5, first_name: ['a'], phone_number: {} } }),
    ],
    [
      'addresses of the wrong types',
      JSON.stringify({
        line_items: [line],
        fulfillment: {
          methods: [{ type: 'shipping', destinations: [{ postal_code: { $gt: '' }, street_address: 7 }] }],
        },
        fulfillment_details: { address: { postal_code: [], line_one: null } },
      }),
    ],
    ['500 coupon codes', JSON.stringify({ line_items: [line], discounts: { codes: Array(500).fill('SAVE10') } })],
    [
      'selections of the wrong types',
      JSON.stringify({
        selected_fulfillment_options: [{ option_id: '../../etc', item_ids: 5 }],
        fulfillment_details: 'x',
      }),
    ],
    [
      'payments of the wrong types',
      JSON.stringify({
        payment: { instruments: [{ handler_id: 'mock_payment_handler', credential: { token: { a: 1 } } }] },
        payment_data: { handler_id: 5, instrument: 'x' },
      }),
    ],
  ];
}
