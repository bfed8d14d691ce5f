/**
 * Hostile input against the grocer's HTTP server and client: every answer is a typed 4xx with a
 * stable code and no internals, never a 500; the client maps failures to CommerceError codes.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { ERROR_CODES } from '@grocery/core';
import { ManualClock } from '@grocery/core/testing';
import {
  createGrocerServer,
  createGrocerSimulator,
  createHttpGrocer,
  GROCER_MAX_BODY_BYTES,
  type GrocerSimulator,
} from '../src/index.ts';
import { rejectsWith } from './grocer-gateway-contract.ts';

const CONTROL = 'bad-input-control-token-0123456789';
const API = 'bad-input-api-token-0123456789';

describe('grocer HTTP server under hostile input', () => {
  let sim: GrocerSimulator;
  let server: Awaited<ReturnType<typeof createGrocerServer>>;
  let cprcode: string;
  const internalErrors: unknown[] = [];

  before(async () => {
    sim = createGrocerSimulator({ seed: 5, productCount: 2_000, clock: new ManualClock(), log: () => {} });
    server = await createGrocerServer(sim, {
      controlToken: CONTROL,
      apiToken: API,
      log: (m) => internalErrors.push(m),
    });
    cprcode = sim
      .allProducts()
      .find((p) => p.active && p.online && !p.alcohol && sim.feedEntry('BKK01', p.cprcode).state === 'PRICED')!.cprcode;
  });
  after(async () => {
    await server.close();
    await sim.close();
    assert.deepEqual(internalErrors, [], 'no request reached an internal error');
  });

  async function send(
    method: string,
    path: string,
    body?: string | Uint8Array<ArrayBuffer>,
    headers: Record<string, string> = {},
  ) {
    const response = await fetch(`${server.origin}${path}`, {
      method,
      headers: { authorization: `Bearer ${API}`, 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body }),
    });
    const text = await response.text();
    return {
      status: response.status,
      text,
      json: text ? (JSON.parse(text) as { error?: { code: string; message: string; field?: string } }) : null,
    };
  }

  /** Asserts a typed refusal: the status, the code, no stack trace or path in the message. */
  async function refused(
    method: string,
    path: string,
    body: string | Uint8Array<ArrayBuffer> | undefined,
    status: number,
    code: string,
    field?: string,
    headers?: Record<string, string>,
  ) {
    const answer = await send(method, path, body, headers);
    assert.equal(
      answer.status,
      status,
      `${method} ${path} ${typeof body === 'string' ? body.slice(0, 80) : ''}: ${answer.text.slice(0, 300)}`,
    );
    assert.ok(answer.json?.error, 'error body');
    assert.equal(answer.json.error.code, code);
    assert.ok((ERROR_CODES as readonly string[]).includes(answer.json.error.code));
    assert.ok(answer.json.error.message.length > 0 && answer.json.error.message.length < 500);
    assert.doesNotMatch(
      answer.text,
      /\bat [\w.<>]+ \(|node:internal|\/work\/|\.ts:\d+/,
      'no stack trace or file path leaks',
    );
    if (field !== undefined) assert.equal(answer.json.error.field, field);
    return answer;
  }

  const calc = (lines: unknown, extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      branchCode: 'BKK01',
      lines,
      fulfilment: 'PICKUP',
      scheduleMode: 'REGULAR',
      address: null,
      couponCodes: [],
      orderSource: 'T',
      ...extra,
    });

  test('malformed bodies', async () => {
    await refused('POST', '/v1/calculate', '{"branchCode":', 400, 'INVALID_INPUT');
    await refused('POST', '/v1/calculate', '', 400, 'INVALID_INPUT');
    for (const body of ['null', '[]', '123', '"text"', 'true'])
      await refused('POST', '/v1/calculate', body, 400, 'INVALID_INPUT');
    await refused('POST', '/v1/calculate', new Uint8Array([0xff, 0xfe, 0x00, 0x7b]), 400, 'INVALID_INPUT');
    await refused('POST', '/v1/products/lookup', '{"cprcodes":"1234567"}', 400, 'INVALID_CPRCODE', 'cprcodes');
    const polluting = await send('POST', '/v1/products/lookup', '{"__proto__":{"polluted":true},"cprcodes":[]}');
    assert.equal(polluting.status, 200);
    assert.deepEqual(polluting.json, { items: [] });
    assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
    const nested = '['.repeat(5000) + ']'.repeat(5000);
    await refused('POST', '/v1/calculate', nested, 400, 'INVALID_INPUT');
  });

  test('oversized bodies are refused with 413', async () => {
    const huge = JSON.stringify({ cprcodes: Array.from({ length: 60_000 }, (_, i) => String(1_000_000 + i)) });
    assert.ok(huge.length > GROCER_MAX_BODY_BYTES);
    await refused('POST', '/v1/products/lookup', huge, 413, 'PAYLOAD_TOO_LARGE');
  });

  test('hostile quantities, cprcodes, branches and lines', async () => {
    for (const quantity of [0, -1, 1.5, 100, 1e9, 1e308, '2', null, true, [1], { n: 1 }]) {
      await refused(
        'POST',
        '/v1/calculate',
        calc([{ cprcode, quantity }]),
        400,
        'INVALID_QUANTITY',
        'lines.0.quantity',
      );
    }
    for (const bad of ['', 'abc', '12345678901234', '-1', '1e5', ' 123', 123, null, '１２３']) {
      await refused(
        'POST',
        '/v1/calculate',
        calc([{ cprcode: bad, quantity: 1 }]),
        400,
        'INVALID_CPRCODE',
        'lines.0.cprcode',
      );
    }
    await refused(
      'POST',
      '/v1/calculate',
      calc([{ cprcode: '999999999999', quantity: 1 }]),
      400,
      'INVALID_CPRCODE',
      'lines.0.cprcode',
    );
    await refused('POST', '/v1/calculate', calc([]), 400, 'EMPTY_BASKET', 'lines');
    await refused('POST', '/v1/calculate', calc(null), 400, 'INVALID_INPUT', 'lines');
    await refused('POST', '/v1/calculate', calc([1, 2]), 400, 'INVALID_INPUT', 'lines.0');
    await refused(
      'POST',
      '/v1/calculate',
      calc(Array.from({ length: 101 }, (_, i) => ({ cprcode: String(i + 1), quantity: 1 }))),
      400,
      'INVALID_INPUT',
      'lines',
    );
    for (const branchCode of ['', 'x', 'BKK01; DROP TABLE', '../../etc', 'ZZZZ99', 42]) {
      await refused(
        'POST',
        '/v1/calculate',
        calc([{ cprcode, quantity: 1 }], { branchCode }),
        400,
        'INVALID_BRANCH',
        'branchCode',
      );
    }
    await refused(
      'POST',
      '/v1/branches/..%2F..%2Fetc/prices',
      JSON.stringify({ cprcodes: [cprcode] }),
      400,
      'INVALID_BRANCH',
    );
    await refused(
      'POST',
      '/v1/branches/BKK01/prices',
      JSON.stringify({ cprcodes: [cprcode, 'x'] }),
      400,
      'INVALID_CPRCODE',
      'cprcodes.1',
    );
    await refused(
      'POST',
      '/v1/calculate',
      calc([{ cprcode, quantity: 1 }], { fulfilment: 'TELEPORT' }),
      400,
      'INVALID_INPUT',
      'fulfilment',
    );
    await refused(
      'POST',
      '/v1/calculate',
      calc([{ cprcode, quantity: 1 }], { fulfilment: 7 }),
      400,
      'INVALID_INPUT',
      'fulfilment',
    );
    await refused(
      'POST',
      '/v1/calculate',
      calc([{ cprcode, quantity: 1 }], { scheduleMode: 'NOW!!' }),
      400,
      'INVALID_INPUT',
      'scheduleMode',
    );
    await refused(
      'POST',
      '/v1/calculate',
      calc([{ cprcode, quantity: 1 }], { fulfilment: 'DELIVERY', address: { lat: 'north', lon: 100 } }),
      400,
      'INVALID_INPUT',
      'address.lat',
    );
    await refused(
      'POST',
      '/v1/calculate',
      calc([{ cprcode, quantity: 1 }], { couponCodes: 'SAVE10' }),
      400,
      'INVALID_INPUT',
      'couponCodes',
    );
  });

  test('unknown coupons are reported, not refused', async () => {
    const answer = await send(
      'POST',
      '/v1/calculate',
      calc([{ cprcode, quantity: 1 }], { couponCodes: ['<script>', 'DROP TABLE', 'ไม่มี'] }),
    );
    assert.equal(answer.status, 200);
    const body = JSON.parse(answer.text) as { failedCoupons: { code: string; reason: string }[] };
    assert.deepEqual(
      body.failedCoupons.map((f) => f.reason),
      ['UNKNOWN', 'UNKNOWN', 'UNKNOWN'],
    );
  });

  test('orders and payments with hostile ids and amounts', async () => {
    const order = (extra: Record<string, unknown>) =>
      JSON.stringify({
        orderId: 'PA1-AAAA',
        orderSource: 'T',
        branchCode: 'BKK01',
        lines: [{ cprcode, quantity: 1 }],
        fulfilment: 'PICKUP',
        couponCodes: [],
        specialComment: null,
        sandbox: true,
        ...extra,
      });
    await refused('POST', '/v1/orders', order({ orderId: '' }), 400, 'INVALID_INPUT', 'orderId');
    await refused('POST', '/v1/orders', order({ orderId: 'a b' }), 400, 'INVALID_INPUT', 'orderId');
    await refused('POST', '/v1/orders', order({ sandbox: 'yes' }), 400, 'INVALID_INPUT', 'sandbox');
    await refused(
      'POST',
      '/v1/orders',
      order({ specialComment: 'x'.repeat(3000) }),
      400,
      'INVALID_INPUT',
      'specialComment',
    );
    const created = await send('POST', '/v1/orders', order({}));
    assert.equal(created.status, 200);
    await refused(
      'POST',
      '/v1/orders/PA1-AAAA/payments',
      JSON.stringify({ paymentId: 'pay_1', amountSatang: 1.5, provider: 'sandbox', reference: 'r' }),
      400,
      'INVALID_INPUT',
      'amountSatang',
    );
    await refused(
      'POST',
      '/v1/orders/PA1-AAAA/payments',
      JSON.stringify({ paymentId: 'pay_1', amountSatang: -100, provider: 'sandbox', reference: 'r' }),
      400,
      'INVALID_INPUT',
      'amountSatang',
    );
    await refused(
      'POST',
      '/v1/orders/PA1-AAAA/payments',
      JSON.stringify({ paymentId: 'pay_1', amountSatang: 1, provider: 'sandbox', reference: 'r' }),
      409,
      'PRICE_CHANGED',
      'amountSatang',
    );
    await refused(
      'POST',
      '/v1/orders/NOPE-1/payments',
      JSON.stringify({ paymentId: 'pay_1', amountSatang: 1, provider: 'sandbox', reference: 'r' }),
      404,
      'NOT_FOUND',
    );
    await refused(
      'POST',
      '/v1/orders//payments',
      JSON.stringify({ paymentId: 'pay_1', amountSatang: 1, provider: 'sandbox', reference: 'r' }),
      400,
      'INVALID_INPUT',
      'orderId',
    );
    await refused(
      'POST',
      '/v1/orders/%E0%A4%A/payments',
      JSON.stringify({ paymentId: 'pay_1', amountSatang: 1, provider: 'sandbox', reference: 'r' }),
      400,
      'INVALID_INPUT',
    );
    await refused(
      'POST',
      '/v1/orders/PA1-AAAA/payments',
      JSON.stringify({ paymentId: '../x', amountSatang: 1, provider: 'sandbox', reference: 'r' }),
      400,
      'INVALID_INPUT',
      'paymentId',
    );
    await refused(
      'POST',
      '/v1/orders/PA1-AAAA/payments',
      JSON.stringify({ amountSatang: 1, provider: 'sandbox', reference: 'r' }),
      400,
      'INVALID_INPUT',
      'paymentId',
    );
    await refused(
      'POST',
      '/v1/orders/lookup',
      JSON.stringify({ orderIds: Array.from({ length: 501 }, (_, i) => `O${i}`) }),
      400,
      'INVALID_INPUT',
      'orderIds',
    );
    await refused('POST', '/v1/orders/a%20b/cancel', '', 400, 'INVALID_INPUT', 'orderId');
    const cancelled = await send('POST', '/v1/orders/PA1-AAAA/cancel', '');
    assert.equal(cancelled.status, 200);
    assert.equal((JSON.parse(cancelled.text) as { order: { status: string } }).order.status, 'CANCELLED');
    await refused('POST', '/v1/orders', order({}), 409, 'ORDER_CANCELLED', 'orderId');
  });

  test('routes, methods, queries and tokens', async () => {
    await refused('GET', '/v1/nothing-here', undefined, 404, 'NOT_FOUND');
    await refused('GET', '/etc/passwd', undefined, 404, 'NOT_FOUND');
    await refused('DELETE', '/v1/branches', undefined, 405, 'INVALID_INPUT');
    await refused('GET', '/v1/branches?debug=1', undefined, 400, 'INVALID_INPUT');
    await refused('GET', '/v1/catalog/products?limit=0', undefined, 400, 'INVALID_INPUT', 'limit');
    await refused('GET', '/v1/catalog/products?limit=abc', undefined, 400, 'INVALID_INPUT', 'limit');
    await refused('GET', '/v1/catalog/products?limit=10001', undefined, 400, 'INVALID_INPUT', 'limit');
    await refused('GET', '/v1/catalog/products?after=abc', undefined, 400, 'INVALID_INPUT', 'after');
    await refused('GET', '/v1/catalog/products?limit=5&limit=6', undefined, 400, 'INVALID_INPUT', 'limit');
    await refused('GET', '/v1/branches', undefined, 403, 'FORBIDDEN', undefined, { authorization: 'Bearer wrong' });
    await refused('GET', '/v1/branches', undefined, 403, 'FORBIDDEN', undefined, { authorization: '' });
    await refused('POST', '/v1/control/catalog-version', undefined, 403, 'FORBIDDEN');
    await refused('POST', '/v1/control/catalog-version', undefined, 403, 'FORBIDDEN', undefined, {
      'x-control-token': 'nope',
    });
    await refused('PUT', '/v1/control/faults', '{"errorRate":"all"}', 400, 'INVALID_INPUT', 'errorRate', {
      'x-control-token': CONTROL,
    });
    await refused('PUT', '/v1/control/faults', '{"latencyMs":1e9}', 400, 'INVALID_INPUT', 'latencyMs', {
      'x-control-token': CONTROL,
    });
    await refused(
      'PUT',
      '/v1/control/stock',
      JSON.stringify({ branchCode: 'BKK01', cprcode, qty: 0.5 }),
      400,
      'INVALID_INPUT',
      'qty',
      { 'x-control-token': CONTROL },
    );
    const health = await fetch(`${server.origin}/health`);
    assert.equal(health.status, 200);
    const page = await send('GET', '/v1/catalog/products?limit=3');
    assert.equal(page.status, 200);
    assert.equal((JSON.parse(page.text) as { items: unknown[] }).items.length, 3);
  });

  test('control routes are off without a control token', async () => {
    const plain = await createGrocerServer(sim, { log: () => {} });
    try {
      const response = await fetch(`${plain.origin}/v1/control/catalog-version`, {
        method: 'POST',
        headers: { 'x-control-token': CONTROL },
      });
      assert.equal(response.status, 404);
      assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'NOT_FOUND');
      const client = createHttpGrocer({ url: plain.origin, controlToken: CONTROL });
      await rejectsWith(client.bumpCatalogVersion(), 'NOT_FOUND');
      assert.ok((await client.branches()).length >= 30);
    } finally {
      await plain.close();
    }
  });

  test('the client maps refusals to codes and a wrong API token to GROCER_UNAVAILABLE', async () => {
    const client = createHttpGrocer({ url: server.origin, token: API, controlToken: 'wrong-token-0123456789' });
    await rejectsWith(
      client.calculate({
        branchCode: 'BKK01',
        lines: [{ cprcode, quantity: 0 }],
        fulfilment: 'PICKUP',
        scheduleMode: 'REGULAR',
        address: null,
        couponCodes: [],
        orderSource: 'T',
      }),
      'INVALID_QUANTITY',
      'lines.0.quantity',
    );
    await rejectsWith(
      client.prices(
        'BKK01',
        Array.from({ length: 60_000 }, (_, i) => String(1_000_000 + i)),
      ),
      'PAYLOAD_TOO_LARGE',
    );
    await rejectsWith(client.bumpCatalogVersion(), 'FORBIDDEN');
    const wrong = createHttpGrocer({ url: server.origin, token: 'not-the-token' });
    await rejectsWith(wrong.branches(), 'GROCER_UNAVAILABLE');
    await rejectsWith(client.productImage('../../x'), 'INVALID_CPRCODE');
  });
});

