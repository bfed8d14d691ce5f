import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { LIMITS } from '@grocery/core';
import type { HttpResponse } from '@grocery/core/http';
import { buildSearchIndex, SEARCH_DEFAULTS, type SearchIndex } from '@grocery/search';
import { fixtureDocuments } from '../../../packages/search/test/fixtures/fixture-catalog.ts';
import { createSearchHandler, type LoadedSearchIndex } from '../src/index.ts';
import { assertMatchesContract, parameterSchema } from './support/openapi-contract.ts';

const KEY = 'pk_test_search_handler';
let index: SearchIndex;
let loaded: LoadedSearchIndex | null;
let keyCheck: (key: string) => Promise<boolean>;

before(() => {
  index = buildSearchIndex(fixtureDocuments());
});

const handler = createSearchHandler({ getIndex: () => loaded, verifyPartnerKey: (key) => keyCheck(key) });

function reset(): void {
  loaded = { index, version: 'idx-1', snapshotVersion: 'snap-42', builtAt: new Date('2025-01-02T03:04:05Z') };
  keyCheck = async (key) => key === KEY;
}

async function get(
  path: string,
  query: string | Record<string, string> = {},
  headers: Record<string, string> = { 'x-partner-key': KEY },
  method = 'GET',
): Promise<HttpResponse> {
  const response = await handler({ method, path, query: new URLSearchParams(query), headers, body: new Uint8Array() });
  if (method === 'GET' && response.status !== 404) assertMatchesContract(path, response);
  return response;
}

function json(
  response: HttpResponse,
): Record<string, unknown> & { error?: { code: string; message: string; field?: string } } {
  return JSON.parse(String(response.body)) as Record<string, unknown> & {
    error?: { code: string; message: string; field?: string };
  };
}

describe('partner key', () => {
  it('refuses a missing or unknown key on every route with 401 PARTNER_KEY_INVALID', async () => {
    reset();
    for (const path of ['/v1/search', '/v1/suggest', '/v1/manifest']) {
      for (const headers of [{}, { 'x-partner-key': 'pk_test_wrong' }, { 'x-partner-key': '' }] as Record<
        string,
        string
      >[]) {
        const response = await get(path, { q: 'milk' }, headers);
        assert.equal(response.status, 401);
        assert.equal(json(response).error?.code, 'PARTNER_KEY_INVALID');
      }
    }
  });

  it('answers 503, not 401, when the key cannot be checked', async () => {
    reset();
    keyCheck = async () => {
      throw new Error('database down');
    };
    const response = await get('/v1/search', { q: 'milk' });
    assert.equal(response.status, 503);
    assert.equal(json(response).error?.code, 'SEARCH_UNAVAILABLE');
    assert.ok(!String(response.body).includes('database down'));
  });
});

