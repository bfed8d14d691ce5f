import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CommerceError, LIMITS } from '@grocery/core';
import { parseManifestRequest, parseSearchRequest, parseSuggestRequest, SEARCH_DEFAULTS } from '../src/index.ts';

function refusal(run: () => unknown): CommerceError {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof CommerceError, String(error));
    return error;
  }
  assert.fail('expected a CommerceError');
}

describe('parseSearchRequest', () => {
  it('fills the documented defaults', () => {
    assert.deepEqual(parseSearchRequest(new URLSearchParams('q=milk')), {
      query: 'milk',
      limit: SEARCH_DEFAULTS.searchLimit,
      lang: 'en',
      mode: 'SEMANTIC',
      category: undefined,
      active: undefined,
    });
  });

  it('reads every parameter, case-insensitively where the value is a keyword', () => {
    const parsed = parseSearchRequest(
      new URLSearchParams({
        q: 'นม',
        lang: 'TH',
        limit: String(LIMITS.maxSearchLimit),
        mode: 'autocomplete',
        category: 'UHT Milk',
        active: 'FALSE',
      }),
    );
    assert.deepEqual(parsed, {
      query: 'นม',
      limit: LIMITS.maxSearchLimit,
      lang: 'th',
      mode: 'AUTOCOMPLETE',
      category: 'UHT Milk',
      active: false,
    });
  });

  const BAD: [name: string, query: string, field: string, pattern: RegExp][] = [
    ['missing q', '', 'q', /required/],
    ['white-space q', 'q=%20%09', 'q', /empty/],
    ['q over the limit', `q=${'🥛'.repeat(LIMITS.maxQueryLength + 1)}`, 'q', /at most 200/],
    ['limit 0', 'q=m&limit=0', 'limit', /from 1 to 50; got 0/],
    ['limit over the maximum', 'q=m&limit=51', 'limit', /from 1 to 50; got 51/],
    ['limit in exponent form', 'q=m&limit=1e1', 'limit', /whole number/],
    ['limit of seven digits', 'q=m&limit=0000001', 'limit', /whole number/],
    ['unknown lang', 'q=m&lang=fr', 'lang', /'en' or 'th'/],
    ['unknown mode', 'q=m&mode=fuzzy', 'mode', /autocomplete/],
    ['active not boolean', 'q=m&active=1', 'active', /'true' or 'false'/],
    ['empty category', 'q=m&category=%20', 'category', /empty/],
    ['category over 200 characters', `q=m&category=${'x'.repeat(201)}`, 'category', /longer than 200/],
    ['repeated parameter', 'q=m&lang=en&lang=th', 'lang', /more than once/],
    ['unknown parameter', 'q=m&page=2', 'page', /Unknown parameter 'page'; allowed: q, lang/],
    ['long unknown parameter', `q=m&${'z'.repeat(500)}=1`, `${'z'.repeat(40)}…`, /Unknown parameter/],
    ['__proto__ parameter', 'q=m&__proto__=x', '__proto__', /Unknown parameter/],
  ];
  for (const [name, query, field, pattern] of BAD) {
    it(`refuses ${name} as INVALID_INPUT naming ${field.slice(0, 20)}`, () => {
      const error = refusal(() => parseSearchRequest(new URLSearchParams(query)));
      assert.equal(error.code, 'INVALID_INPUT');
      assert.equal(error.field, field);
      assert.match(error.message, pattern);
      assert.ok(error.message.length < 300, 'echoes of input are cut short');
    });
  }
});

describe('parseSuggestRequest', () => {
  it('fills its own default limit and refuses search-only parameters', () => {
    assert.deepEqual(parseSuggestRequest(new URLSearchParams('q=dut')), {
      query: 'dut',
      limit: SEARCH_DEFAULTS.suggestLimit,
      lang: 'en',
    });
    assert.equal(refusal(() => parseSuggestRequest(new URLSearchParams('q=dut&mode=semantic'))).field, 'mode');
    assert.match(
      refusal(() => parseSuggestRequest(new URLSearchParams(`q=dut&limit=${LIMITS.maxSuggestLimit + 1}`))).message,
      /from 1 to 30; got 31/,
    );
  });
});

describe('parseManifestRequest', () => {
  it('takes no parameters', () => {
    parseManifestRequest(new URLSearchParams());
    const error = refusal(() => parseManifestRequest(new URLSearchParams('q=x')));
    assert.equal(error.code, 'INVALID_INPUT');
    assert.match(error.message, /this route takes none/);
  });
});
