/**
 * The fault proxy of the fault-injection suite, proven against a real grocer server: with no rule
 * it is invisible (the whole grocer gateway contract passes through it, bytes and headers unchanged),
 * and each fault does what its name says, seen from the HTTP grocer client and from the grocer.
 */
import assert from 'node:assert/strict';
import { Agent, createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { CreateOrderRequest, GrocerGateway } from '@grocery/core/ports';
import { ManualClock } from '@grocery/core/testing';
import { createGrocerServer, createGrocerSimulator, createHttpGrocer } from '@grocery/grocer';
import { finders, grocerGatewayContract, rejectsWith } from '../packages/grocer/test/grocer-gateway-contract.ts';
import { startFaultProxy, type FaultProxy } from './support/fault-proxy.ts';
import { startGrocerInProcess, type InProcessGrocer } from './support/grocer-process.ts';

const CONTROL_TOKEN = 'proxy-contract-control-token-0123';
const API_TOKEN = 'proxy-contract-api-token-0123456';

grocerGatewayContract('HTTP client → fault proxy without rules → simulator server', async () => {
  const clock = new ManualClock();
  const simulator = createGrocerSimulator({
    seed: 11,
    productCount: 2_000,
    clock,
    pickingStepMs: 60_000,
    faultHangMs: 150,
    log: () => {},
  });
  const server = await createGrocerServer(simulator, {
    controlToken: CONTROL_TOKEN,
    apiToken: API_TOKEN,
    log: () => {},
  });
  const proxy = await startFaultProxy(server.origin);
  const grocer = createHttpGrocer({
    url: proxy.origin,
    token: API_TOKEN,
    controlToken: CONTROL_TOKEN,
    timeoutMs: 5_000,
    retries: 1,
    retryDelayMs: 10,
  });
  return {
    world: { grocer, simulator, clock, pickingStepMs: 60_000 },
    close: async () => {
      assert.ok(
        proxy.calls().length > 20 && proxy.calls().every((call) => call.fault === null && call.outcome === 'answered'),
        'every call went through the proxy untouched',
      );
      await grocer.close();
      await proxy.close();
      await server.close();
      await simulator.close();
    },
  };
});

interface Echoed {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Sends one request with node:http (which, unlike fetch, may send any header) and reads the answer. */
function send(url: string, options: { method: string; headers: Record<string, string>; body?: Buffer; agent?: Agent }) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer; reusedSocket: boolean }>(
    (resolve, reject) => {
      const outgoing = request(
        url,
        { method: options.method, headers: options.headers, agent: options.agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
              reusedSocket: outgoing.reusedSocket,
            }),
          );
        },
      );
      outgoing.on('error', reject);
      // Written in two parts without a length: the client sends it chunked.
      if (options.body) {
        outgoing.write(options.body.subarray(0, 100));
        outgoing.end(options.body.subarray(100));
      } else outgoing.end();
    },
  );
}

