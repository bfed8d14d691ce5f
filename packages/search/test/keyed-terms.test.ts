import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildKeyedTerms, keyRange } from '../src/keyed-terms.ts';

describe('keyed terms', () => {
  const table = buildKeyedTerms([
    ['kai', 7, 'ไก่'],
    ['kai', 3, 'ไข่'],
    ['mu', 5, 'หมู'],
    ['kai', 7, 'ไก่'],
    ['', 9, 'nothing'],
  ]);

  it('lists each key once, sorted, with its terms and their words', () => {
    assert.deepEqual(table.keys, ['kai', 'mu']);
    const [start, end] = keyRange(table, 'kai');
    assert.deepEqual([...table.terms.subarray(start, end)], [3, 7]);
    assert.deepEqual(table.words.slice(start, end), ['ไข่', 'ไก่']);
  });

  it('answers an empty range for an unknown key', () => {
    const [start, end] = keyRange(table, 'moo');
    assert.equal(end - start, 0);
  });

  it('is plain data that survives structured clone', () => {
    assert.deepEqual(structuredClone(table), table);
  });
});
