import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stemWord } from '../src/stemmer.ts';
import { segmentThai } from '../src/thai-segmenter.ts';
import { tokenize } from '../src/tokenizer.ts';
import { sizeTerm } from '../src/unit-normalizer.ts';

const terms = (text: string) => tokenize(text).map((t) => t.term);

describe('stemWord (Porter2)', () => {
  it('maps inflections to one stem', () => {
    assert.equal(stemWord('sausages'), stemWord('sausage'));
    assert.equal(stemWord('noodles'), stemWord('noodle'));
    assert.equal(stemWord('berries'), stemWord('berry'));
    assert.equal(stemWord('cookies'), stemWord('cookie'));
    assert.equal(stemWord('grilling'), 'grill');
    assert.equal(stemWord('generously'), 'generous');
  });

  it('leaves short words, digits and non-Latin words alone', () => {
    assert.equal(stemWord('uht'), 'uht');
    assert.equal(stemWord('3in1'), '3in1');
    assert.equal(stemWord('นมสด'), 'นมสด');
  });
});

describe('segmentThai', () => {
  it('splits a Thai run into dictionary words', () => {
    assert.deepEqual([...segmentThai('ไส้กรอกหมูรมควัน')], ['ไส้กรอก', 'หมู', 'รม', 'ควัน']);
    assert.deepEqual([...segmentThai('ผ้าอ้อมเด็ก')], ['ผ้า', 'อ้อม', 'เด็ก']);
  });

  it('cuts very long runs into bounded pieces', () => {
    const long = 'นมสดรสจืด'.repeat(2000);
    const words = segmentThai(long);
    assert.ok(words.length > 2000);
    assert.equal(words.join(''), long);
  });
});

describe('tokenize', () => {
  it('stems English and segments Thai in one pass', () => {
    assert.deepEqual(terms('Smoked Sausages ไส้กรอกหมู'), ['smoke', 'sausag', 'ไส้กรอก', 'หมู']);
  });

  it('drops English stopwords', () => {
    assert.deepEqual(terms('Milk with Honey and Oats'), ['milk', 'honey', 'oat']);
  });

  it('normalises sizes in English and Thai to one canonical term', () => {
    for (const text of ['830ml', '830 ml', '830 ML.', '830มล.', '830 มล', '830 มิลลิลิตร', '0.83 l', '0.83 ลิตร'])
      assert.deepEqual(terms(text), ['830ml'], text);
    for (const text of ['1 kg', '1kg', '1 กก.', '1000 g', '1,000 กรัม', '1 กิโลกรัม'])
      assert.deepEqual(terms(text), ['1000g'], text);
    assert.deepEqual(terms('ไข่ไก่ 10 ฟอง'), ['ไข่', 'ไก่', '10pcs']);
    assert.deepEqual(terms('6 x 330 ml'), ['6pack', '330ml']);
    assert.deepEqual(terms('180 ml x 4'), ['180ml', '4pack']);
    assert.deepEqual(terms('180 มล. x 4'), ['180ml', '4pack']);
    assert.deepEqual(terms('24 rolls'), terms('24 ม้วน'));
    assert.deepEqual(terms('10 sachets'), terms('10 ซอง'));
    assert.deepEqual(terms('แพ็ค 6'), ['6pack']);
    for (const text of ['1 litre', '1 ลิตร', '1l', '1000 ml']) assert.deepEqual(terms(text), ['1000ml'], text);
    assert.deepEqual(terms('2 โล'), ['2000g']);
    // Counts of containers stay what they are; the planner also reads them as pack counts.
    assert.deepEqual(terms('6 กระป๋อง'), ['6can']);
    assert.deepEqual(terms('12 ขวด'), ['12bottle']);
  });

  it('keeps the written spelling of a converted size as an alias', () => {
    const [token] = tokenize('1.5 ลิตร');
    assert.equal(token?.term, '1500ml');
    assert.equal(token?.alias, '1.5ลิตร');
  });

  it('reads a bare number as a number, not a size', () => {
    assert.deepEqual(
      tokenize('Size 2').map((t) => [t.term, t.kind]),
      [
        ['size', 'word'],
        ['2', 'number'],
      ],
    );
  });

  it('marks the Thai words of one run with the same run number', () => {
    const tokens = tokenize('ของหวาน ไทย');
    assert.equal(tokens[0]!.run, tokens[1]!.run);
    assert.notEqual(tokens[1]!.run, tokens[2]!.run);
  });

  it('bounds the token count', () => {
    assert.equal(tokenize('a1 b2 '.repeat(1000), { maxTokens: 12 }).length, 12);
  });
});

describe('sizeTerm', () => {
  it('converts litres and kilograms and refuses non-units', () => {
    assert.equal(sizeTerm('1.5', 'l'), '1500ml');
    assert.equal(sizeTerm('2', 'กก'), '2000g');
    assert.equal(sizeTerm('25', 'cl'), '250ml');
    assert.equal(sizeTerm('2', 'milk'), null);
    assert.equal(sizeTerm('1.2.3', 'ml'), null);
  });
});
