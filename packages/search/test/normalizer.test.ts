import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normalizeText } from '../src/normalizer.ts';

describe('normalizeText', () => {
  it('lower-cases, removes Latin diacritics and turns punctuation into single spaces', () => {
    assert.equal(normalizeText('  Crème  Brûlée — DELUXE!! '), 'creme brulee deluxe');
    assert.equal(normalizeText('Nestlé/Koko-Krunch'), 'nestle koko krunch');
  });

  it('joins apostrophes inside words and drops them elsewhere', () => {
    assert.equal(normalizeText("Kellogg's 'corn' flakes"), 'kelloggs corn flakes');
  });

  it('folds full-width forms, Thai and Arabic-Indic digits to ASCII', () => {
    assert.equal(normalizeText('ＭＩＬＫ１２３'), 'milk123');
    assert.equal(normalizeText('นม ๘๓๐ มล.'), 'นม 830 มล');
    assert.equal(normalizeText('٣٣٠ ml'), '330 ml');
  });

  it('keeps decimal points between digits and drops thousands separators', () => {
    assert.equal(normalizeText('1.5 L, 1,000 ml. 2.'), '1.5 l 1000 ml 2');
  });

  it('removes zero-width characters without splitting the word', () => {
    assert.equal(normalizeText('mi\u200bl\u200dk\ufeff'), 'milk');
    assert.equal(normalizeText('น\u200bม'), 'นม');
  });

  it('treats emoji and symbols as separators', () => {
    assert.equal(normalizeText('milk🥛tea 👨‍👩‍👧 ©® ✓'), 'milk tea');
    assert.equal(normalizeText('🥛🥛🥛'), '');
  });

  it('keeps Thai vowel and tone marks on their base, rebuilds SARA AM, drops stacked junk marks', () => {
    assert.equal(normalizeText('น้ำปลา'), 'น้ำปลา');
    // The same tone mark repeated is never real Thai.
    assert.equal(normalizeText('น้้้้้ำ'), 'น้ำ');
    // A mark with no Thai base and Latin "zalgo" marks are removed.
    assert.equal(normalizeText('\u0e48abc'), 'abc');
    assert.equal(normalizeText('m\u0300\u0301\u0302\u0303i\u0304\u0305lk'), 'milk');
  });

  it('reduces SQL- and regex-like text to plain words', () => {
    assert.equal(normalizeText("'; DROP TABLE products; --"), 'drop table products');
    // "1,3" reads as a thousands separator, as in "1,000".
    assert.equal(normalizeText('.*(a+)+$ [^x] \\d{1,3}'), 'a x d 13');
  });
});
