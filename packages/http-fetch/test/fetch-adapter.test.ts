import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { HttpRequest } from '@grocery/core/http';
import { toFetchHandler, toResponse } from '../src/fetch-adapter.ts';

const ORIGIN = 'https://adapter.test';

describe('toFetchHandler', () => {
  test('the handler sees the method, path, query, lower-case headers, body and remote address', async () => {
    let seen: HttpRequest | null = null;
    const serve = toFetchHandler(async (request) => {
      seen = request;
      return { status: 201, headers: { 'content-type': 'text/plain' }, body: 'made' };
    });
    const response = await serve(
      new Request(`${ORIGIN}/v1/things?size=2`, {
        method: 'POST',
        headers: { 'X-Partner-Key': 'pk_test_1' },
        body: 'hello',
      }),
      {
        remoteAddress: '203.0.113.9',
      },
    );
    assert.equal(response.status, 201);
    assert.equal(await response.text(), 'made');
    const request = seen! as HttpRequest;
    assert.deepEqual(
      [
        request.method,
        request.path,
        request.query.get('size'),
        request.headers['x-partner-key'],
        request.remoteAddress,
      ],
      ['POST', '/v1/things', '2', 'pk_test_1', '203.0.113.9'],
    );
    assert.equal(new TextDecoder().decode(request.body), 'hello');
  });

  test('a valid X-Request-Id is kept, any other is replaced, and the response carries it', async () => {
    const ids: (string | undefined)[] = [];
    const serve = toFetchHandler(async (request) => {
      ids.push(request.requestId);
      return { status: 204, headers: {}, body: '' };
    });
    const kept = await serve(new Request(ORIGIN, { headers: { 'x-request-id': 'req-1.a_B' } }));
    const replaced = await serve(new Request(ORIGIN, { headers: { 'x-request-id': 'bad id<script>' } }));
    assert.equal(ids[0], 'req-1.a_B');
    assert.equal(kept.headers.get('x-request-id'), 'req-1.a_B');
    assert.match(ids[1] ?? '', /^[0-9a-f-]{36}$/);
    assert.equal(replaced.headers.get('x-request-id'), ids[1]);
    assert.equal(kept.body, null, 'a 204 has no body');
  });

  test('a body over the limit is refused with 413, whether declared or streamed, before the handler runs', async () => {
    let calls = 0;
    const serve = toFetchHandler(
      async () => {
        calls++;
        return { status: 200, headers: {}, body: 'ok' };
      },
      { maxBodyBytes: (path) => (path === '/small' ? 4 : 1024) },
    );
    const declared = await serve(new Request(`${ORIGIN}/small`, { method: 'POST', body: 'too long' }));
    assert.equal(declared.status, 413);
    assert.equal(((await declared.json()) as { error: { code: string } }).error.code, 'PAYLOAD_TOO_LARGE');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 3; i++) controller.enqueue(new Uint8Array(2));
        controller.close();
      },
    });
    const streamed = await serve(
      new Request(`${ORIGIN}/small`, { method: 'POST', body: stream, duplex: 'half' } as RequestInit),
    );
    assert.equal(streamed.status, 413);
    assert.equal(calls, 0);
    assert.equal((await serve(new Request(`${ORIGIN}/large`, { method: 'POST', body: 'fits' }))).status, 200);
  });

  test('a fault escaping the handler is a masked 500 quoting the request id, and is reported', async () => {
    const reported: unknown[] = [];
    const serve = toFetchHandler(
      async () => {
        throw new Error('database password is hunter2');
      },
      { onError: (error) => reported.push(error) },
    );
    const response = await serve(new Request(ORIGIN, { headers: { 'x-request-id': 'r-500' } }));
    assert.equal(response.status, 500);
    const text = await response.text();
    assert.doesNotMatch(text, /hunter2/);
    assert.match(text, /r-500/);
    assert.equal((reported[0] as Error).message, 'database password is hunter2');
  });

  test('default headers fill in; the handler wins where both set one', async () => {
    const serve = toFetchHandler(
      async () => ({ status: 200, headers: { 'cache-control': 'no-store' }, body: new Uint8Array([1, 2, 3]) }),
      {
        headers: { 'cache-control': 'public', 'x-frame-options': 'DENY' },
      },
    );
    const response = await serve(new Request(ORIGIN));
    assert.deepEqual(
      [response.headers.get('cache-control'), response.headers.get('x-frame-options')],
      ['no-store', 'DENY'],
    );
    assert.deepEqual([...new Uint8Array(await response.arrayBuffer())], [1, 2, 3]);
  });
});

describe('toResponse', () => {
  test('statuses without a body drop it', async () => {
    const response = toResponse({ status: 304, headers: { etag: '"v1"' }, body: 'stale' });
    assert.deepEqual([response.status, response.headers.get('etag'), response.body], [304, '"v1"', null]);
  });
});
