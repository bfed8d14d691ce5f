import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { CommerceError } from '@grocery/core';
import { buildSearchIndex, type SearchIndex } from '@grocery/search';
import { fixtureDocuments } from '../packages/search/test/fixtures/fixture-catalog.ts';
import { createSearchHandler, type LoadedSearchIndex } from '@grocery/app-search';
import { createHttpSearchClient } from '@grocery/search-client';
import { createNodeListener, listen, type RunningServer } from '@grocery/http-node';

const KEY = 'pk_test_client';
let index: SearchIndex;
let loaded: LoadedSearchIndex | null = null;
let server: RunningServer;

before(async () => {
  index = buildSearchIndex(fixtureDocuments());
  server = await listen(
    {},
    createNodeListener(createSearchHandler({ getIndex: () => loaded, verifyPartnerKey: async (key) => key === KEY }), {
      maxBodyBytes: () => 1024,
    }),
  );
});
after(() => server.close());

function load(): void {
  loaded = { index, version: 'v1', snapshotVersion: 's1', builtAt: new Date().toISOString() };
}

async function rejectsWith(promise: Promise<unknown>, code: string, field?: string): Promise<CommerceError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof CommerceError, String(error));
    assert.equal(error.code, code, error.message);
    if (field !== undefined) assert.equal(error.field, field);
    return error;
  }
  assert.fail(`expected ${code}`);
}

describe('createHttpSearchClient against a real server', () => {
  it('searches and suggests over HTTP with the same answers as the index', async () => {
    load();
    const client = createHttpSearchClient({ baseUrl: `${server.origin}/` });
    const input = { query: 'fish sauce', lang: 'th', limit: 5, mode: 'SEMANTIC' } as const;
    assert.deepEqual(await client.search({ ...input, partnerKey: KEY }), index.search(input));
    const filtered = {
      query: 'plain',
      lang: 'en',
      limit: 5,
      mode: 'AUTOCOMPLETE',
      category: 'Milk',
      active: true,
    } as const;
    assert.deepEqual(await client.search({ ...filtered, partnerKey: KEY }), index.search(filtered));
    assert.deepEqual(
      await client.suggest({ query: 'dut', lang: 'en', limit: 5, partnerKey: KEY }),
      index.suggest({ query: 'dut', lang: 'en', limit: 5 }),
    );
  });

  it("sends the call's partner key, else the configured one (read on each call)", async () => {
    load();
    let key = 'pk_test_wrong';
    const client = createHttpSearchClient({ baseUrl: server.origin, partnerKey: () => key });
    await rejectsWith(
      client.search({ query: 'milk', lang: 'en', limit: 5, mode: 'SEMANTIC', partnerKey: '' }),
      'PARTNER_KEY_INVALID',
    );
    assert.ok(
      (await client.search({ query: 'milk', lang: 'en', limit: 5, mode: 'SEMANTIC', partnerKey: KEY })).length > 0,
    );
    key = KEY;
    assert.ok(
      (await client.search({ query: 'milk', lang: 'en', limit: 5, mode: 'SEMANTIC', partnerKey: '' })).length > 0,
    );
    await rejectsWith(
      client.search({ query: 'milk', lang: 'en', limit: 5, mode: 'SEMANTIC', partnerKey: 'pk_test_other' }),
      'PARTNER_KEY_INVALID',
    );
  });

  it('maps 400 to INVALID_INPUT with the field and message', async () => {
    load();
    const client = createHttpSearchClient({ baseUrl: server.origin });
    const error = await rejectsWith(
      client.search({ query: 'milk', lang: 'en', limit: 51, mode: 'SEMANTIC', partnerKey: KEY }),
      'INVALID_INPUT',
      'limit',
    );
    assert.match(error.message, /from 1 to 50/);
    await rejectsWith(client.suggest({ query: '   ', lang: 'en', limit: 5, partnerKey: KEY }), 'INVALID_INPUT', 'q');
  });

  it('maps 503 (no index), refused connections and timeouts to SEARCH_UNAVAILABLE', async () => {
    loaded = null;
    const client = createHttpSearchClient({ baseUrl: server.origin });
    await rejectsWith(
      client.search({ query: 'milk', lang: 'en', limit: 5, mode: 'SEMANTIC', partnerKey: KEY }),
      'SEARCH_UNAVAILABLE',
    );

    // A port that was just free: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const refused = createHttpSearchClient({ baseUrl: `http://127.0.0.1:${port}` });
    await rejectsWith(
      refused.search({ query: 'milk', lang: 'en', limit: 5, mode: 'SEMANTIC', partnerKey: KEY }),
      'SEARCH_UNAVAILABLE',
    );

    const silent = createServer(() => {
      // Never answers.
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const slow = createHttpSearchClient({
        baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
        timeoutMs: 150,
      });
      const started = performance.now();
      const error = await rejectsWith(
        slow.suggest({ query: 'milk', lang: 'en', limit: 5, partnerKey: KEY }),
        'SEARCH_UNAVAILABLE',
      );
      assert.match(error.message, /150 ms/);
      assert.ok(performance.now() - started < 2000);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('maps malformed answers to SEARCH_UNAVAILABLE', async () => {
    const bad = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.url?.startsWith('/v1/search') ? '{"hits": [{"cprcode": 1}]}' : 'not json');
    });
    await new Promise<void>((resolve) => bad.listen(0, '127.0.0.1', resolve));
    try {
      const client = createHttpSearchClient({ baseUrl: `http://127.0.0.1:${(bad.address() as AddressInfo).port}` });
      await rejectsWith(
        client.search({ query: 'milk', lang: 'en', limit: 5, mode: 'SEMANTIC', partnerKey: KEY }),
        'SEARCH_UNAVAILABLE',
      );
      await rejectsWith(client.suggest({ query: 'milk', lang: 'en', limit: 5, partnerKey: KEY }), 'SEARCH_UNAVAILABLE');
    } finally {
      await new Promise<void>((resolve) => bad.close(() => resolve()));
    }
  });
});