describe('fault proxy: forwarding', () => {
  let echo: Server;
  let proxy: FaultProxy;
  const received: Echoed[] = [];

  before(async () => {
    echo = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks),
        });
        res.writeHead(207, {
          'x-reply': 'kept',
          'x-per-hop': 'dropped',
          connection: 'keep-alive, x-per-hop',
          'set-cookie': ['a=1', 'b=2'],
        });
        res.end(Buffer.concat(chunks).reverse());
      });
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    proxy = await startFaultProxy(`http://127.0.0.1:${(echo.address() as AddressInfo).port}`);
  });
  after(async () => {
    await proxy?.close();
    echo?.close();
  });

  test('request and answer bytes and end-to-end headers pass unchanged; hop-by-hop headers do not', async () => {
    const body = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
    const agent = new Agent({ keepAlive: true });
    const first = await send(`${proxy.origin}/v1/echo/%E0%B8%81?a=1&a=2`, {
      method: 'PATCH',
      headers: {
        'x-custom': 'value',
        'x-named-hop': 'no',
        connection: 'keep-alive, x-named-hop',
        'keep-alive': 'timeout=5',
        'x-request-id': 'req-1',
      },
      body,
      agent,
    });
    const upstream = received.at(-1)!;
    assert.equal(upstream.method, 'PATCH');
    assert.equal(upstream.url, '/v1/echo/%E0%B8%81?a=1&a=2');
    assert.deepEqual(upstream.body, body);
    assert.equal(upstream.headers['x-custom'], 'value');
    assert.equal(upstream.headers['x-request-id'], 'req-1');
    assert.equal(upstream.headers['content-length'], '512', 'a chunked body arrives whole, with its length');
    assert.equal(upstream.headers['x-named-hop'], undefined);
    assert.equal(upstream.headers['keep-alive'], undefined);
    assert.equal(upstream.headers['transfer-encoding'], undefined);

    assert.equal(first.status, 207);
    assert.deepEqual(first.body, Buffer.from(body).reverse());
    assert.equal(first.headers['x-reply'], 'kept');
    assert.deepEqual(first.headers['set-cookie'], ['a=1', 'b=2']);
    assert.equal(first.headers['x-per-hop'], undefined);

    const second = await send(`${proxy.origin}/v1/again`, { method: 'GET', headers: {}, agent });
    assert.equal(second.status, 207);
    assert.ok(second.reusedSocket, 'the client keeps its connection to the proxy alive');
    agent.destroy();

    const [call] = proxy.calls({ method: 'PATCH' });
    assert.equal(call!.path, '/v1/echo/%E0%B8%81');
    assert.equal(call!.url, '/v1/echo/%E0%B8%81?a=1&a=2');
    assert.deepEqual(call!.body, body);
    assert.equal(call!.fault, null);
    assert.equal(call!.forwarded, true);
    assert.equal(call!.grocerStatus, 207);
    assert.equal(call!.status, 207);
    assert.equal(call!.outcome, 'answered');
    assert.ok(
      call!.receivedAt <= call!.forwardedAt! &&
        call!.forwardedAt! <= call!.grocerAnsweredAt! &&
        call!.grocerAnsweredAt! <= call!.endedAt!,
    );
  });

  test('a grocer that is down answers 502 and is recorded as unreachable', async () => {
    const down = await startFaultProxy('http://127.0.0.1:1');
    try {
      const answer = await fetch(`${down.origin}/v1/branches`);
      assert.equal(answer.status, 502);
      assert.equal(down.calls()[0]!.outcome, 'grocer-unreachable');
      assert.equal(down.calls()[0]!.grocerStatus, null);
    } finally {
      await down.close();
    }
  });
});

