import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { buildSearchIndex, parseQuery, QUERY_BOUNDS, type SearchIndex } from '../src/index.ts';
import { HOSTILE_QUERIES as HOSTILE } from '../eval/hostile-queries.ts';
import { fixtureDocuments } from './fixtures/fixture-catalog.ts';

let index: SearchIndex;
before(() => {
  index = buildSearchIndex(fixtureDocuments());
});

/** Runs every entry point on `query`: each answers a list of finite scores. (How fast: bench/search-hostile.bench.ts.) */
function exercise(query: string): void {
  for (const mode of ['SEMANTIC', 'AUTOCOMPLETE'] as const) {
    for (const lang of ['en', 'th'] as const) {
      const hits = index.search({ query, lang, limit: 50, mode });
      const suggestions = index.suggest({ query, lang, limit: 30 });
      assert.ok(Array.isArray(hits) && Array.isArray(suggestions));
      for (const hit of hits) assert.ok(Number.isFinite(hit.score));
    }
  }
}

describe('hostile input', () => {
  for (const [name, query] of Object.entries(HOSTILE)) {
    it(`answers ${name} without throwing`, () => {
      exercise(query);
    });
  }

  it('finds nothing for text that is only emoji, marks, zero-width characters or punctuation', () => {
    for (const name of ['emoji', 'zeroWidth', 'whitespace', 'punctuation'] as const) {
      assert.deepEqual(index.search({ query: HOSTILE[name]!, lang: 'en', limit: 10, mode: 'SEMANTIC' }), [], name);
      assert.deepEqual(index.suggest({ query: HOSTILE[name]!, lang: 'en', limit: 10 }), [], name);
    }
  });

  it('still finds the words hidden in junk', () => {
    const hits = index.search({ query: 'mi\u200blk🥛 m\u0301eiji', lang: 'en', limit: 5, mode: 'SEMANTIC' });
    assert.ok(hits[0]?.name.startsWith('Meiji'));
    const sql = index.search({ query: HOSTILE.sql!, lang: 'en', limit: 5, mode: 'SEMANTIC' });
    assert.ok(sql.length > 0 && sql.every((h) => Number.isFinite(h.score)));
  });

  it('bounds the work done on a query', () => {
    const parsed = parseQuery('milk '.repeat(5000));
    assert.ok(parsed.tokens.length <= QUERY_BOUNDS.maxTokens);
    assert.ok(parsed.normalized.length <= QUERY_BOUNDS.maxNormalizedUnits);
  });

  it('treats odd limits and values as no results rather than throwing', () => {
    for (const limit of [-1, 0, Number.NaN, Number.POSITIVE_INFINITY])
      assert.deepEqual(index.search({ query: 'milk', lang: 'en', limit, mode: 'SEMANTIC' }), []);
    assert.ok(index.search({ query: 'milk', lang: 'en', limit: 1e9, mode: 'SEMANTIC' }).length <= 200);
  });
});
