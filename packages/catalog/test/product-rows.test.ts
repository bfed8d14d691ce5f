import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  NO_TEXT,
  ProductRowsWriter,
  ReceivedDictionary,
  ROW_IMAGE,
  ROW_PRICE,
  FLAG_ACTIVE,
  FLAG_ALCOHOL,
  FLAG_ONLINE,
  TEXT,
  TEXT_STRIDE,
  type ProductRows,
} from '../src/product-rows.ts';
import { StringLists } from '../src/string-lists.ts';
import { fixtureProducts } from './product-fixtures.ts';

describe('product rows (what a build hands to its worker)', () => {
  test('rows carry each repeated text and list once, and the receiving side rebuilds them', () => {
    const lists = new StringLists();
    const products = fixtureProducts().map((p) => ({
      ...p,
      keywords: lists.intern(p.keywords) as string[],
      availStore: lists.intern(p.availStore) as string[],
    }));
    const writer = new ProductRowsWriter(2);
    const received = new ReceivedDictionary();
    const chunks: ProductRows[] = [];
    for (const p of products) {
      writer.add(p);
      if (writer.count === 2) chunks.push(writer.take());
    }
    assert.equal(chunks.length, 2);
    for (const chunk of chunks) received.receive(chunk);
    // "Fresh Food", "Dairy" … appear in two products but travel once.
    const allTexts = chunks.flatMap((chunk) => chunk.newTexts);
    assert.equal(new Set(allTexts).size, allTexts.length);
    assert.equal(chunks.flatMap((chunk) => chunk.newLists).filter((list) => list.join() === '001,017').length, 1);

    products.forEach((p, i) => {
      const chunk = chunks[i >> 1]!;
      const row = i & 1;
      const text = (field: number) => {
        const id = chunk.texts[row * TEXT_STRIDE + field]!;
        return id === NO_TEXT ? null : received.textBytes(id).toString('utf8');
      };
      // A list's items, cut from its bytes at their lengths.
      const list = (id: number) => {
        const bytes = received.listBytes(id);
        let at = 0;
        return [...received.listItemBytes(id)].map((length) => bytes.toString('utf8', at, (at += length)));
      };
      assert.equal(chunk.cprcode[row], p.cprcode);
      assert.equal(text(TEXT.brandEn), p.brandEn);
      assert.equal(text(TEXT.l3Th), p.category.l3Th);
      assert.equal(text(TEXT.code2), p.grocerCategoryCodes[1]);
      assert.deepEqual(list(chunk.lists[2 * row]!), p.keywords);
      assert.deepEqual(list(chunk.lists[2 * row + 1]!), p.availStore);
      const flags = chunk.flags[row]!;
      assert.equal(Boolean(flags & FLAG_ACTIVE), p.active);
      assert.equal(Boolean(flags & FLAG_ONLINE), p.online);
      assert.equal(Boolean(flags & FLAG_ALCOHOL), p.alcohol);
      assert.equal(Boolean(flags & ROW_IMAGE), p.hasImage);
      assert.equal(flags & ROW_PRICE ? chunk.priceSatang[row] : null, p.detailPriceSatang);
    });
    assert.equal(chunks[0]!.texts[1 * TEXT_STRIDE + TEXT.brandEn], NO_TEXT, 'a null text is no id');
    const keywordsId = chunks[0]!.lists[0]!;
    assert.deepEqual([...received.listItemBytes(keywordsId)], [4, 6], 'UTF-8 lengths of "milk" and "นม"');
    assert.equal(received.listBytes(keywordsId).toString('utf8'), 'milkนม');
  });
});