describe('GET /v1/search', () => {
  it('adds a suggestion, the query as the catalog spells it with its hits, when a word is not in the catalog', async () => {
    reset();
    const misspelt = json(await get('/v1/search', { q: 'cofffee' })) as {
      suggestion?: { query: string; hits: { cprcode: string }[] };
    };
    assert.equal(misspelt.suggestion?.query, 'coffee');
    const corrected = json(await get('/v1/search', { q: 'coffee' })) as {
      hits: { cprcode: string }[];
      suggestion?: unknown;
    };
    assert.deepEqual(
      misspelt.suggestion.hits.map((h) => h.cprcode),
      corrected.hits.map((h) => h.cprcode),
    );
    assert.equal(corrected.suggestion, undefined);
  });

  it('answers hits and the index version', async () => {
    reset();
    const response = await get('/v1/search', { q: 'meiji milk', lang: 'th', limit: '3' });
    assert.equal(response.status, 200);
    const body = json(response) as { hits: { name: string; cprcode: string }[]; version: string };
    assert.equal(body.version, 'idx-1');
    assert.equal(response.headers['x-search-index-version'], 'idx-1');
    assert.equal(body.hits.length, 3);
    assert.equal(body.hits[0]!.name, 'นมสดเมจิ รสจืด');
  });

  it('takes mode, category and active', async () => {
    reset();
    const auto = json(await get('/v1/search', { q: 'dut', mode: 'autocomplete' })) as { hits: { name: string }[] };
    assert.ok(auto.hits[0]!.name.startsWith('Dutch'));
    const filtered = json(await get('/v1/search', { q: 'plain', category: 'UHT Milk', active: 'true' })) as {
      hits: { name: string; category: string }[];
    };
    assert.equal(filtered.hits[0]!.name, 'Foremost UHT Milk Plain');
    assert.ok(filtered.hits.every((h) => h.category === 'UHT Milk'));
    const none = json(await get('/v1/search', { q: 'milk', category: 'No such shelf' })) as { hits: unknown[] };
    assert.deepEqual(none.hits, []);
  });

  it('uses the documented defaults', async () => {
    reset();
    assert.equal(parameterSchema('/v1/search', 'limit').default, SEARCH_DEFAULTS.searchLimit);
    assert.equal(parameterSchema('/v1/search', 'limit').maximum, LIMITS.maxSearchLimit);
    assert.equal(parameterSchema('/v1/suggest', 'limit').default, SEARCH_DEFAULTS.suggestLimit);
    assert.equal(parameterSchema('/v1/suggest', 'limit').maximum, LIMITS.maxSuggestLimit);
    assert.equal(parameterSchema('/v1/search', 'q').maxLength, LIMITS.maxQueryLength);
    const body = json(await get('/v1/search', { q: 'm' })) as { hits: unknown[] };
    assert.ok(body.hits.length > 0 && body.hits.length <= SEARCH_DEFAULTS.searchLimit);
  });

  const BAD: [name: string, query: Record<string, string> | string, field: string, pattern: RegExp][] = [
    ['missing q', {}, 'q', /required/],
    ['empty q', { q: '' }, 'q', /empty/],
    ['white-space q', { q: ' \t\n ' }, 'q', /empty/],
    ['q of 201 characters', { q: 'น'.repeat(201) }, 'q', /201 characters.*at most 200/],
    ['q of 10,000 characters', { q: 'a'.repeat(10_000) }, 'q', /at most 200/],
    ['limit 0', { q: 'milk', limit: '0' }, 'limit', /from 1 to 50/],
    ['limit 51', { q: 'milk', limit: '51' }, 'limit', /from 1 to 50; got 51/],
    ['negative limit', { q: 'milk', limit: '-1' }, 'limit', /whole number/],
    ['fractional limit', { q: 'milk', limit: '2.5' }, 'limit', /whole number/],
    ['non-numeric limit', { q: 'milk', limit: 'ten' }, 'limit', /whole number/],
    ['empty limit', { q: 'milk', limit: '' }, 'limit', /whole number/],
    ['huge limit', { q: 'milk', limit: '99999999999999999999' }, 'limit', /whole number/],
    ['unknown lang', { q: 'milk', lang: 'fr' }, 'lang', /'en' or 'th'/],
    ['unknown mode', { q: 'milk', mode: 'fuzzy' }, 'mode', /autocomplete/],
    ['active not boolean', { q: 'milk', active: 'yes' }, 'active', /'true' or 'false'/],
    ['empty category', { q: 'milk', category: '' }, 'category', /empty/],
    ['unknown parameter', { q: 'milk', page: '2' }, 'page', /Unknown parameter 'page'/],
    ['repeated parameter', 'q=milk&q=eggs', 'q', /more than once/],
  ];
  for (const [name, query, field, pattern] of BAD) {
    it(`refuses ${name} with 400 INVALID_INPUT naming ${field}`, async () => {
      reset();
      const response = await get('/v1/search', query);
      assert.equal(response.status, 400);
      const error = json(response).error!;
      assert.equal(error.code, 'INVALID_INPUT');
      assert.equal(error.field, field);
      assert.match(error.message, pattern);
    });
  }

  it('accepts exactly 200 characters, counted as characters not code units', async () => {
    reset();
    assert.equal((await get('/v1/search', { q: 'น'.repeat(200) })).status, 200);
    assert.equal((await get('/v1/search', { q: '🥛'.repeat(200) })).status, 200);
    assert.equal((await get('/v1/search', { q: '🥛'.repeat(201) })).status, 400);
  });

  it('answers hostile text with 200 and a correct, possibly empty, result', async () => {
    reset();
    const hostile = [
      '🥛🍞🥚',
      'm\u0301\u0302\u0303ilk',
      '\u200b\u200c\u200d',
      "milk'; DROP TABLE products;--",
      '.*(a+)+$',
      '%00%ff',
      '\ud800',
      '<script>alert(1)</script>',
      '${jndi:ldap://x}',
      '../../etc/passwd',
    ];
    for (const q of hostile) {
      const response = await get('/v1/search', { q });
      assert.equal(response.status, 200, q);
      const suggest = await get('/v1/suggest', { q });
      assert.equal(suggest.status, 200, q);
    }
    const emoji = json(await get('/v1/search', { q: '🥛🍞🥚' })) as { hits: unknown[] };
    assert.deepEqual(emoji.hits, []);
  });

  it('validates input before looking for the index, then answers 503 while none is loaded', async () => {
    reset();
    loaded = null;
    assert.equal((await get('/v1/search', { q: 'milk', limit: '51' })).status, 400);
    const response = await get('/v1/search', { q: 'milk' });
    assert.equal(response.status, 503);
    assert.equal(json(response).error?.code, 'SEARCH_UNAVAILABLE');
    assert.ok(response.headers['retry-after']);
    assert.equal((await get('/v1/manifest')).status, 503);
  });
});

