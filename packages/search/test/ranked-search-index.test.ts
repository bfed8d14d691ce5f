import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { SearchHitRecord } from '@grocery/core/ports';
import { buildSearchIndex, type SearchDocument, type SearchIndex, type SearchQuery } from '../src/index.ts';
import { fixtureCprcode, fixtureDocuments } from './fixtures/fixture-catalog.ts';

let index: SearchIndex;
const docs = fixtureDocuments();
const nameOf = (cprcode: string) => docs.find((d) => d.cprcode === cprcode)!.nameEn;
const search = (query: string, extra: Partial<SearchQuery> = {}): SearchHitRecord[] =>
  index.search({ query, lang: 'en', limit: 10, mode: 'SEMANTIC', ...extra });
const names = (hits: SearchHitRecord[]) => hits.map((h) => nameOf(h.cprcode));
const shelfOf = (cprcode: string) => docs.find((d) => d.cprcode === cprcode)!.categoryEn[2];

before(() => {
  index = buildSearchIndex(docs);
});

describe('lexical matching', () => {
  it('finds products by English words, stemmed', () => {
    const hits = search('sausage');
    assert.deepEqual(new Set(hits.slice(0, 2).map((h) => shelfOf(h.cprcode))), new Set(['Sausages']));
  });

  it('ranks a product matching every word above one matching some', () => {
    const hits = search('meiji milk');
    assert.equal(names(hits)[0], 'Meiji Fresh Milk Plain');
    assert.equal(names(hits)[1], 'Meiji Fresh Milk Plain');
  });

  it('finds Thai names through segmentation', () => {
    assert.equal(shelfOf(search('ไส้กรอก')[0]!.cprcode), 'Sausages');
    assert.equal(shelfOf(search('น้ำปลา')[0]!.cprcode), 'Fish Sauce');
    assert.equal(shelfOf(search('ผ้าอ้อม')[0]!.cprcode), 'Baby Diapers');
  });

  it('matches a Thai word that the catalog holds inside a compound (head first)', () => {
    const hits = search('ไอศกรีม ช็อกโกแลต');
    assert.equal(names(hits)[0], 'Magnolia Chocolate Ice Cream Tub');
  });

  it('matches sizes written either way', () => {
    const expected = new Set([
      fixtureCprcode('Meiji Fresh Milk Plain', '830 ml'),
      fixtureCprcode('Dutch Mill Fresh Milk Strawberry'),
    ]);
    for (const q of ['830ml', '830 ml', '830 มล.', '0.83 ลิตร'])
      assert.deepEqual(new Set(search(q).map((h) => h.cprcode)), expected, q);
    assert.equal(names(search('coca cola 1.5 l'))[0], 'Coca-Cola Original');
    assert.equal(names(search('โค้ก 1500 ml'))[0], 'Coca-Cola Original');
  });

  it('matches a closed compound typed as two words and the reverse', () => {
    assert.equal(names(search('cocacola'))[0], 'Coca-Cola Original');
    assert.equal(names(search('coca cola'))[0], 'Coca-Cola Original');
  });
});

describe('typo tolerance', () => {
  it('forgives one typo from 5 characters', () => {
    assert.equal(shelfOf(search('sausgae')[0]!.cprcode), 'Sausages');
    assert.equal(shelfOf(search('detergant')[0]!.cprcode), 'Detergent');
    assert.equal(names(search('pringels'))[0], 'Pringles Sour Cream & Onion');
  });

  it('forgives two typos from 9 characters, and below 5 only a swap of two neighbouring letters', () => {
    assert.equal(names(search('magnoliya chocolat'))[0], 'Magnolia Chocolate Ice Cream Tub');
    assert.equal(names(search('diaperz', { mode: 'AUTOCOMPLETE' }))[0]?.includes('Diapers'), true);
    // "mlik" is "milk" with two letters swapped: one typo, even in four letters.
    assert.ok(
      search('mlik ', { mode: 'AUTOCOMPLETE' })
        .slice(0, 3)
        .every((h) => nameOf(h.cprcode).includes('Milk')),
    );
    // Any other typo in four letters is not forgiven: "mulk" finds nothing.
    assert.deepEqual(search('mulk ', { mode: 'AUTOCOMPLETE' }), []);
  });
});

