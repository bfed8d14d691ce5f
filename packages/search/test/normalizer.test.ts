import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normalizeText, thaiToneless } from '../src/normalizer.ts';

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

  it('folds SARA AM typed as NIKHAHIT + SARA AA, whichever side of it the tone mark was typed', () => {
    const water = 'น\u0e49\u0e33'; // น้ำ as the catalog writes it
    assert.equal(normalizeText('น\u0e4d\u0e49\u0e32'), water); // นํ้า: nikhahit, tone, sara aa
    assert.equal(normalizeText('น\u0e49\u0e4d\u0e32'), water); // tone, nikhahit, sara aa (NFKD's own order)
    assert.equal(normalizeText('น\u0e33\u0e49'), water); // นำ้: the tone typed after sara am
    assert.equal(normalizeText('นํ้าแข็ง'), 'น้ำแข็ง');
    assert.equal(normalizeText('ต้มยํา'), 'ต้มยำ');
  });

  it('folds two SARA E into SARA AE', () => {
    assert.equal(normalizeText('\u0e40\u0e40ตงโม'), 'แตงโม');
    assert.equal(normalizeText('กา\u0e40\u0e40ฟ'), 'กาแฟ');
    // One SARA E stays one, and two across a space are two words.
    assert.equal(normalizeText('เนย'), 'เนย');
    assert.equal(normalizeText('เ เ'), 'เ เ');
  });

  it('puts the marks of a Thai letter in canonical order and drops a second vowel or tone mark', () => {
    assert.equal(normalizeText('เน\u0e49\u0e37อ'), 'เนื้อ'); // tone typed before sara uee
    assert.equal(normalizeText('ซ\u0e48\u0e35โครง'), 'ซี่โครง'); // tone typed before sara ii
    assert.equal(normalizeText('ไก\u0e48\u0e48'), 'ไก่');
    assert.equal(normalizeText('ก\u0e48\u0e49'), 'ก\u0e48'); // two different tone marks: the first stays
  });

  it('folds the obsolete KHO KHUAT and KHO KHON', () => {
    assert.equal(normalizeText('\u0e03วด \u0e05น'), 'ขวด คน');
  });

  it('gives the tone-mark-less form of a Thai word', () => {
    assert.equal(thaiToneless('กุ้ง'), 'กุง');
    assert.equal(thaiToneless('เบียร์'), 'เบียร');
    assert.equal(thaiToneless('เห็ด'), 'เหด');
    assert.equal(thaiToneless('นม'), 'นม');
    assert.equal(thaiToneless('milk'), 'milk');
  });

  it('reduces SQL- and regex-like text to plain words', () => {
    assert.equal(normalizeText("'; DROP TABLE products; --"), 'drop table products');
    // "1,3" reads as a thousands separator, as in "1,000".
    assert.equal(normalizeText('.*(a+)+$ [^x] \\d{1,3}'), 'a x d 13');
  });
});
