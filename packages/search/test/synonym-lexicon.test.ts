import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileSynonyms, defaultSynonymSets, parseSynonymSets } from '../src/synonym-lexicon.ts';
import { tokenize } from '../src/tokenizer.ts';

describe('synonym sets', () => {
  it('ships sets for other Englishes and Thai everyday words', () => {
    const sets = defaultSynonymSets();
    const holding = (phrase: string) => sets.find((set) => set.includes(phrase));
    assert.ok(holding('courgette')?.includes('zucchini'));
    assert.ok(holding('kitchen roll')?.includes('paper towel'));
    assert.ok(holding('clingfilm')?.includes('cling film'));
    assert.ok(holding('fizzy drink')?.includes('soft drink'));
    assert.ok(holding('ไอติม')?.includes('ไอศกรีม'));
  });

  it('refuses a malformed document', () => {
    assert.throws(() => parseSynonymSets({}), /sets/);
    assert.throws(() => parseSynonymSets({ sets: [['only one']] }), /two phrases/);
    assert.throws(() => parseSynonymSets([['a', 3]]), /two phrases/);
    assert.deepEqual(parseSynonymSets([['a', 'b']]), [['a', 'b']]);
  });

  it('compiles each phrase to what it reads as, the longest phrase first', () => {
    const ids = new Map([
      ['zucchini', 1],
      ['courgett', 2],
      ['ice', 3],
      ['lolli', 4],
      ['popsicl', 5],
      ['candi', 6],
    ]);
    const phrases: number[][] = [];
    const index = compileSynonyms(
      [
        ['courgette', 'zucchini'],
        ['ice lolly', 'popsicle'],
        ['lollies', 'candy'],
        ['rutabaga', 'swede'],
      ],
      {
        terms: (phrase) => tokenize(phrase).map((t) => t.term),
        termId: (term) => ids.get(term),
        phraseTerm: (terms) => (phrases.push([...terms]), 100 + phrases.length),
      },
    );
    assert.deepEqual(index.get('courgett'), [{ terms: ['courgett'], own: 2, alternatives: [1] }]);
    assert.deepEqual(index.get('ice')?.[0], { terms: ['ice', 'lolli'], own: 101, alternatives: [5] });
    assert.deepEqual(phrases, [[3, 4]]);
    // Phrases the index does not know read as nothing and are left out.
    assert.equal(index.get('rutabaga'), undefined);
  });
});
