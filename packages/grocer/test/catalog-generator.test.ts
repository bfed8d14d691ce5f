import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BRANCH_CODE_PATTERN, CPRCODE_PATTERN } from '@grocery/core';
import {
  ASSORTMENTS,
  buildBranchDirectory,
  cprcodeOf,
  DEPARTMENTS,
  generateCatalog,
  isValidGtin,
  parseSize,
  PriceFeed,
  StockFeed,
  type BranchProfile,
} from '../src/index.ts';
import { PRICE_BOUNDS } from '../src/catalog-generator.ts';
import { shelfPriceSatang } from '../src/shelf-price.ts';

const THAI = /[\u0E00-\u0E7F]/;
const branches = buildBranchDirectory();
const small = generateCatalog({ seed: 3, count: 2_000 });

describe('vocabulary', () => {
  test('has at least 12 L1, 60 L2, 200 L3 categories and 600 item kinds, all named in Thai', () => {
    const levels = [1, 2, 3].map((level) => small.categories.filter((c) => c.level === level));
    assert.ok(levels[0]!.length >= 12, `L1: ${levels[0]!.length}`);
    assert.ok(levels[1]!.length >= 60, `L2: ${levels[1]!.length}`);
    assert.ok(levels[2]!.length >= 200, `L3: ${levels[2]!.length}`);
    assert.ok(small.kindCount >= 600, `kinds: ${small.kindCount}`);
    for (const c of small.categories) assert.match(c.th, THAI, `${c.en} has a Thai name`);
    const kinds = DEPARTMENTS.flatMap((d) => d.l2.flatMap((l2) => l2.l3.flatMap((l3) => l3.kinds)));
    assert.equal(kinds.length, small.kindCount);
    for (const [en, th, price] of kinds) {
      assert.match(th, THAI, `${en} has a Thai name`);
      assert.ok(price > 0);
    }
  });

  test('grocer category codes nest: 2, 4 and 6 digits', () => {
    for (const c of small.categories) {
      assert.equal(c.code.length, c.level * 2);
      if (c.parentCode) assert.ok(c.code.startsWith(c.parentCode));
    }
  });

  test('pack sizes read in both languages', () => {
    assert.deepEqual(parseSize('830 ml'), { en: '830 ml', th: '830 มล.', baseQty: 830, base: 'ml' });
    assert.deepEqual(parseSize('320 ml x 6'), { en: '320 ml x 6', th: '320 มล. x 6', baseQty: 1920, base: 'ml' });
    assert.deepEqual(parseSize('5 kg'), { en: '5 kg', th: '5 กก.', baseQty: 5000, base: 'g' });
    assert.deepEqual(parseSize('10 egg'), { en: '10 pcs', th: '10 ฟอง', baseQty: 10, base: 'count' });
    assert.throws(() => parseSize('a lot'));
    assert.throws(() => parseSize('3 parsecs'));
  });
});

