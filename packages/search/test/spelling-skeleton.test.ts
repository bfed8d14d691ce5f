import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { spellingSkeleton } from '../src/spelling-skeleton.ts';

describe('spellingSkeleton', () => {
  it('writes a run of one Latin letter once, so a moved double letter keeps the skeleton', () => {
    assert.equal(spellingSkeleton('brocolli'), spellingSkeleton('broccoli'));
    assert.equal(spellingSkeleton('cinammon'), spellingSkeleton('cinnamon'));
    assert.equal(spellingSkeleton('zuchinni'), 'zuchini');
    assert.notEqual(spellingSkeleton('milk'), spellingSkeleton('mink'));
  });

  it('drops the Thai marks above and below, so a mark typed after the wrong letter keeps the skeleton', () => {
    assert.equal(spellingSkeleton('ผงซกัฟอก'), spellingSkeleton('ผงซักฟอก'));
    assert.equal(spellingSkeleton('มะเขอืเทศ'), 'มะเขอเทศ');
    assert.equal(spellingSkeleton('กลว้ย'), spellingSkeleton('กล้วย'));
    // Vowels written on the line stay: they tell words apart.
    assert.notEqual(spellingSkeleton('ไก่'), spellingSkeleton('กา'));
  });
});