describe('prefix matching', () => {
  it('completes the last word', () => {
    assert.equal(shelfOf(search('sausa', { mode: 'AUTOCOMPLETE' })[0]!.cprcode), 'Sausages');
    assert.ok(
      names(search('dut', { mode: 'AUTOCOMPLETE' }))
        .slice(0, 2)
        .every((n) => n.startsWith('Dutch')),
    );
    assert.equal(shelfOf(search('ไส้กร', { mode: 'AUTOCOMPLETE', lang: 'th' })[0]!.cprcode), 'Sausages');
  });

  it('does not complete a word followed by a space', () => {
    assert.deepEqual(search('dut ', { mode: 'AUTOCOMPLETE' }), []);
  });

  it('favours names that start with the typed word in AUTOCOMPLETE', () => {
    const hits = search('bread', { mode: 'AUTOCOMPLETE' });
    assert.ok(
      names(hits)
        .slice(0, 2)
        .every((n) => n.includes('Bread')),
    );
  });
});

describe('cross-language and concept retrieval', () => {
  it('finds products by the other language', () => {
    // English query, Thai-named shelf; Thai query, English-named product.
    assert.equal(shelfOf(search('fish sauce', { lang: 'th' })[0]!.cprcode), 'Fish Sauce');
    assert.equal(search('fish sauce', { lang: 'th' })[0]!.name.includes('น้ำปลา'), true);
    assert.equal(names(search('ทิพรส'))[0], 'Tiparos Fish Sauce');
  });

  it('finds the shelves of a concept: breakfast, ของหวาน, bbq, baby', () => {
    const shelves = (q: string, n: number) =>
      new Set(
        search(q)
          .slice(0, n)
          .map((h) => shelfOf(h.cprcode)),
      );
    const breakfast = shelves('breakfast', 5);
    assert.ok(
      [...breakfast].every((s) =>
        [
          'Cereal',
          'Jam & Spreads',
          'Fresh Milk',
          'UHT Milk',
          'Sliced Bread',
          'Chicken Eggs',
          'Instant Coffee',
          'Drinking Yoghurt',
        ].includes(s!),
      ),
      [...breakfast].join(),
    );
    const dessert = shelves('ของหวาน', 3);
    assert.ok(
      [...dessert].every((s) => ['Ice Cream Tubs', 'Cakes & Pies'].includes(s!)),
      [...dessert].join(),
    );
    const bbq = shelves('bbq', 3);
    assert.ok(
      [...bbq].every((s) => ['Sausages', 'Pork Cuts'].includes(s!)),
      [...bbq].join(),
    );
    const baby = shelves('baby', 3);
    assert.ok(
      [...baby].every((s) => ['Baby Diapers', 'Infant Formula'].includes(s!)),
      [...baby].join(),
    );
  });

  it('uses the semantic model for a shelf word that names no product', () => {
    // No product is called "dairy" but the level-1 shelf is; milk and yoghurt come first.
    const hits = search('dairy');
    assert.ok(hits.length > 0);
    assert.ok(
      hits.slice(0, 3).every((h) => docs.find((d) => d.cprcode === h.cprcode)!.categoryEn[0] === 'Dairy & Eggs'),
    );
  });
});

