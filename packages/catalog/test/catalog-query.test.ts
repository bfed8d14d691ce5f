import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CommerceError } from '@grocery/core';
import { listQueryKey, parseListQuery } from '../src/catalog-query.ts';

const parse = (query: string) => parseListQuery(new URLSearchParams(query));

function refuses(query: string, field: string, message: RegExp): void {
  assert.throws(
    () => parse(query),
    (error: unknown) =>
      error instanceof CommerceError &&
      error.code === 'INVALID_INPUT' &&
      error.field === field &&
      message.test(error.message),
    `${query} should be refused on ${field}`,
  );
}

describe('list query', () => {
  test('defaults: lang en, page 1, size 50, no filters', () => {
    assert.deepEqual(parse(''), {
      lang: 'en',
      page: 1,
      size: 50,
      q: null,
      words: [],
      category: null,
      active: null,
      fields: null,
    });
  });

  test('accepts the limits themselves', () => {
    const query = parse(
      'lang=th&page=3&size=200&q=%20Fresh%20Milk&category=Dairy&active=false&fields=pr_active,%20cprcode%20,name,cprcode',
    );
    assert.equal(query.size, 200);
    assert.equal(query.lang, 'th');
    assert.deepEqual(query.words, ['fresh', 'milk']);
    assert.equal(query.category, 'dairy');
    assert.equal(query.active, false);
    // Record order, duplicates dropped, items trimmed.
    assert.deepEqual(query.fields, ['cprcode', 'name', 'pr_active']);
    assert.equal(parse('size=1').size, 1);
    assert.equal(parse(`q=${'x'.repeat(200)}`).q, 'x'.repeat(200));
  });

  test('refuses sizes and pages out of range, never clamping', () => {
    refuses('size=201', 'size', /size must be a whole number from 1 to 200; got 201/);
    refuses('size=0', 'size', /from 1 to 200/);
    refuses('page=0', 'page', /page must be a whole number from 1/);
    refuses('page=99999999999', 'page', /whole number/);
  });

  test('refuses non-numeric numbers', () => {
    for (const value of ['abc', '1.5', '-1', '+2', '1e2', ' 5', '', '0x10'])
      refuses(`size=${encodeURIComponent(value)}`, 'size', /whole number/);
    refuses('page=two', 'page', /got "two"/);
  });

  test('refuses unknown languages, booleans and fields', () => {
    refuses('lang=fr', 'lang', /lang must be one of en, th; got "fr"/);
    refuses('lang=all', 'lang', /en, th/);
    refuses('active=yes', 'active', /active must be true or false/);
    refuses(
      'fields=cprcode,price,stock',
      'fields',
      /Unknown fields in fields: price, stock\. Known fields: cprcode, name/,
    );
    refuses('fields=,%20,', 'fields', /at least one field/);
  });

  test('refuses a q over 200 characters (counted in characters, not bytes)', () => {
    refuses(`q=${'x'.repeat(201)}`, 'q', /q must be at most 200 characters; got 201/);
    assert.equal(parse(`q=${encodeURIComponent('น'.repeat(200))}`).words[0], 'น'.repeat(200));
  });

  test('refuses repeated and unknown parameters', () => {
    refuses('size=10&size=20', 'size', /given 2 times/);
    refuses(
      'sise=10',
      'sise',
      /Unknown query parameter "sise"\. Known parameters: lang, page, size, q, category, active, fields/,
    );
  });

  test('equal queries share a key; different ones do not', () => {
    assert.equal(
      listQueryKey(parse('q=Milk%20%20Fresh&fields=name,cprcode')),
      listQueryKey(parse('fields=cprcode,name&q=milk%20fresh&page=1')),
    );
    assert.notEqual(listQueryKey(parse('page=2')), listQueryKey(parse('page=3')));
    assert.notEqual(listQueryKey(parse('lang=th')), listQueryKey(parse('lang=en')));
  });
});
