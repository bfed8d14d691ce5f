import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { aspirationAgrees, romanizeThai, romanKey, romanKeysOfThai } from '../src/thai-romanizer.ts';

describe('romanizeThai', () => {
  it('writes RTGS syllable by syllable: initials, clusters, vowels, finals and the inherent vowel', () => {
    const cases: [string, string][] = [
      ['ข้าวผัด', 'khao-phat'],
      ['หมู', 'mu'],
      ['ไก่', 'kai'],
      ['ไข่', 'khai'],
      ['น้ำตาล', 'nam-tan'],
      ['กะเพรา', 'ka-phrao'],
      ['กุ้ง', 'kung'],
      ['นม', 'nom'],
      ['ขนมปัง', 'kha-nom-pang'],
      ['ข้าวเหนียว', 'khao-niao'],
      ['มะม่วง', 'ma-muang'],
      ['กล้วย', 'kluai'],
      ['เนื้อ', 'nuea'],
      ['สับปะรด', 'sap-pa-rot'],
      ['ขวด', 'khuat'],
      ['ตะไคร้', 'ta-khrai'],
      ['ทราย', 'sai'],
      ['ผลไม้', 'phon-mai'],
      ['อาหาร', 'a-han'],
      ['ซีอิ๊ว', 'si-io'],
    ];
    for (const [thai, rtgs] of cases) assert.equal(romanizeThai(thai), rtgs, thai);
  });

  it('silences a letter under THANTHAKHAT', () => {
    assert.equal(romanizeThai('เบียร์'), 'bia');
    assert.equal(romanizeThai('จันทร์'), 'chan');
  });

  it('never throws and skips what is not Thai', () => {
    for (const text of ['', 'milk', '\u0000\ud800', '่่่', 'ํา', 'ๆ', 'ก'.repeat(10_000), '🥛นม🥛'])
      assert.equal(typeof romanizeThai(text), 'string');
    assert.equal(romanizeThai('🥛นม🥛'), 'nom');
  });
});

describe('romanKey', () => {
  it('gives the RTGS and the common informal spellings of a word one key', () => {
    const same: string[][] = [
      ['moo', 'mu'],
      ['gai', 'kai'],
      ['goong', 'kung'],
      ['pad', 'phat'],
      ['krapow', 'kaphrao', 'kaprao', 'kra pao'],
      ['khao neow', 'khao niao', 'khao-niao'],
      ['kluay', 'kluai', 'gluay'],
      ['tao hoo', 'tao-hu'],
      ['nuea', 'neua', 'nua'],
      ['tom yum', 'tomyum'],
      ['see ew', 'si-io'],
    ];
    for (const spellings of same) assert.equal(new Set(spellings.map(romanKey)).size, 1, spellings.join(' / '));
  });

  it('keeps different words apart', () => {
    assert.notEqual(romanKey('moo'), romanKey('nom'));
    assert.notEqual(romanKey('kai'), romanKey('kaeng'));
    assert.notEqual(romanKey('som'), romanKey('sam'));
  });

  it('never throws on hostile text', () => {
    for (const text of ['', '\u0000', '\ud800\udfff', '----', 'x'.repeat(100_000), 'ข้าว'])
      assert.equal(typeof romanKey(text), 'string');
    assert.equal(romanKey('ข้าว'), '');
  });
});

describe('romanKeysOfThai', () => {
  it('also gives SARA AM as "um", and none for a loanword', () => {
    assert.deepEqual(romanKeysOfThai('ต้มยำ').sort(), [romanKey('tom yam'), romanKey('tom yum')].sort());
    assert.deepEqual(romanKeysOfThai('หมู'), [romanKey('moo')]);
    assert.deepEqual(romanKeysOfThai('เบียร์'), []);
    assert.deepEqual(romanKeysOfThai(''), []);
  });
});

describe('aspirationAgrees', () => {
  it('tells ไก่ from ไข่ by the spelling, and lets an ambiguous spelling read as either', () => {
    assert.equal(aspirationAgrees('gai', 'kai'), true);
    assert.equal(aspirationAgrees('gai', 'khai'), false);
    assert.equal(aspirationAgrees('khai', 'kai'), false);
    assert.equal(aspirationAgrees('kai', 'khai'), true);
    assert.equal(aspirationAgrees('bpla', 'pla'), true);
    assert.equal(aspirationAgrees('pad', 'phat'), true);
  });
});