describe('phrases and segmentation', () => {
  it('matches a multi-word concept trigger as a phrase, not word by word', () => {
    // "tom yum" is a concept trigger: the product holding both words leads, the brand "Yum Yum" alone does not.
    const hits = search('tom yum');
    assert.equal(names(hits)[0], 'Mama Instant Noodles Tom Yum Shrimp');
    assert.ok(names(hits).indexOf('Yum Yum Instant Noodles Pork') !== 0);
  });

  it('matches a Thai word the query run was cut into pieces of', () => {
    // Typed without spaces the brand is cut apart (ไก่|ซี|พี); the catalog holds it whole (ซีพี).
    const hits = search('ไส้กรอกซีพี', { lang: 'th' });
    assert.equal(hits[0]!.name, 'ไส้กรอกหมูรมควัน ซีพี');
  });

  it('corrects a misspelt Thai word that the segmenter cut apart', () => {
    assert.equal(shelfOf(search('ไส้กรอด', { lang: 'th' })[0]!.cprcode), 'Sausages');
  });
});

describe('codes', () => {
  it('puts the product of an exact barcode or cprcode first', () => {
    const target = docs[18]!;
    assert.equal(search(target.barcode!)[0]!.cprcode, target.cprcode);
    assert.equal(search(target.cprcode)[0]!.cprcode, target.cprcode);
    assert.equal(search(`${target.barcode!.slice(0, 5)} ${target.barcode!.slice(5)}`)[0]!.cprcode, target.cprcode);
  });

  it('finds barcodes by a long prefix', () => {
    const hits = search('885000000001');
    assert.ok(hits.length >= 5);
    assert.ok(hits.every((h) => h.barcode?.startsWith('885000000001')));
  });

  it('answers an unknown barcode with no hits', () => {
    assert.deepEqual(search('9999999999999'), []);
  });
});

describe('filters and output', () => {
  it('filters by any category level, name or code, in either language', () => {
    for (const category of ['Milk', 'นม', 'milk', '1101', 'นมสด']) {
      const hits = search('plain', { category });
      assert.ok(hits.length > 0, category);
      assert.ok(
        hits.every((h) => docs.find((d) => d.cprcode === h.cprcode)!.categoryEn[1] === 'Milk'),
        category,
      );
    }
    assert.deepEqual(search('milk', { category: 'No Such Shelf' }), []);
  });

  it('filters by active', () => {
    const inactive = docs.find((d) => !d.active)!;
    assert.ok(search('meiji', { active: false }).every((h) => h.cprcode === inactive.cprcode));
    assert.ok(!search('meiji', { active: true }).some((h) => h.cprcode === inactive.cprcode));
    // Without a filter an inactive product still appears, below its active twin.
    const all = search('meiji').map((h) => h.cprcode);
    assert.ok(all.indexOf(inactive.cprcode) > all.indexOf(fixtureCprcode('Meiji Fresh Milk Plain', '830 ml')));
  });

  it('returns names and categories in the requested language, identity only', () => {
    const [th] = search('tiparos', { lang: 'th' });
    assert.deepEqual(Object.keys(th!).sort(), ['barcode', 'category', 'cprcode', 'imageUrl', 'name', 'score']);
    assert.equal(th!.name, 'น้ำปลาแท้ ทิพรส');
    assert.equal(th!.category, 'น้ำปลา');
    const [en] = search('tiparos');
    assert.equal(en!.category, 'Fish Sauce');
  });

  it('honours the limit and orders by score', () => {
    const hits = search('milk', { limit: 3 });
    assert.equal(hits.length, 3);
    for (let i = 1; i < hits.length; i++) assert.ok(hits[i - 1]!.score >= hits[i]!.score);
    assert.deepEqual(search('milk', { limit: 0 }), []);
  });

  it('is deterministic: two indexes of one catalog answer alike', () => {
    const again = buildSearchIndex(docs);
    for (const q of ['breakfast', 'milk', 'ของหวาน', 'choco'])
      assert.deepEqual(again.search({ query: q, lang: 'en', limit: 10, mode: 'SEMANTIC' }), search(q));
  });

  it('reports stats', () => {
    const stats = index.stats();
    assert.equal(stats.documents, docs.length);
    assert.ok(stats.terms > 100 && stats.postings > stats.terms && stats.memoryBytes > 0 && stats.buildMs > 0);
    assert.ok(stats.concepts >= 40);
  });

  it('builds an index of no documents that answers nothing', () => {
    const empty = buildSearchIndex([]);
    assert.deepEqual(empty.search({ query: 'milk', lang: 'en', limit: 10, mode: 'SEMANTIC' }), []);
    assert.deepEqual(empty.suggest({ query: 'mi', lang: 'en', limit: 10 }), []);
    assert.equal(empty.stats().documents, 0);
  });
});

