import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { buildSearchIndex, type SearchIndex } from '../src/index.ts';
import { HOSTILE_QUERIES } from '../eval/hostile-queries.ts';
import { fixtureDocuments } from './fixtures/fixture-catalog.ts';

let index: SearchIndex;

before(() => {
  index = buildSearchIndex(fixtureDocuments());
});

const query = (text: string, lang: 'en' | 'th' = 'en') => ({ query: text, lang, limit: 10, mode: 'SEMANTIC' as const });

describe('spelling correction (did you mean)', () => {
  it('spells a word the catalog does not hold as its closest word, with the hits of the corrected query', () => {
    const suggestion = index.correct(query('cofffee'));
    assert.equal(suggestion?.query, 'coffee');
    assert.deepEqual(
      suggestion.hits.map((h) => h.cprcode),
      index.search(query('coffee')).map((h) => h.cprcode),
    );
    assert.equal(index.correct(query('smoked sausagges'))?.query, 'smoked sausages');
  });

  it('corrects nothing the catalog spells so, a word on its way to a word, or romanised Thai', () => {
    for (const text of ['coffee', 'cof', 'smoked saus', 'moo', 'นมสด', 'ผงซักฟอก'])
      assert.equal(index.correct(query(text)), null, text);
  });

  it('cuts a Thai run again when a mark was typed after the wrong letter, and search reads it so', () => {
    assert.equal(index.correct(query('ผงซกัฟอก', 'th'))?.query, 'ผงซักฟอก');
    assert.deepEqual(
      index.search(query('ผงซกัฟอก', 'th')).map((h) => h.cprcode),
      index.search(query('ผงซักฟอก', 'th')).map((h) => h.cprcode),
    );
  });

  it("reads a Thai run that cannot be cut into the catalog's words as its closest run", () => {
    // A consonant typed for another (บ → ป): no cut of the run, nor of its skeleton, reads it.
    assert.equal(index.correct(query('มันฝรั่งทอดกรอป', 'th'))?.query, 'มันฝรั่งทอดกรอบ');
    assert.deepEqual(
      index.search(query('มันฝรั่งทอดกรอป', 'th')).map((h) => h.cprcode),
      index.search(query('มันฝรั่งทอดกรอบ', 'th')).map((h) => h.cprcode),
    );
  });

  it('leads suggest with the corrected spelling, a name without a product', () => {
    assert.deepEqual(index.suggest({ query: 'cofffee', lang: 'en', limit: 5 })[0], {
      text: 'coffee',
      cprcode: null,
      kind: 'name',
    });
    assert.ok(
      !index.suggest({ query: 'coffee', lang: 'en', limit: 5 }).some((s) => s.kind === 'name' && s.cprcode === null),
    );
  });

  it('answers hostile text without throwing', () => {
    for (const text of Object.values(HOSTILE_QUERIES)) {
      const suggestion = index.correct(query(text));
      if (suggestion !== null) assert.ok(suggestion.hits.length > 0);
    }
  });
});