describe('catalog generator', () => {
  test('is deterministic from the seed, and another seed gives another catalog', () => {
    const again = generateCatalog({ seed: 3, count: 2_000 });
    assert.deepEqual(again.products, small.products);
    const other = generateCatalog({ seed: 4, count: 2_000 });
    assert.notDeepEqual(
      other.products.map((p) => p.nameEn),
      small.products.map((p) => p.nameEn),
    );
  });

  test('product i does not depend on the count: a smaller catalog is a prefix of a larger one', () => {
    const prefix = generateCatalog({ seed: 3, count: 500 });
    assert.deepEqual(prefix.products, small.products.slice(0, 500));
    assert.equal(cprcodeOf(3, 1234), small.products[1234]!.cprcode);
  });

  test('every product has its identity fields filled and shelf-like names', () => {
    const codes = new Set(branches.map((b) => b.branch.branchCode));
    for (const p of small.products) {
      assert.match(p.cprcode, CPRCODE_PATTERN);
      assert.match(p.nameTh, THAI, `${p.cprcode} nameTh has Thai script`);
      assert.ok(p.nameEn.length > 3 && !THAI.test(p.nameEn));
      assert.ok(p.sizeDesc && p.nameEn.endsWith(p.sizeDesc), `${p.nameEn} ends with its size`);
      if (p.brandEn) assert.ok(p.nameEn.startsWith(p.brandEn) && p.nameTh.startsWith(p.brandTh!));
      assert.ok(p.countryEn);
      assert.ok(p.keywords.length >= 3);
      assert.ok(p.availStore.length > 0 && p.availStore.every((c) => codes.has(c)));
      assert.equal(p.grocerCategoryCodes.length, 3);
      assert.ok(p.detailPriceSatang === null || (Number.isSafeInteger(p.detailPriceSatang) && p.detailPriceSatang > 0));
      assert.ok(!Number.isNaN(Date.parse(p.updatedAt)));
    }
    assert.equal(new Set(small.products.map((p) => p.cprcode)).size, small.products.length);
    const named = small.products.find((p) => p.brandEn === 'Meiji' && p.nameEn.includes('Milk'));
    assert.ok(named, 'a Meiji milk is on the shelf');
  });

  test('barcodes have valid check digits: mostly EAN-13, a few EAN-8 and in-store codes, a handful missing', () => {
    const big = generateCatalog({ seed: 3, count: 40_000 });
    let ean13 = 0;
    let ean8 = 0;
    let inStore = 0;
    let missing = 0;
    for (const p of big.products) {
      if (p.barcode === null) {
        missing++;
        continue;
      }
      assert.ok(isValidGtin(p.barcode), `${p.barcode} has a valid check digit`);
      if (p.barcode.length === 8) ean8++;
      else if (p.barcode.startsWith('2')) inStore++;
      else ean13++;
    }
    assert.ok(ean13 > big.products.length * 0.8);
    assert.ok(ean8 > 10 && ean8 < big.products.length * 0.02, `EAN-8: ${ean8}`);
    assert.ok(inStore > 10 && inStore < big.products.length * 0.2, `in-store: ${inStore}`);
    assert.ok(missing > 0 && missing < big.products.length * 0.01);
    const withBarcode = big.products.filter((p) => p.barcode !== null && !p.barcode.startsWith('29'));
    assert.equal(new Set(withBarcode.map((p) => p.barcode)).size, withBarcode.length, 'barcodes are unique');
    assert.equal(big.products.length, 40_000);
  });

  test('a few inactive, offline, unimaged and duplicate-by-name products, and alcohol only in its department', () => {
    const share = (predicate: (p: (typeof small.products)[number]) => boolean) =>
      small.products.filter(predicate).length / small.products.length;
    assert.ok(share((p) => !p.active) > 0.005 && share((p) => !p.active) < 0.05);
    assert.ok(share((p) => !p.online) > 0.01 && share((p) => !p.online) < 0.07);
    assert.ok(share((p) => !p.hasImage) > 0.01 && share((p) => !p.hasImage) < 0.07);
    assert.ok(share((p) => p.detailPriceSatang === null) > 0.003);
    const names = new Map<string, number>();
    for (const p of small.products) names.set(p.nameEn, (names.get(p.nameEn) ?? 0) + 1);
    const duplicates = [...names.values()].filter((n) => n > 1).length;
    assert.ok(duplicates >= 1 && duplicates < 30, `duplicate names: ${duplicates}`);
    const alcohol = small.products.filter((p) => p.alcohol);
    assert.ok(alcohol.length > 20);
    for (const p of alcohol) assert.equal(p.category.l1, 'Beer, Wine & Spirits');
    assert.ok(small.products.some((p) => p.category.l2 === 'Beer' && p.alcohol));
    assert.ok(small.products.every((p) => p.alcohol || p.category.l1 !== 'Beer, Wine & Spirits'));
  });

  test('keywords carry synonyms and concepts in both languages', () => {
    const withKeyword = (word: string) => small.products.filter((p) => p.keywords.includes(word));
    assert.ok(withKeyword('breakfast').length > 20);
    assert.ok(withKeyword('อาหารเช้า').length > 20);
    assert.ok(withKeyword('dessert').length > 20);
    assert.ok(withKeyword('bbq').length > 10);
    assert.ok(withKeyword('baby').length > 10);
    assert.ok(small.products.some((p) => p.nameTh.includes('ข้าวหอมมะลิ') && p.keywords.includes('jasmine rice')));
    assert.ok(small.products.some((p) => p.nameTh.includes('น้ำปลา') && p.keywords.includes('nam pla')));
  });

  test('makes 200,000 products with unique cprcodes', () => {
    const huge = generateCatalog({ seed: 3, count: 200_000 });
    assert.equal(huge.products.length, 200_000);
    assert.equal(new Set(huge.products.map((p) => p.cprcode)).size, 200_000);
    assert.deepEqual(huge.products.slice(0, 2_000), small.products);
  });

  test('refuses impossible counts and seeds', () => {
    assert.throws(() => generateCatalog({ count: -1 }), RangeError);
    assert.throws(() => generateCatalog({ count: 1.5 }), RangeError);
    assert.throws(() => generateCatalog({ count: 2_000_000 }), RangeError);
    assert.throws(() => generateCatalog({ seed: Number.NaN, count: 1 }), RangeError);
  });
});