describe('what shoppers actually type', () => {
  const top = (query: string, extra: Partial<SearchQuery> = {}) => names(search(query, extra))[0];
  const shelves = (query: string, n: number) =>
    new Set(
      search(query)
        .slice(0, n)
        .map((h) => shelfOf(h.cprcode)),
    );

  it('reads Thai input slips as the words meant: SARA AM typed in parts, two SARA E, tone marks left out or reordered', () => {
    assert.equal(shelfOf(search('น\u0e4d\u0e49\u0e32ปลา', { lang: 'th' })[0]!.cprcode), 'Fish Sauce');
    assert.equal(top('\u0e40\u0e40ยมสตรอเบอร์รี่', { lang: 'th' }), 'Best Foods Strawberry Jam');
    assert.equal(shelfOf(search('ไขไก', { lang: 'th' })[0]!.cprcode), 'Chicken Eggs');
    assert.equal(top('เบียรชาง', { lang: 'th' })?.startsWith('Chang'), true);
    assert.equal(top('อกไก\u0e48\u0e48', { lang: 'th' }), 'CP Chicken Breast');
    assert.equal(top('เนยเคม', { lang: 'th' }), 'Allowrie Salted Butter');
  });

  it('reads Thai written in Latin letters, RTGS or informal', () => {
    assert.deepEqual(shelves('moo', 2), new Set(['Pork Cuts']));
    // "gai" is ไก่ (chicken), "khai" ไข่ (egg): the spelling's aspiration tells them apart.
    const thaiNameOf = (cprcode: string) => docs.find((d) => d.cprcode === cprcode)!.nameTh;
    assert.ok(
      search('gai')
        .slice(0, 4)
        .every((h) => thaiNameOf(h.cprcode).includes('ไก่')),
    );
    assert.ok(names(search('gai')).includes('CP Chicken Breast'));
    assert.equal(shelfOf(search('khai')[0]!.cprcode), 'Chicken Eggs');
    assert.equal(shelfOf(search('nam pla')[0]!.cprcode), 'Fish Sauce');
    assert.equal(top('kati'), 'Aroy-D Coconut Milk');
    assert.equal(top('kraprao'), 'Holy Basil');
  });

  it('finds what other Englishes call otherwise', () => {
    assert.equal(top('courgette'), 'Zucchini');
    assert.equal(top('aubergine'), 'Thai Eggplant');
    assert.equal(top('kitchen roll'), 'Scott Kitchen Towel');
    assert.equal(shelfOf(search('nappies')[0]!.cprcode), 'Baby Diapers');
    assert.equal(shelfOf(search('crisps')[0]!.cprcode), 'Potato Chips');
    // A brand's nickname means that brand, not every cola.
    assert.equal(top('coke'), 'Coca-Cola Original');
  });

  it('ranks a product of the type with the attribute above the type alone, and both above the attribute alone', () => {
    const hits = names(search('salted butter'));
    assert.equal(hits[0], 'Allowrie Salted Butter');
    assert.ok(
      hits.indexOf('Allowrie Unsalted Butter') < hits.indexOf('Koh-Kae Salted Peanuts') ||
        !hits.includes('Koh-Kae Salted Peanuts'),
    );
    assert.equal(top('เนยเค็ม', { lang: 'th' }), 'Allowrie Salted Butter');
  });

  it('ranks the size asked for first, in any unit and as a pack count', () => {
    assert.equal(top('juice 1 litre'), 'Tipco Orange Juice');
    assert.equal(top('น้ำผลไม้ 200 มล.', { lang: 'th' }), 'Tipco Apple Juice');
    assert.equal(top('เบียร์ 320 มล. 6 กระป๋อง', { lang: 'th' }), 'Chang Classic Beer Can');
    assert.equal(top('beer 6 pack'), 'Chang Classic Beer Can');
  });

  it('answers a dish or an occasion with its ingredients, dropping the words that only frame it', () => {
    const tomKha = new Set(names(search('tom kha gai')).slice(0, 4));
    for (const name of ['Galangal', 'Lemongrass', 'Kaffir Lime Leaves', 'Aroy-D Coconut Milk'])
      assert.ok(tomKha.has(name), `tom kha gai: ${[...tomKha].join(', ')}`);
    const thai = new Set(names(search('ต้มข่าไก่', { lang: 'th' })).slice(0, 4));
    for (const name of ['Galangal', 'Lemongrass', 'Kaffir Lime Leaves', 'Aroy-D Coconut Milk'])
      assert.ok(thai.has(name), `ต้มข่าไก่: ${[...thai].join(', ')}`);
    assert.ok(
      [...shelves('things for a newborn', 3)].every((shelf) => ['Baby Diapers', 'Infant Formula'].includes(shelf!)),
    );
  });
});

