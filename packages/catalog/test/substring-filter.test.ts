import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SubstringFilterWriter } from '../src/substring-filter.ts';
import { StringLists } from '../src/string-lists.ts';
import { utf8Length } from '../src/utf8.ts';

describe('substring filter', () => {
  const texts = ['fresh milk\u0001นมสด', 'dark chocolate\u0001ช็อกโกแลต', 'milk chocolate\u0001นม', '', 'milkshake'];
  // Fewer rows announced than added, and a tiny size per row: buffer and offsets grow several times.
  const writer = new SubstringFilterWriter(1, 1);
  for (const text of texts) writer.add(text);
  const index = writer.seal();

  test('finds every product containing a word, once each, in order', () => {
    assert.deepEqual(index.containing('milk'), [0, 2, 4]);
    assert.deepEqual(index.containing('นม'), [0, 2]);
    assert.deepEqual(index.containing('chocolate'), [1, 2]);
    assert.deepEqual(index.containing('zebra'), []);
    assert.deepEqual(index.containing(''), []);
  });

  test('never matches across a field or product boundary', () => {
    assert.deepEqual(index.containing('milkนม'), []);
    assert.deepEqual(index.containing('นมสดdark'), []);
  });

  test('checks single products for all words and gives their text back', () => {
    assert.equal(index.matches(2, ['milk', 'นม']), true);
    assert.equal(index.matches(2, ['milk', 'นมสด']), false);
    assert.equal(index.textOf(1), texts[1]);
    assert.equal(index.textOf(3), '');
    assert.equal(index.size, 5);
  });

  test('a tail of bytes is appended to a product text', () => {
    const w = new SubstringFilterWriter(2);
    w.add('apple', Buffer.from('\u0001red fruit'));
    w.add('pear');
    const i = w.seal();
    assert.deepEqual(i.containing('fruit'), [0]);
    assert.equal(i.textOf(0), 'apple\u0001red fruit');
  });
});

describe('string lists and UTF-8 lengths', () => {
  test('interning returns one shared array per content', () => {
    const lists = new StringLists();
    const a = lists.intern(['001', '002', '017']);
    assert.equal(lists.intern(['001', '002', '017']), a);
    assert.notEqual(lists.intern(['001', '017', '017']), a);
    assert.notEqual(lists.intern(['001', '017']), a, 'same ends, shorter');
    assert.equal(lists.intern(['001', '017']), lists.intern(['001', '017']));
    assert.notEqual(lists.intern(['001', '003', '017']), a, 'same length and ends, different middle');
    assert.equal(lists.intern([]).length, 0);
  });

  test('utf8Length matches Buffer.byteLength for ASCII, Thai, accents and astral characters', () => {
    for (const text of ['', 'milk', 'นมสด', 'Crème brûlée', '🥛 milk', 'ก🥛é'])
      assert.equal(utf8Length(text), Buffer.byteLength(text, 'utf8'), text);
  });
});