describe('HTTP client resilience', () => {
  /** A server that answers from a script of statuses, then 200 with `{ items: [] }`. */
  async function scripted(
    statuses: number[],
    delayMs = 0,
  ): Promise<{ server: Server; url: string; hits: () => number }> {
    let hits = 0;
    const server = createServer((req, res) => {
      hits++;
      const status = statuses.shift() ?? 200;
      setTimeout(() => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(
          status === 200
            ? JSON.stringify({ items: [] })
            : status === 503
              ? JSON.stringify({ error: { code: 'GROCER_UNAVAILABLE', message: 'down' } })
              : 'oops',
        );
      }, delayMs);
      req.resume();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits: () => hits };
  }
  const stop = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

  test('idempotent calls retry 5xx a bounded number of times', async () => {
    const { server, url, hits } = await scripted([503, 502]);
    try {
      const client = createHttpGrocer({ url, retries: 2, retryDelayMs: 5 });
      assert.deepEqual(await client.branches(), []);
      assert.equal(hits(), 3);
    } finally {
      await stop(server);
    }
    const failing = await scripted([500, 500, 500, 500]);
    try {
      const client = createHttpGrocer({ url: failing.url, retries: 2, retryDelayMs: 5 });
      await rejectsWith(client.branches(), 'GROCER_UNAVAILABLE');
      assert.equal(failing.hits(), 3);
    } finally {
      await stop(failing.server);
    }
  });

  test('non-idempotent calls are not retried', async () => {
    const { server, url, hits } = await scripted([503]);
    try {
      const client = createHttpGrocer({ url, retries: 3, retryDelayMs: 5, controlToken: 'x' });
      await rejectsWith(client.advanceOrder('PA1-AAAA'), 'GROCER_UNAVAILABLE');
      assert.equal(hits(), 1);
    } finally {
      await stop(server);
    }
  });

  test('timeouts and unreachable servers become GROCER_UNAVAILABLE', async () => {
    const slow = await scripted([], 500);
    try {
      const client = createHttpGrocer({ url: slow.url, timeoutMs: 50, retries: 1, retryDelayMs: 5 });
      const error = await rejectsWith(client.catalogVersion(), 'GROCER_UNAVAILABLE');
      assert.match(error.message, /did not answer within 50 ms/);
      assert.equal(slow.hits(), 2);
    } finally {
      slow.server.closeAllConnections();
      await stop(slow.server);
    }
    const gone = await scripted([]);
    await stop(gone.server);
    await rejectsWith(
      createHttpGrocer({ url: gone.url, retries: 1, retryDelayMs: 5 }).branches(),
      'GROCER_UNAVAILABLE',
    );
    const closed = createHttpGrocer({ url: gone.url });
    await closed.close();
    await rejectsWith(closed.branches(), 'GROCER_UNAVAILABLE');
  });

  test('non-JSON refusals become GROCER_UNAVAILABLE, not a crash', async () => {
    const { server, url } = await scripted([400]);
    try {
      await rejectsWith(createHttpGrocer({ url, retries: 0 }).branches(), 'GROCER_UNAVAILABLE');
    } finally {
      await stop(server);
    }
  });
});