describe('what a product is, among many that name it', () => {
  const doc = (i: number, nameEn: string, nameTh: string, shelf: string, keywords: string[] = []): SearchDocument => ({
    cprcode: String(300001 + i),
    nameEn,
    nameTh,
    brandEn: null,
    brandTh: null,
    sizeDesc: `${100 + i} g`,
    categoryEn: ['Food', 'Food', shelf],
    categoryTh: ['อาหาร', 'อาหาร', shelf],
    grocerCategoryCodes: ['10', '1001', shelf],
    keywords,
    barcode: null,
    active: true,
    online: true,
    imageUrl: null,
  });

  it('leads with the product whose Thai name starts with the word (after its brand), in either language', () => {
    // Alike but for where มะม่วง stands: the head of the Thai name (what the product is) or after it.
    const mango = buildSearchIndex([
      doc(0, 'Candy Mango', 'ขนมมะม่วง', 'Thai Sweets'),
      doc(1, 'Dried Mango', 'มะม่วงอบ', 'Thai Sweets'),
      doc(2, 'Durian Chips', 'ทุเรียนทอด', 'Thai Sweets'),
    ]);
    for (const [query, lang] of [
      ['mamuang', 'en'],
      ['มะม่วง', 'en'],
      ['mamuang', 'th'],
    ] as const)
      assert.equal(mango.search({ query, lang, limit: 3, mode: 'SEMANTIC' })[0]?.cprcode, '300002', `${query} ${lang}`);
  });

  it('reads every product of a lone uncertain reading, not only the few that name it shortest', () => {
    const shampoo = buildSearchIndex([
      ...Array.from({ length: 40 }, (_, i) => doc(i, `Pet Shampoo ${i}`, `แชมพูสัตว์ ${i}`, 'Pet Care')),
      ...Array.from({ length: 10 }, (_, i) =>
        doc(40 + i, `Hair Shampoo Anti Dandruff Extra Fresh Long Lasting ${i}`, `แชมพู ขจัดรังแค ${i}`, 'Hair Care'),
      ),
    ]);
    for (const [query, mode] of [
      ['shamp', 'AUTOCOMPLETE'],
      ['shampooo', 'SEMANTIC'],
    ] as const) {
      const hits = shampoo.search({ query, lang: 'en', limit: 50, mode });
      assert.equal(hits.filter((h) => h.name.startsWith('Hair')).length, 10, query);
    }
  });
});