describe('fault proxy: each fault against a real grocer', () => {
  let grocer: InProcessGrocer;
  let proxy: FaultProxy;
  /** The grocer itself, not through the proxy: what it really holds. */
  let direct: GrocerGateway;
  /** The API's grocer client through the proxy, without retries; patient, so that only faults fail it on a busy machine. */
  let client: GrocerGateway;
  /** The same with a 300 ms timeout, for the faults that outlast it. */
  let hasty: GrocerGateway;
  let order: (id: string) => CreateOrderRequest;
  let counter = 0;
  const nextId = () => `FP${process.pid}-${++counter}`;

  before(async () => {
    grocer = await startGrocerInProcess({ productCount: 500 });
    proxy = await startFaultProxy(grocer.origin);
    direct = grocer.client();
    client = createHttpGrocer({ url: proxy.origin, timeoutMs: 10_000, retries: 0 });
    hasty = createHttpGrocer({ url: proxy.origin, timeoutMs: 300, retries: 0 });
    const branchCode = (await grocer.simulator.branches())[0]!.branchCode;
    const product = finders(grocer.simulator).priced(branchCode);
    order = (orderId) => ({
      orderId,
      orderSource: 'FAULT_PROXY',
      branchCode,
      lines: [{ cprcode: product.cprcode, quantity: 1 }],
      fulfilment: 'PICKUP',
      scheduleMode: 'REGULAR',
      address: null,
      couponCodes: [],
      specialComment: null,
      sandbox: true,
    });
  });
  after(async () => {
    await proxy?.close();
    await grocer?.close();
  });

  const exists = async (orderId: string) => (await direct.orders([orderId])).length === 1;
  const creates = (orderId: string) =>
    proxy
      .calls({ method: 'POST', path: '/v1/orders' })
      .filter((call) => JSON.parse(call.body.toString('utf8')).orderId === orderId);

  test('delayResponse beyond the client timeout: GROCER_UNAVAILABLE, yet the grocer has the order', async () => {
    const id = nextId();
    proxy.addRule({ method: 'POST', path: '/v1/orders', kind: 'delayResponse', ms: 800 });
    const error = await rejectsWith(hasty.createOrder(order(id)), 'GROCER_UNAVAILABLE');
    assert.match(error.message, /did not answer within 300 ms/);
    await proxy.settled();
    assert.ok(await exists(id), 'the grocer did the work although the client gave up');
    const [call] = creates(id);
    assert.equal(call!.fault, 'delayResponse');
    assert.equal(call!.grocerStatus, 200);
    assert.equal(call!.outcome, 'client-gone');
    assert.equal(call!.status, null);
    assert.ok(call!.endedAt! - call!.grocerAnsweredAt! >= 790);
  });

  test('resetAfter: the connection is reset, yet the grocer has the order', async () => {
    const id = nextId();
    proxy.addRule({ method: 'POST', path: '/v1/orders', kind: 'resetAfter' });
    const error = await rejectsWith(client.createOrder(order(id)), 'GROCER_UNAVAILABLE');
    assert.match(error.message, /cannot be reached/);
    assert.ok(await exists(id));
    assert.deepEqual(
      creates(id).map((c) => [c.fault, c.grocerStatus, c.outcome]),
      [['resetAfter', 200, 'reset']],
    );
  });

  test('statusAfter: a 502 comes back, yet the grocer has the order', async () => {
    const id = nextId();
    proxy.addRule({ method: 'POST', path: '/v1/orders', kind: 'statusAfter', status: 502 });
    const error = await rejectsWith(client.createOrder(order(id)), 'GROCER_UNAVAILABLE');
    assert.match(error.message, /HTTP 502/);
    assert.ok(await exists(id));
    assert.deepEqual(
      creates(id).map((c) => [c.fault, c.grocerStatus, c.status]),
      [['statusAfter', 200, 502]],
    );
  });

  test('status and reset: the call fails and the grocer never sees it', async () => {
    const a = nextId();
    proxy.addRule({ method: 'POST', path: '/v1/orders', kind: 'status', status: 503 });
    assert.match((await rejectsWith(client.createOrder(order(a)), 'GROCER_UNAVAILABLE')).message, /HTTP 503/);
    const b = nextId();
    proxy.addRule({ method: 'POST', path: '/v1/orders', kind: 'reset' });
    await rejectsWith(client.createOrder(order(b)), 'GROCER_UNAVAILABLE');
    assert.equal(await exists(a), false);
    assert.equal(await exists(b), false);
    assert.deepEqual(
      creates(a).map((c) => [c.fault, c.forwarded, c.status]),
      [['status', false, 503]],
    );
    assert.deepEqual(
      creates(b).map((c) => [c.fault, c.forwarded, c.outcome]),
      [['reset', false, 'reset']],
    );
    assert.equal((await client.branches()).length > 0, true, 'the client recovers on a new connection');
  });

  test('delay: the grocer is slow to receive; past the client timeout the late request still arrives', async () => {
    proxy.addRule({ method: 'GET', path: '/v1/branches', kind: 'delay', ms: 150 });
    const started = Date.now();
    assert.ok((await client.branches()).length > 0);
    assert.ok(Date.now() - started >= 150);
    const id = nextId();
    // Far beyond the client's 300 ms, so that a busy machine still checks before the request arrives.
    proxy.addRule({ method: 'POST', path: '/v1/orders', kind: 'delay', ms: 1_500 });
    await rejectsWith(hasty.createOrder(order(id)), 'GROCER_UNAVAILABLE');
    assert.equal(await exists(id), false, 'not yet received when the client gives up');
    await proxy.settled();
    assert.ok(await exists(id), 'the request in flight reached the grocer later');
    assert.deepEqual(
      creates(id).map((c) => [c.fault, c.grocerStatus, c.outcome]),
      [['delay', 200, 'client-gone']],
    );
  });

  test('times: a rule applies to the next N matching calls only, Infinity to all, and only to its method and path', async () => {
    const retrying = createHttpGrocer({ url: proxy.origin, timeoutMs: 10_000, retries: 2, retryDelayMs: 10 });
    const id = nextId();
    const rule = proxy.addRule({ method: 'post', path: /^\/v1\/orders$/, kind: 'resetAfter', times: 2 });
    const created = await retrying.createOrder(order(id));
    assert.equal(created.orderId, id, 'the third attempt passed');
    assert.equal(rule.applied, 2);
    assert.deepEqual(
      creates(id).map((c) => [c.fault, c.grocerStatus]),
      [
        ['resetAfter', 200],
        ['resetAfter', 200],
        [null, 200],
      ],
    );
    assert.equal((await direct.orders([id])).length, 1, 'createOrder is idempotent by orderId at the grocer');

    const always = proxy.addRule({ path: '/v1/branches', kind: 'status', status: 500, times: Infinity });
    for (let i = 0; i < 3; i++) await rejectsWith(client.branches(), 'GROCER_UNAVAILABLE');
    assert.ok((await client.orders([id])).length === 1, 'other paths pass');
    assert.equal(always.applied, 3);
    always.remove();
    assert.ok((await client.branches()).length > 0);
  });

  test('hold with forward: the grocer has done the work when the call is reached; the answer comes on release', async () => {
    const id = nextId();
    await direct.createOrder(order(id));
    const total = (await direct.orders([id]))[0]!.grandTotalSatang;
    const hold = proxy.addRule({ method: 'POST', path: /^\/v1\/orders\/[^/]+\/payments$/, kind: 'hold' });
    let answered = false;
    const paying = client
      .recordPayment({
        orderId: id,
        paymentId: `pay_${id}`,
        amountSatang: total,
        provider: 'sandbox',
        reference: `ref-${id}`,
      })
      .finally(() => (answered = true));
    const reached = await hold.reached;
    assert.equal(reached.path, `/v1/orders/${id}/payments`);
    assert.equal((await direct.orders([id]))[0]!.payment.isPaid, true, 'recorded at the grocer');
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(answered, false, 'the client is still waiting');
    hold.release();
    assert.equal((await paying).payment.isPaid, true);
  });

  test('hold without forward: the grocer has not seen the call when it is reached; it arrives on release', async () => {
    const id = nextId();
    const hold = proxy.addRule({ method: 'POST', path: '/v1/orders', kind: 'hold', forward: false });
    const creating = client.createOrder(order(id));
    const reached = await hold.reached;
    assert.equal(reached.forwarded, false);
    assert.equal(await exists(id), false);
    hold.release();
    assert.equal((await creating).orderId, id);
    assert.ok(await exists(id));
  });

  test('clear() releases held calls and removes every rule; waitForCall sees calls to come', async () => {
    proxy.addRule({ path: '/v1/branches', kind: 'hold', times: Infinity });
    const since = Date.now();
    const branches = client.branches();
    await proxy.waitForCall({ path: '/v1/branches', fault: 'hold', since, grocerAnswered: true });
    proxy.clear();
    assert.ok((await branches).length > 0);
    assert.ok((await client.branches()).length > 0);
    assert.equal(proxy.calls({ path: '/v1/branches', since }).at(-1)!.fault, null);
  });

  test('close() is prompt (not the 10 s drain) although a call is held; the held client sees the connection end', async () => {
    const closing = await startFaultProxy(grocer.origin);
    const patient = createHttpGrocer({ url: closing.origin, timeoutMs: 10_000, retries: 0 });
    const hold = closing.addRule({ path: '/v1/branches', kind: 'hold' });
    const waiting = patient.branches();
    await hold.reached;
    const started = Date.now();
    await closing.close();
    assert.ok(Date.now() - started < 3_000, `closed in ${Date.now() - started} ms`);
    await rejectsWith(waiting, 'GROCER_UNAVAILABLE');
    assert.equal(closing.calls()[0]!.outcome, 'proxy-closed');
  });
});
