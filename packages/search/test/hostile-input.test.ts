import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { buildSearchIndex, parseQuery, QUERY_BOUNDS, type SearchIndex } from '../src/index.ts';
import { fixtureDocuments } from './fixtures/fixture-catalog.ts';

let index: SearchIndex;
before(() => {
  index = buildSearchIndex(fixtureDocuments());
});

/** Runs every entry point on `query` and returns the slowest call's milliseconds. */
function exercise(query: string): number {
  let slowest = 0;
  for (const mode of ['SEMANTIC', 'AUTOCOMPLETE'] as const) {
    for (const lang of ['en', 'th'] as const) {
      const started = performance.now();
      const hits = index.search({ query, lang, limit: 50, mode });
      index.suggest({ query, lang, limit: 30 });
      slowest = Math.max(slowest, performance.now() - started);
      assert.ok(Array.isArray(hits));
      for (const hit of hits) assert.ok(Number.isFinite(hit.score));
    }
  }
  return slowest;
}

const HOSTILE: Record<string, string> = {
  emoji: '🥛🍞🥚👨‍👩‍👧‍👦🏳️‍🌈',
  combining: 'm\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308i\u0301lk'.repeat(20),
  zalgoThai: 'น' + '\u0e48\u0e49\u0e4a\u0e4b'.repeat(500),
  zeroWidth: '\u200b\u200c\u200d\u2060\ufeff'.repeat(100),
  sql: "milk'; DROP TABLE products; -- OR 1=1 /* */ UNION SELECT * FROM keys",
  regex: '.*(a+)+$ (x|x|x)* [^]] \\ ^$ {1,99999} (?<=a) \\p{L}',
  backtracking: 'a'.repeat(60) + '!',
  nul: 'milk\u0000\u0001\u001f\u007f',
  loneSurrogates: '\ud800milk\udfff\ud83e',
  rtl: 'milk \u202e\u202d\u0645\u0644\u062d',
  bidiThai: '\u202bนม\u202c',
  longLatin: 'chocolate '.repeat(1000),
  longThai: 'นมสดรสจืด'.repeat(2000),
  longDigits: '8'.repeat(10_000),
  longWord: 'x'.repeat(10_000),
  manyTypos: 'chocolat sausagr detergant magnoliya pringels breakfasr diaperz noodels ',
  unitSoup: '1.1.1.1 ml ml ml 999999999999 kg x x x 6x6x6x6',
  saraAmSlips: 'น\u0e4d\u0e49\u0e32'.repeat(300),
  saraESoup: '\u0e40'.repeat(5000),
  marksBeforeVowels: 'ก\u0e48\u0e49\u0e34\u0e4d\u0e32'.repeat(300),
  tonelessLong: 'ขาวหอมมะลินำปลาไขไก'.repeat(200),
  romanisedLong: 'khao pad moo gai nam tan '.repeat(200),
  mixedScripts: 'moo หมู 1ลิตร x6 กก. 🥛 nam ปลา ๖ กระป๋อง '.repeat(40),
  intentFrames: 'things for a newborn what do i need ของใช้ ที่ บ้าน '.repeat(40),
  whitespace: '   \t\n  ',
  punctuation: '!!! ??? ... ,,, ---',
};

describe('hostile input', () => {
  for (const [name, query] of Object.entries(HOSTILE)) {
    it(`answers ${name} without throwing, quickly`, () => {
      const ms = exercise(query);
      assert.ok(ms < 250, `${name} took ${ms.toFixed(1)} ms`);
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
    for (const limit of [-1, 0, Number.NaN, Number.POSITIVE_INFINITY]) assert.deepEqual(index.search({ query: 'milk', lang: 'en', limit, mode: 'SEMANTIC' }), []);
    assert.ok(index.search({ query: 'milk', lang: 'en', limit: 1e9, mode: 'SEMANTIC' }).length <= 200);
  });
});
