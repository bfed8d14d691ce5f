import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { thaiToneless } from '../src/normalizer.ts';
import { buildThaiVocabulary, isCuttableWord, segmentByVocabulary, thaiCutter } from '../src/thai-resegmenter.ts';
import { segmentThai } from '../src/thai-segmenter.ts';

const vocabulary = buildThaiVocabulary([
  'มะม่วง',
  'กล้วย',
  'หอม',
  'ทอง',
  'ข้าว',
  'ขาว',
  'น้ำปลา',
  'ช็อกโกแลต',
  'ดาร์',
  'ก',
  'ซีอิ๊ว',
]);
const cut = thaiCutter(vocabulary);

describe('thaiCutter', () => {
  it('cuts a run typed without tone marks into the words that have them', () => {
    assert.deepEqual(cut('มะมวง'), ['มะมวง']);
    assert.deepEqual(cut('กลวยหอม'), ['กลวย', 'หอม']);
    assert.deepEqual(cut('นำปลา'), ['นำปลา']);
    assert.deepEqual(cut('ซีอิวขาว'), ['ซีอิว', 'ขาว']);
  });

  it('cuts a run typed as the catalog has it the same way the catalog was cut', () => {
    assert.deepEqual(cut('กล้วยหอมทอง'), ['กล้วย', 'หอม', 'ทอง']);
    // A stray letter of the vocabulary is used only when nothing better covers the run.
    assert.deepEqual(cut('ช็อกโกแลตดาร์ก'), ['ช็อกโกแลต', 'ดาร์', 'ก']);
  });

  it("keeps the segmenter's cut when the vocabulary cannot cover the run", () => {
    assert.deepEqual(cut('สวัสดี'), [...segmentThai('สวัสดี')]);
  });

  it('memoises runs in the cache it is given', () => {
    const cache = new Map<string, readonly string[]>();
    const cached = thaiCutter(vocabulary, cache);
    assert.deepEqual(cached('มะมวง'), ['มะมวง']);
    assert.deepEqual(cache.get('มะมวง'), ['มะมวง']);
  });

  it('never throws, and leaves runs longer than it cuts to the segmenter', () => {
    for (const run of ['', '่', 'ํ'.repeat(50), 'มะมวง'.repeat(500), '\u0000', 'abc']) assert.ok(Array.isArray(cut(run)));
  });
});

describe('segmentByVocabulary', () => {
  it('prefers fewer words, then words typed as the vocabulary has them', () => {
    const words = ['ข้าว', 'ขาว', 'หอม'];
    const toneless = [...new Set(words.map(thaiToneless))].sort();
    const isWord = (w: string) => words.includes(w);
    assert.deepEqual(segmentByVocabulary('ข้าวหอม', toneless, isWord), { pieces: ['ข้าว', 'หอม'], cost: 4 });
    assert.deepEqual(segmentByVocabulary('ขาวหอม', toneless, isWord)?.pieces, ['ขาว', 'หอม']);
    assert.equal(segmentByVocabulary('สวัสดี', toneless, isWord), null);
  });
});

describe('isCuttableWord', () => {
  it('accepts words of two letters or more that start as Thai words do', () => {
    assert.equal(isCuttableWord('นม'), true);
    assert.equal(isCuttableWord('เนย'), true);
    assert.equal(isCuttableWord('ก'), false);
    assert.equal(isCuttableWord('าง'), false);
  });
});
