import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ProductListFilter } from '../src/ports/catalog-reader.ts';
import { InMemoryCatalog } from '../src/testing/in-memory-catalog.ts';
import { testProduct } from '../src/testing/test-records.ts';

const ALL: ProductListFilter = {
  query: null,
  l1: null,
  l2: null,
  l3: null,
  alcoholOnly: false,
  activeOnly: false,
  onlineOnly: false,
};
const drinks = { l1: 'Drinks', l2: 'Beer', l3: 'Lager', l1Th: 'เครื่องดื่ม', l2Th: 'เบียร์', l3Th: 'ลาเกอร์' };
const catalog = new InMemoryCatalog([
  testProduct({ cprcode: '1000', nameEn: 'Café latte', keywords: ['coffee'] }),
  testProduct({ cprcode: '20', nameEn: 'Lager beer', alcohol: true, category: drinks }),
  testProduct({ cprcode: '300', nameEn: 'Old soap', active: false }),
  testProduct({ cprcode: '9', nameEn: 'Shop-only bread', online: false, barcode: '8850000000001' }),
]);
const codes = (products: { cprcode: string }[]) => products.map((product) => product.cprcode);

describe('InMemoryCatalog', () => {
  test('products are in cprcode order (shorter first) and pages follow the cursor', () => {
    const first = catalog.list(ALL, { after: null, first: 2 });
    assert.deepEqual(
      [codes(first.products), first.endCursor, first.hasNextPage, first.totalCount],
      [['9', '20'], '20', true, 4],
    );
    const second = catalog.list(ALL, { after: '20', first: 2 });
    assert.deepEqual([codes(second.products), second.hasNextPage], [['300', '1000'], false]);
    assert.deepEqual(codes([...catalog.scan(ALL, '300')]), ['1000']);
  });

  test('filters: words without case or accents in names, keywords and barcode; categories in English or Thai; flags', () => {
    assert.deepEqual(codes(catalog.list({ ...ALL, query: 'CAFE coffee' }, { after: null, first: 10 }).products), [
      '1000',
    ]);
    assert.deepEqual(codes(catalog.list({ ...ALL, query: '8850000000001' }, { after: null, first: 10 }).products), [
      '9',
    ]);
    assert.deepEqual(codes(catalog.list({ ...ALL, l1: 'เครื่องดื่ม', l3: 'lager' }, { after: null, first: 10 }).products), [
      '20',
    ]);
    assert.deepEqual(codes(catalog.list({ ...ALL, alcoholOnly: true }, { after: null, first: 10 }).products), ['20']);
    assert.deepEqual(
      codes(catalog.list({ ...ALL, activeOnly: true, onlineOnly: true }, { after: null, first: 10 }).products),
      ['20', '1000'],
    );
  });

  test('get keeps request order and leaves unknown cprcodes out; categories count active online products', () => {
    assert.deepEqual(codes(catalog.get(['1000', '404', '9'])), ['1000', '9']);
    assert.deepEqual(catalog.categories(), [
      { name: 'Drinks', nameTh: 'เครื่องดื่ม', count: 1 },
      { name: 'Grocery', nameTh: 'ของชำ', count: 1 },
    ]);
    catalog.replace([], 'v2');
    assert.deepEqual([catalog.version(), catalog.list(ALL, { after: null, first: 5 }).totalCount], ['v2', 0]);
  });
});