describe('GET /v1/suggest', () => {
  it('answers suggestions', async () => {
    reset();
    const response = await get('/v1/suggest', { q: 'dut', lang: 'en', limit: '5' });
    assert.equal(response.status, 200);
    const body = json(response) as { suggestions: { text: string; kind: string }[] };
    assert.ok(body.suggestions.length > 0 && body.suggestions.length <= 5);
    assert.ok(body.suggestions.some((s) => s.kind === 'brand' && s.text === 'Dutch Mill'));
  });

  it('refuses limit 31 and search-only parameters', async () => {
    reset();
    const over = await get('/v1/suggest', { q: 'dut', limit: '31' });
    assert.equal(over.status, 400);
    assert.match(json(over).error!.message, /from 1 to 30; got 31/);
    const mode = await get('/v1/suggest', { q: 'dut', mode: 'semantic' });
    assert.equal(mode.status, 400);
    assert.equal(json(mode).error?.field, 'mode');
    assert.equal((await get('/v1/suggest', { q: 'dut', limit: '30' })).status, 200);
  });
});

describe('GET /v1/manifest', () => {
  it('answers the index version, its snapshot, build time and documents', async () => {
    reset();
    const response = await get('/v1/manifest');
    assert.equal(response.status, 200);
    assert.deepEqual(json(response), {
      version: 'idx-1',
      snapshotVersion: 'snap-42',
      builtAt: '2025-01-02T03:04:05.000Z',
      documents: index.stats().documents,
    });
    const extra = await get('/v1/manifest', { q: 'x' });
    assert.equal(extra.status, 400);
  });
});

describe('routing', () => {
  it('answers 404 for unknown paths and 405 for other methods', async () => {
    reset();
    const missing = await get('/v1/nothing');
    assert.equal(missing.status, 404);
    assert.equal(json(missing).error?.code, 'NOT_FOUND');
    const post = await get('/v1/search', { q: 'milk' }, { 'x-partner-key': KEY }, 'POST');
    assertMatchesContract('/v1/search', post);
    assert.equal(post.status, 405);
    assert.equal(json(post).error?.code, 'METHOD_NOT_ALLOWED');
    assert.equal(post.headers.allow, 'GET, HEAD');
    const head = await get('/v1/search', { q: 'milk' }, { 'x-partner-key': KEY }, 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(head.body, null);
  });
});
