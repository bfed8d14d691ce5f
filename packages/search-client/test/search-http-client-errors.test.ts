import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { CommerceError } from '@grocery/core';
import { createHttpSearchClient } from '@grocery/search-client';

/** A real HTTP server whose next answer each test sets; it records what the client sent. */
let answer: { status: number; body: string } = { status: 200, body: '{}' };
let seen: IncomingMessage | null = null;
let server: Server;
let origin: string;

before(async () => {
  server = createServer((req, res) => {
    seen = req;
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
  server.closeAllConnections();
  server.close();
});

function answerWith(status: number, body: unknown): void {
  answer = { status, body: typeof body === 'string' ? body : JSON.stringify(body) };
}

async function rejectsWith(promise: Promise<unknown>, code: string): Promise<CommerceError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof CommerceError, String(error));
    assert.equal(error.code, code, error.message);
    return error;
  }
  assert.fail(`expected ${code}`);
}

const SEARCH = { query: 'milk tea', lang: 'th', limit: 5, mode: 'AUTOCOMPLETE', partnerKey: 'pk_call' } as const;

describe('createHttpSearchClient', () => {
  it('sends the query as parameters under a kept path prefix and reads hits', async () => {
    answerWith(200, {
      hits: [{ cprcode: '1', name: 'Milk', score: 2.5, barcode: '885', category: null }],
      version: 'v',
    });
    const client = createHttpSearchClient({ baseUrl: `${origin}/prefix/` });
    const hits = await client.search({ ...SEARCH, category: 'Milk', active: false });
    assert.deepEqual(hits, [
      { cprcode: '1', name: 'Milk', score: 2.5, barcode: '885', category: null, imageUrl: null },
    ]);
    const url = new URL(seen!.url!, origin);
    assert.equal(url.pathname, '/prefix/v1/search');
    assert.deepEqual(Object.fromEntries(url.searchParams), {
      q: 'milk tea',
      lang: 'th',
      limit: '5',
      mode: 'autocomplete',
      category: 'Milk',
      active: 'false',
    });
    assert.equal(seen!.headers['x-partner-key'], 'pk_call');
  });

  it('sends the configured key only when a call carries none, read on each call', async () => {
    answerWith(200, { suggestions: [{ text: 'Dutch Mill', kind: 'brand', cprcode: null }] });
    let key = 'pk_one';
    const client = createHttpSearchClient({ baseUrl: origin, partnerKey: () => key });
    assert.deepEqual(await client.suggest({ query: 'dut', lang: 'en', limit: 3, partnerKey: '' }), [
      { text: 'Dutch Mill', kind: 'brand', cprcode: null },
    ]);
    assert.equal(seen!.headers['x-partner-key'], 'pk_one');
    key = 'pk_two';
    await client.suggest({ query: 'dut', lang: 'en', limit: 3, partnerKey: '' });
    assert.equal(seen!.headers['x-partner-key'], 'pk_two');
    await client.suggest({ query: 'dut', lang: 'en', limit: 3, partnerKey: 'pk_call' });
    assert.equal(seen!.headers['x-partner-key'], 'pk_call');
  });

  it('maps refusals by status: 400 keeps field and message, 401/403 key, 429 rate, other 4xx input, 5xx unavailable', async () => {
    const client = createHttpSearchClient({ baseUrl: origin });
    answerWith(400, { error: { code: 'INVALID_INPUT', message: 'limit is too big', field: 'limit' } });
    const invalid = await rejectsWith(client.search(SEARCH), 'INVALID_INPUT');
    assert.equal(invalid.field, 'limit');
    assert.equal(invalid.message, 'limit is too big');
    assert.deepEqual(invalid.details, { status: 400, serviceCode: 'INVALID_INPUT' });
    for (const [status, code] of [
      [401, 'PARTNER_KEY_INVALID'],
      [403, 'PARTNER_KEY_INVALID'],
      [429, 'RATE_LIMITED'],
      [404, 'INVALID_INPUT'],
      [500, 'SEARCH_UNAVAILABLE'],
      [503, 'SEARCH_UNAVAILABLE'],
    ] as const) {
      answerWith(status, { error: { code: 'X', message: 42 } });
      const error = await rejectsWith(client.search(SEARCH), code);
      assert.match(error.message, new RegExp(`HTTP ${status}`), 'a non-string message is not trusted');
    }
    answerWith(502, '<html>bad gateway</html>');
    await rejectsWith(client.search(SEARCH), 'SEARCH_UNAVAILABLE');
  });

  it('maps malformed 200 answers to SEARCH_UNAVAILABLE', async () => {
    const client = createHttpSearchClient({ baseUrl: origin });
    for (const body of [
      'not json',
      '',
      'null',
      '[]',
      '{"hits": {}}',
      '{"hits": [{"cprcode": 1, "name": "x", "score": 1}]}',
      '{"hits": [{"cprcode": "1", "name": "x", "score": "1"}]}',
    ]) {
      answerWith(200, body);
      await rejectsWith(client.search(SEARCH), 'SEARCH_UNAVAILABLE');
    }
    for (const body of ['{"suggestions": [{"text": "a", "kind": "shelf"}]}', '{"suggestions": null}']) {
      answerWith(200, body);
      await rejectsWith(
        client.suggest({ query: 'a', lang: 'en', limit: 1, partnerKey: 'pk_call' }),
        'SEARCH_UNAVAILABLE',
      );
    }
  });

  it('maps refused connections and timeouts to SEARCH_UNAVAILABLE', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    await rejectsWith(
      createHttpSearchClient({ baseUrl: `http://127.0.0.1:${port}` }).search(SEARCH),
      'SEARCH_UNAVAILABLE',
    );

    const silent = createServer(() => {
      // Never answers.
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const slow = createHttpSearchClient({
        baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
        timeoutMs: 100,
      });
      assert.match((await rejectsWith(slow.search(SEARCH), 'SEARCH_UNAVAILABLE')).message, /100 ms/);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
