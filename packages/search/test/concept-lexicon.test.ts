import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  defaultConceptFrames,
  defaultConceptLexicon,
  parseConceptFrames,
  parseConceptLexicon,
} from '../src/concept-lexicon.ts';

describe('concept (intent) lexicon', () => {
  it('maps dishes and occasions to goods and the ingredient categories, in English and Thai', () => {
    const tomKha = defaultConceptLexicon().find((c) => c.id === 'tomkha')!;
    assert.ok(tomKha.triggers.en.includes('tom kha') && tomKha.triggers.th.includes('ต้มข่าไก่'));
    assert.ok(tomKha.categories.includes('Thai Herbs') && tomKha.categories.includes('Coconut Milk'));
    const baby = defaultConceptLexicon().find((c) => c.id === 'baby')!;
    assert.ok(baby.triggers.en.includes('newborn') && baby.triggers.th.includes('เด็กแรกเกิด'));
  });

  it('has words that only frame an intent, in both languages', () => {
    const frames = defaultConceptFrames();
    assert.ok(frames.includes('things') && frames.includes('ingredients') && frames.includes('ที่'));
  });

  it('reads categories and frames as optional, and refuses malformed ones', () => {
    const [concept] = parseConceptLexicon([{ id: 'x', triggers: { en: ['x'], th: [] }, targets: { en: [], th: [] } }]);
    assert.deepEqual(concept!.categories, []);
    assert.throws(
      () =>
        parseConceptLexicon([
          { id: 'x', triggers: { en: [], th: [] }, targets: { en: [], th: [] }, categories: 'Milk' },
        ]),
      /categories/,
    );
    assert.deepEqual(parseConceptFrames({ concepts: [] }), []);
    assert.deepEqual(parseConceptFrames({ frames: { en: ['for'], th: ['ที่'] } }), ['for', 'ที่']);
    assert.throws(() => parseConceptFrames({ frames: { en: 'for', th: [] } }), /frames/);
  });
});
