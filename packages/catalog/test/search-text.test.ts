import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { matchesWords, normalizeSearchText, productSearchText, searchWords } from '../src/search-text.ts';
import { fixtureProducts } from './product-fixtures.ts';

describe('search text', () => {
  test('folds case, Latin accents and whitespace', () => {
    assert.equal(normalizeSearchText('  Crème  BRÛLÉE\t'), 'creme brulee');
    assert.equal(normalizeSearchText('ŞARAP Ñandú'), 'sarap nandu');
  });

  test('keeps Thai vowel and tone marks as they are', () => {
    const thai = 'เบียร์สิงห์ นํ้าแข็ง น้ำ';
    assert.equal(normalizeSearchText(thai), thai);
  });

  test('splits a query into distinct folded words', () => {
    assert.deepEqual(searchWords(' Milk  MILK นม '), ['milk', 'นม']);
    assert.deepEqual(searchWords('   '), []);
    assert.deepEqual(searchWords(null), []);
  });

  test('matches names, brands, barcode and keywords, every word required', () => {
    const [milk, creme] = fixtureProducts();
    const milkText = productSearchText(milk!);
    assert.ok(matchesWords(milkText, searchWords('meiji milk')));
    assert.ok(matchesWords(milkText, searchWords('นมพาส')));
    assert.ok(matchesWords(milkText, searchWords('8850329112233')));
    assert.ok(!matchesWords(milkText, searchWords('meiji beer')));
    assert.ok(matchesWords(productSearchText(creme!), searchWords('creme brulee บ้านขนม')));
  });

  test('a word never matches across two fields', () => {
    const [milk] = fixtureProducts();
    // "milk" + "เมจิ" side by side would only match if fields ran together.
    assert.ok(!matchesWords(productSearchText(milk!), ['milkเมจิ']));
  });
});
