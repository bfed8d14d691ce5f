import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { buildSearchIndex, type SearchIndex } from '../src/index.ts';
import { fixtureDocuments } from './fixtures/fixture-catalog.ts';

let index: SearchIndex;
const docs = fixtureDocuments();
before(() => {
  index = buildSearchIndex(docs);
});

describe('suggest', () => {
  it('completes brands first, then product names, in the requested language', () => {
    const en = index.suggest({ query: 'dut', lang: 'en', limit: 10 });
    assert.deepEqual(
      en
        .slice(0, 2)
        .map((s) => [s.text, s.kind])
        .sort(),
      [
        ['Dutch Mill', 'brand'],
        ['Dutchie', 'brand'],
      ],
    );
    assert.ok(
      en.some((s) => s.kind === 'name' && s.text === 'Dutch Mill Fresh Milk Strawberry' && s.cprcode === '100003'),
    );
    const th = index.suggest({ query: 'ดัช', lang: 'th', limit: 10 });
    assert.ok(th.some((s) => s.kind === 'brand' && s.text === 'ดัชมิลล์'));
    assert.ok(th.some((s) => s.kind === 'name' && s.text.includes('ดัชมิลล์')));
  });

  it('completes a later word of a brand or category and names by prefix', () => {
    const s = index.suggest({ query: 'mill', lang: 'en', limit: 10 });
    assert.ok(s.some((x) => x.kind === 'brand' && x.text === 'Dutch Mill'));
    const names = index.suggest({ query: 'sausa', lang: 'en', limit: 5 }).filter((x) => x.kind === 'name');
    assert.ok(names.length >= 2 && names.every((x) => x.text.includes('Sausages')));
  });

  it('suggests categories', () => {
    const s = index.suggest({ query: 'ice cr', lang: 'en', limit: 10 });
    assert.ok(s.some((x) => x.kind === 'category' && x.text.startsWith('Ice Cream')));
  });

  it('completes digits to barcodes', () => {
    const s = index.suggest({ query: '88500000000', lang: 'en', limit: 5 });
    assert.equal(s.length, 5);
    for (const x of s) {
      assert.equal(x.kind, 'barcode');
      assert.ok(x.text.startsWith('88500000000'));
      assert.equal(docs.find((d) => d.cprcode === x.cprcode)?.barcode, x.text);
    }
  });

  it('honours the limit and never repeats a suggestion', () => {
    const s = index.suggest({ query: 'm', lang: 'en', limit: 4 });
    assert.ok(s.length <= 4);
    assert.equal(new Set(s.map((x) => `${x.kind}:${x.text}`)).size, s.length);
    assert.deepEqual(index.suggest({ query: 'milk', lang: 'en', limit: 0 }), []);
  });

  it('handles the slips a search does: SARA AM in parts, two SARA E, tone marks left out, romanised Thai', () => {
    const th = (query: string) => index.suggest({ query, lang: 'th', limit: 10 });
    assert.ok(th('น\u0e4d\u0e49\u0e32ปล').some((x) => x.kind === 'category' && x.text === 'น้ำปลา'));
    assert.ok(th('นำปล').some((x) => x.kind === 'category' && x.text === 'น้ำปลา'));
    assert.ok(th('\u0e40\u0e40ยม').some((x) => x.text.includes('แยม')));
    assert.ok(th('เนยเคม').some((x) => x.kind === 'name' && x.text.startsWith('เนยเค็ม')));
    assert.ok(
      index
        .suggest({ query: 'nam pla', lang: 'th', limit: 10 })
        .some((x) => x.kind === 'name' && x.text.includes('น้ำปลา')),
    );
    assert.ok(
      index.suggest({ query: 'mlik', lang: 'en', limit: 10 }).some((x) => x.kind === 'name' && x.text.includes('Milk')),
    );
  });

  it('returns nothing for text that completes to nothing', () => {
    assert.deepEqual(index.suggest({ query: 'qqqqqqqq', lang: 'en', limit: 10 }), []);
  });
});
