import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSearchIndex } from '../src/index.ts';
import type { SearchDocument } from '../src/search-document.ts';
import {
  alignLastRun,
  commonestRun,
  cutLikeRun,
  runCompletions,
  ThaiRunCollector,
  type ThaiRuns,
} from '../src/thai-runs.ts';
import type { Token } from '../src/tokenizer.ts';

/** Runs of a made-up catalog: [words, documents holding the run]. */
function runsOf(entries: readonly (readonly [string[], number])[]): ThaiRuns {
  const collector = new ThaiRunCollector();
  let doc = 0;
  for (const [words, count] of entries)
    for (let i = 0; i < count; i++)
      collector.add(
        doc++,
        words,
        words.map((w) => w.length),
      );
  return collector.build();
}

const RUNS = runsOf([
  [['มา', 'ยอง', 'เนส'], 3],
  [['ช็อกโกแลต'], 20],
  [['ช็อกโกแลต', 'แท่ง'], 10],
  [['ช็อก', 'โก', 'พาย'], 2],
  [['น้ำมัน', 'พืช'], 6],
  [['น้ำมัน', 'งา'], 4],
]);

const thai = (...surfaces: string[]): Token[] => surfaces.map((s) => ({ term: s, surface: s, kind: 'thai', run: 0 }));

describe('thai runs', () => {
  it('counts the documents holding each run once, and keys runs by their tone-mark-less text', () => {
    const collector = new ThaiRunCollector();
    collector.add(0, ['น้ำ', 'ปลา'], [1, 2]);
    collector.add(0, ['น้ำ', 'ปลา'], [1, 2]);
    collector.add(1, ['น้ำ', 'ปลา'], [1, 2]);
    const runs = collector.build();
    assert.deepEqual(runs.keys, ['นำปลา']);
    assert.deepEqual(runs.texts, ['น้ำปลา']);
    assert.deepEqual([...runs.counts], [2]);
    assert.deepEqual(runs.words, ['น้ำ', 'ปลา']);
    assert.deepEqual(structuredClone(runs), runs);
  });

  it('finds the commonest run a prefix starts, tone marks typed or not, and cuts the prefix as it is cut', () => {
    for (const typed of ['ช็อก', 'ช๊อก', 'ชอก']) assert.equal(RUNS.texts[commonestRun(RUNS, typed)], 'ช็อกโกแลต', typed);
    assert.equal(commonestRun(RUNS, 'ขนม'), -1);
    const mayo = commonestRun(RUNS, 'มายอ');
    assert.deepEqual(cutLikeRun(RUNS, mayo, 'มายอ'), ['มา', 'ยอ']);
    assert.deepEqual(cutLikeRun(RUNS, commonestRun(RUNS, 'น้ำมันพ'), 'น้ำมันพ'), ['น้ำมัน', 'พ']);
  });

  it('lists the words the runs go on with, whether the typed word ends inside one, commonest first', () => {
    assert.deepEqual(
      runCompletions(RUNS, ['ช็อก']).map((c) => [c.word, c.count, c.partial]),
      [
        ['ช็อกโกแลต', 30, true],
        ['ช็อก', 2, false],
      ],
    );
    assert.deepEqual(
      runCompletions(RUNS, ['น้ำมัน', 'พ']).map((c) => c.word),
      ['พืช'],
    );
    assert.deepEqual(
      runCompletions(RUNS, ['มา', 'ยอ']).map((c) => c.word),
      ['ยอง'],
    );
    assert.deepEqual(runCompletions(RUNS, ['มา', 'ยี']), []);
  });

  it('cuts the last Thai run of a query typed so far as the catalog cuts it, and leaves other queries alone', () => {
    assert.deepEqual(
      alignLastRun(RUNS, thai('มายอ'), false).map((t) => t.surface),
      ['มา', 'ยอ'],
    );
    const complete = thai('มายอ');
    assert.equal(alignLastRun(RUNS, complete, true), complete);
    const latin: Token[] = [{ term: 'milk', surface: 'milk', kind: 'word', run: 0 }];
    assert.equal(alignLastRun(RUNS, latin, false), latin);
    const cut = thai('น้ำมัน', 'พ');
    assert.equal(alignLastRun(RUNS, cut, false), cut);
  });
});

describe('thai prefixes in search as you type', () => {
  const product = (i: number, nameEn: string, nameTh: string, shelf: [string, string]): SearchDocument => ({
    cprcode: String(200001 + i),
    nameEn,
    nameTh,
    brandEn: null,
    brandTh: null,
    sizeDesc: null,
    categoryEn: ['Pantry', 'Pantry', shelf[0]],
    categoryTh: ['ของแห้ง', 'ของแห้ง', shelf[1]],
    grocerCategoryCodes: ['10', '1001', `1001${i % 10}`],
    keywords: [],
    barcode: null,
    active: true,
    online: true,
    imageUrl: null,
  });
  const chocolate: [string, string] = ['Chocolate', 'ช็อกโกแลต'];
  const biscuits: [string, string] = ['Biscuits', 'บิสกิต'];
  const oil: [string, string] = ['Cooking Oil', 'น้ำมันพืช'];
  const specialOil: [string, string] = ['Specialty Oil', 'น้ำมันพิเศษ'];
  const docs = [
    ...['Bar', 'Dark Bar', 'Milk Bar', 'White Bar', 'Gift Box', 'Wafer'].map((v, i) =>
      product(i, `Chocolate ${v}`, `ช็อกโกแลตแท่ง ${['', 'ดาร์ก', 'มิลค์', 'ไวท์', 'กล่อง', 'เวเฟอร์'][i]}`, chocolate),
    ),
    product(10, 'Choco Pie', 'ช็อกโกพาย', biscuits),
    product(11, 'Mayonnaise', 'มายองเนส', ['Mayonnaise', 'มายองเนส']),
    product(12, 'Soybean Oil', 'น้ำมันถั่วเหลือง', oil),
    product(13, 'Palm Oil', 'น้ำมันปาล์ม', oil),
    product(14, 'Sesame Oil Premium', 'น้ำมันงา พรีเมียม', specialOil),
    product(15, 'Olive Oil Premium', 'น้ำมันมะกอก พรีเมียม', specialOil),
  ];
  const index = buildSearchIndex(docs);
  const first = (query: string) =>
    index.search({ query, lang: 'th', limit: 3, mode: 'AUTOCOMPLETE' }).map((h) => h.name.split(' ')[0]);

  it('completes a word to the far commoner word it starts, its tone mark typed, slipped or left out', () => {
    for (const typed of ['ช็อก', 'ช๊อก', 'ชอกโก'])
      assert.deepEqual(first(typed).slice(0, 2), ['ช็อกโกแลตแท่ง', 'ช็อกโกแลตแท่ง'], typed);
  });

  it('completes a prefix that runs over the catalog’s word boundaries', () => {
    assert.deepEqual(first('มายอ'), ['มายองเนส']);
    assert.deepEqual(first('น้ำมันพ').slice(0, 2).sort(), ['น้ำมันถั่วเหลือง', 'น้ำมันปาล์ม']);
    assert.ok(
      index.suggest({ query: 'มายอ', lang: 'th', limit: 5 }).some((s) => s.kind === 'name' && s.text === 'มายองเนส'),
    );
  });
});
