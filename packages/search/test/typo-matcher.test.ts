import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fuzzyScan, prefixRange, transposedCandidates, typoBudget, typoCandidates } from '../src/typo-matcher.ts';

const WORDS = [
  'bread',
  'break',
  'broad',
  'chocolate',
  'chocolates',
  'cocoa',
  'milk',
  'milky',
  'sausage',
  'sausages',
  'yoghurt',
  'yogurt',
].sort();
const found = (query: string, edits: number, prefix = false) =>
  fuzzyScan(WORDS, query, edits, { prefix }).map((m) => WORDS[m.index]);

describe('typoBudget', () => {
  it('allows no typo below 5 characters, one from 5, two from 9', () => {
    assert.deepEqual([1, 2, 3, 4].map(typoBudget), [0, 0, 0, 0]);
    assert.deepEqual([5, 6, 7, 8].map(typoBudget), [1, 1, 1, 1]);
    assert.deepEqual([9, 10, 20].map(typoBudget), [2, 2, 2]);
  });
});

describe('fuzzyScan', () => {
  it('finds words within the edit budget, counting a swap as one edit', () => {
    assert.deepEqual(found('chocolte', 1), ['chocolate']);
    assert.deepEqual(found('sausgae', 1), ['sausage']);
    assert.deepEqual(found('yogurt', 1), ['yoghurt', 'yogurt']);
    assert.deepEqual(found('mlik', 1), ['milk']);
  });

  it('does not exceed the budget', () => {
    assert.deepEqual(found('chcolte', 1), []);
    assert.deepEqual(found('chcolte', 2), ['chocolate']);
    assert.deepEqual(found('zzzzz', 2), []);
  });

  it('reports exact distances', () => {
    const matches = fuzzyScan(WORDS, 'bread', 1);
    const byWord = Object.fromEntries(matches.map((m) => [WORDS[m.index], m.distance]));
    assert.deepEqual(byWord, { bread: 0, break: 1, broad: 1 });
  });

  it('matches prefixes with typos for the last word', () => {
    assert.deepEqual(found('chocla', 1, true), ['chocolate', 'chocolates']);
    assert.deepEqual(found('chocla', 1, false), []);
  });

  it('refuses queries longer than its bound and empty ones', () => {
    assert.deepEqual(fuzzyScan(WORDS, 'x'.repeat(100), 2), []);
    assert.deepEqual(fuzzyScan(WORDS, '', 2), []);
  });
});

describe('prefixRange', () => {
  it('returns the sorted range of words with a prefix', () => {
    const [start, end] = prefixRange(WORDS, 'choc');
    assert.deepEqual(WORDS.slice(start, end), ['chocolate', 'chocolates']);
    const [s2, e2] = prefixRange(WORDS, 'zz');
    assert.equal(s2, e2);
  });
});

describe('typoCandidates (first letter counts as two typos)', () => {
  const words = ['bread', 'break', 'dread', 'milk', 'milky', 'sausage', 'sausages', 'tread'].sort();
  const found = (query: string, edits: number) =>
    typoCandidates(words, query, edits)
      .map((m) => `${words[m.index]}:${m.distance}`)
      .sort();

  it('does not correct the first letter', () => {
    // "dread" and "tread" are one substitution from "bread" but on the first letter.
    assert.deepEqual(found('bread', 1), ['bread:0', 'break:1']);
    assert.deepEqual(found('xausage', 1), []);
  });

  it('accepts a swap of the first two letters as one typo', () => {
    assert.deepEqual(found('asusage', 1), ['sausage:1']);
    assert.deepEqual(found('imlky', 1), ['milky:1']);
    // The swap uses the budget: a second typo needs a budget of two.
    assert.deepEqual(found('asusgae', 1), []);
    assert.deepEqual(found('asusgae', 2), ['sausage:2']);
  });

  it('finds nothing without a budget', () => {
    assert.deepEqual(found('bread', 0), []);
  });
});

describe('transposedCandidates (a swap of neighbours is one typo, even in four letters)', () => {
  const words = ['milk', 'mint', 'pork', 'rice', 'tuna', 'tea', 'eat'].sort();
  const swapped = (query: string) => transposedCandidates(words, query).map((m) => words[m.index]);

  it('finds the word with two neighbouring letters swapped', () => {
    assert.deepEqual(swapped('mlik'), ['milk']);
    assert.deepEqual(swapped('prok'), ['pork']);
    assert.deepEqual(swapped('rcie'), ['rice']);
    assert.deepEqual(swapped('tnua'), ['tuna']);
    assert.deepEqual(transposedCandidates(words, 'mlik')[0]!.distance, 1);
  });

  it('forgives no other typo, and nothing below four letters', () => {
    assert.deepEqual(swapped('mulk'), []);
    assert.deepEqual(swapped('milk'), []);
    assert.deepEqual(swapped('tae'), []);
    assert.deepEqual(swapped(''), []);
    assert.deepEqual(swapped('x'.repeat(10_000)), []);
  });
});
