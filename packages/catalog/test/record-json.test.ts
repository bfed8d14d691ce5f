import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Product } from '@grocery/core';
import { toCatalogRecord } from '../src/catalog-record.ts';
import { jsonString, RecordJsonStore } from '../src/record-json.ts';
import { StringLists } from '../src/string-lists.ts';
import { hostileProducts } from './product-fixtures.ts';

const publicBaseUrl = 'https://api.example.com';
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const joined = (pieces: Uint8Array[]) => decode(Buffer.concat(pieces));

/** Hostile products, a lone surrogate added (JSON escapes it), lists interned as a build interns them. */
function hostileRecords(count: number): Product[] {
  const lists = new StringLists();
  return hostileProducts(count).map((p) => ({
    ...p,
    nameTh: `${p.nameTh} \ud800 lone`,
    keywords: lists.intern(p.keywords) as string[],
    availStore: lists.intern(p.availStore) as string[],
  }));
}

function storeOf(products: Product[], slabBytes?: number): RecordJsonStore {
  return new RecordJsonStore(products, publicBaseUrl, slabBytes);
}

describe('RecordJsonStore', () => {
  test('jsonString equals JSON.stringify, hostile text included', () => {
    for (const text of [
      '',
      'milk',
      'นมสด',
      '"quoted"',
      'back\\slash',
      'tab\there',
      '\u0000\u001f',
      'lone \ud800 surrogate',
      '\udfff',
      '🥛 pair',
      '</script>',
      '\u2028',
    ]) {
      assert.equal(jsonString(text), JSON.stringify(text), JSON.stringify(text));
    }
  });

  test('each record equals JSON.stringify of the record, whatever its text and whichever is read first', () => {
    const products = hostileRecords(300);
    const store = storeOf(products);
    // Read back to front, so that the slab order is the reverse of the catalog order.
    for (let i = products.length - 1; i >= 0; i--) {
      for (const lang of ['th', 'en'] as const) {
        assert.equal(decode(store.record(lang, i)), JSON.stringify(toCatalogRecord(products[i]!, lang, publicBaseUrl)));
      }
    }
    // Read again, the bytes are the same ones.
    assert.equal(store.record('en', 7).buffer, store.record('en', 7).buffer);
  });

  test('a page of records read in order is served as one piece', () => {
    const products = hostileRecords(250);
    const store = storeOf(products);
    const expected = products.map((p) => JSON.stringify(toCatalogRecord(p, 'en', publicBaseUrl))).join(',');
    assert.equal(joined(store.pieces('en', null, 0, 250)), expected);
    assert.equal(store.pieces('en', null, 0, 250).length, 1);
    assert.equal(store.pieces('en', null, 10, 20).length, 1);
    assert.deepEqual(store.pieces('en', null, 5, 5), []);
  });

  test('selections, scattered or out of order, join to the selected records in the order given', () => {
    const products = hostileRecords(120);
    const store = storeOf(products, 4096);
    // Some records were read before, one by one, out of order.
    for (const i of [90, 3, 57]) store.record('th', i);
    const selection = Int32Array.from([2, 3, 4, 57, 58, 90, 91, 119]);
    const expected = (from: number, to: number) =>
      [...selection.subarray(from, to)]
        .map((i) => JSON.stringify(toCatalogRecord(products[i]!, 'th', publicBaseUrl)))
        .join(',');
    assert.equal(joined(store.pieces('th', selection, 0, selection.length)), expected(0, selection.length));
    assert.equal(joined(store.pieces('th', selection, 2, 6)), expected(2, 6));
    assert.equal(joined(store.pieces('th', selection, 7, 8)), expected(7, 8));
  });

  test('records straddling small slabs, and one larger than a slab, come out whole', () => {
    const products = hostileRecords(60);
    products[30] = { ...products[30]!, nameEn: 'x'.repeat(10_000) };
    const store = storeOf(products, 2048);
    const expected = products.map((p) => JSON.stringify(toCatalogRecord(p, 'en', publicBaseUrl))).join(',');
    const pieces = store.pieces('en', null, 0, products.length);
    assert.ok(pieces.length > 1, 'spans several slabs');
    assert.equal(joined(pieces), expected);
    assert.equal(decode(store.record('en', 30)), JSON.stringify(toCatalogRecord(products[30]!, 'en', publicBaseUrl)));
  });
});