describe('branches', () => {
  test('at least 30 across Thailand, Bangkok heavy, with Thai names and delivery postcodes', () => {
    assert.ok(branches.length >= 30);
    const provinces = new Set(branches.map((b) => b.branch.province));
    for (const province of ['Bangkok', 'Chiang Mai', 'Phuket', 'Chon Buri', 'Prachuap Khiri Khan', 'Khon Kaen'])
      assert.ok(provinces.has(province), province);
    assert.ok(branches.filter((b) => b.branch.province === 'Bangkok').length >= 12);
    for (const { branch } of branches) {
      assert.match(branch.branchCode, BRANCH_CODE_PATTERN);
      assert.match(branch.nameTh, THAI);
      assert.match(branch.phone, /^0\d{1,2}-\d{3}-\d{3,4}$/);
    }
    assert.equal(new Set(branches.map((b) => b.branch.branchCode)).size, branches.length);
    const bangkok = branches.find((b) => b.branch.branchCode === 'BKK01')!.branch;
    assert.ok(bangkok.deliveryPostcodes.includes('10330') && bangkok.deliveryPostcodes.includes('10110'));
  });
});

describe('price feed and stock', () => {
  const feed = new PriceFeed({ seed: small.seed, listPriceSatang: small.listPriceSatang });
  const byCode = (code: string) => branches.find((b) => b.branch.branchCode === code)!;

  function mix(branch: BranchProfile) {
    const counts = { PRICED: 0, FALLBACK: 0, UNPRICED: 0 };
    small.products.forEach((p, i) => {
      const price = feed.price(branch, i, p);
      if (!price) counts.UNPRICED++;
      else if (price.source === 'DETAIL_FALLBACK') counts.FALLBACK++;
      else counts.PRICED++;
    });
    return counts;
  }

  test('a branch prices most products from its feed, some from the detail fallback, a few not at all', () => {
    const counts = mix(byCode('BKK01'));
    const n = small.products.length;
    assert.ok(counts.PRICED > n * 0.6, JSON.stringify(counts));
    assert.ok(counts.FALLBACK > n * 0.02, JSON.stringify(counts));
    assert.ok(counts.UNPRICED > n * 0.005 && counts.UNPRICED < n * 0.08, JSON.stringify(counts));
    small.products.forEach((p, i) => {
      const entry = feed.entry(byCode('BKK01'), i, p);
      if (entry.state === 'PRICED') assert.ok(Number.isSafeInteger(entry.amountSatang) && entry.amountSatang > 0);
    });
  });

  test('tourist and premium branches are dearer than a standard one', () => {
    const ratio = (code: string) => {
      let dear = 0;
      let base = 0;
      small.products.forEach((p, i) => {
        const a = feed.entry(byCode(code), i, p);
        const b = feed.entry(byCode('BKK03'), i, p);
        if (a.state === 'PRICED' && b.state === 'PRICED') {
          dear += a.amountSatang;
          base += b.amountSatang;
        }
      });
      return dear / base;
    };
    assert.ok(ratio('HKT02') > 1.05, `Patong ${ratio('HKT02')}`);
    assert.ok(ratio('BKK01') > 1.02, `Chidlom ${ratio('BKK01')}`);
  });

  test('overrides win: a set price, or null for unpriced', () => {
    const branch = byCode('BKK03');
    const p = small.products[0]!;
    feed.setOverride('BKK03', p.cprcode, 4_250);
    assert.deepEqual(feed.price(branch, 0, p), {
      cprcode: p.cprcode,
      branchCode: 'BKK03',
      amountSatang: 4_250,
      source: 'BRANCH_FEED',
    });
    feed.setOverride('BKK03', p.cprcode, null);
    assert.equal(feed.price(branch, 0, p), null);
  });

  test('stock has both sources, zero and negative quantities, and listable only above zero', () => {
    const stock = new StockFeed({ seed: small.seed, velocity: small.velocity });
    const levels = small.products.map((p, i) => stock.level(byCode('BKK01'), i, p));
    const count = (predicate: (l: (typeof levels)[number]) => boolean) => levels.filter(predicate).length;
    assert.ok(count((l) => l.qtySource === 'NEW_IB_VS_STOCK_CV') > 1000);
    assert.ok(count((l) => l.qtySource === 'IB_CF_QTY') > 50);
    assert.ok(count((l) => l.sellableQty === 0) > 20);
    assert.ok(count((l) => (l.sellableQty ?? 0) < 0) > 10);
    assert.ok(count((l) => l.sellableQty === null) > 10);
    for (const l of levels) if (l.listable) assert.ok(l.sellableQty! > 0);
    assert.equal(ASSORTMENTS.length, 4);
  });
});

describe('prices stay within the bounds of their item kind', () => {
  test("over the whole default catalog (40,000 products, seed 1), every list price is 0.5 to 8 times its kind's base price", () => {
    const catalog = generateCatalog({ seed: 1, count: 40_000 });
    // The bounds as a shelf shows them (rounded to an ending in 5, 9, 50 or 90).
    const outside = catalog.products.filter((_, i) => {
      const list = catalog.listPriceSatang[i]!;
      const base = catalog.kindPriceSatang[i]!;
      return (
        base <= 0 ||
        list < shelfPriceSatang(base * PRICE_BOUNDS.min) ||
        list > shelfPriceSatang(base * PRICE_BOUNDS.max)
      );
    });
    assert.deepEqual(outside.map((p) => `${p.cprcode} ${p.nameEn}`).slice(0, 5), []);
    const bananaCake = catalog.products.findIndex((p) => p.cprcode === '1006105');
    assert.match(catalog.products[bananaCake]!.nameEn, /Banana Cake/);
    assert.ok(
      catalog.listPriceSatang[bananaCake]! <= shelfPriceSatang(55 * 100 * PRICE_BOUNDS.max),
      `banana cake at ฿${catalog.listPriceSatang[bananaCake]! / 100}`,
    );
  });

  test("a size is priced against the kind's first size in the same unit (500 g is not 500 pieces)", () => {
    assert.equal(parseSize('500 g').base, 'g');
    assert.equal(parseSize('4 pcs').base, parseSize('1 pcs').base);
    assert.notEqual(parseSize('500 g').base, parseSize('1 pcs').base);
  });
});
