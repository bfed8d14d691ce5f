import type { Product } from '@grocery/core';

/** A handful of hand-written products covering the edge cases unit tests need (not a grocer). */
export function fixtureProducts(): Product[] {
  const base = {
    sizeDesc: '1 L',
    countryEn: 'Thailand',
    active: true,
    online: true,
    alcohol: false,
    availStore: ['001', '017'],
    hasImage: true,
    updatedAt: '2026-11-20T10:00:00.000Z',
  };
  return [
    {
      ...base,
      cprcode: '100001',
      nameEn: 'Meiji Pasteurized Milk',
      nameTh: 'เมจิ นมพาสเจอร์ไรส์',
      brandEn: 'Meiji',
      brandTh: 'เมจิ',
      barcode: '8850329112233',
      category: { l1: 'Fresh Food', l2: 'Dairy', l3: 'Fresh Milk', l1Th: 'อาหารสด', l2Th: 'ผลิตภัณฑ์นม', l3Th: 'นมสด' },
      grocerCategoryCodes: ['12', '1204', '120407'],
      keywords: ['milk', 'นม'],
      detailPriceSatang: 5250,
    },
    {
      ...base,
      cprcode: '100002',
      nameEn: 'Crème Brûlée "Classic" 2x90g',
      nameTh: 'ครีมบรูเล่ คลาสสิก',
      brandEn: null,
      brandTh: 'บ้านขนม',
      sizeDesc: null,
      countryEn: 'France',
      barcode: null,
      category: {
        l1: 'Bakery',
        l2: 'Desserts',
        l3: 'Chilled Desserts',
        l1Th: 'เบเกอรี่',
        l2Th: 'ของหวาน',
        l3Th: 'ของหวานแช่เย็น',
      },
      grocerCategoryCodes: ['31', '3102', '310205'],
      keywords: [],
      availStore: [],
      detailPriceSatang: null,
      hasImage: false,
      online: false,
    },
    {
      ...base,
      cprcode: '100010',
      nameEn: 'Singha Beer 620ml',
      nameTh: 'เบียร์สิงห์ 620 มล.',
      brandEn: 'Singha',
      brandTh: null,
      barcode: '8850999320014',
      category: {
        l1: 'Beer, Wine & Spirits',
        l2: 'Beer',
        l3: 'Lager',
        l1Th: 'เบียร์ ไวน์ และสุรา',
        l2Th: 'เบียร์',
        l3Th: 'ลาเกอร์',
      },
      grocerCategoryCodes: ['45', '4501', '450101'],
      keywords: ['beer', 'เบียร์'],
      alcohol: true,
      active: false,
      detailPriceSatang: 6900,
    },
    {
      ...base,
      cprcode: '99',
      nameEn: 'Fresh Milk Low Fat',
      nameTh: 'นมสดไขมันต่ำ',
      brandEn: 'Dutch Mill',
      brandTh: 'ดัชมิลล์',
      barcode: '12345670',
      category: { l1: 'Fresh Food', l2: 'Dairy', l3: 'Fresh Milk', l1Th: 'อาหารสด', l2Th: 'ผลิตภัณฑ์นม', l3Th: 'นมสด' },
      grocerCategoryCodes: ['12', '1204', '120407'],
      keywords: ['milk', 'low fat'],
      detailPriceSatang: 4525,
    },
  ];
}

/**
 * `count` products on the fixtures' two kinds, with text that needs escaping or careful encoding
 * in every kind of field (quotes, backslashes, control characters, markup, combining marks, emoji),
 * nulls where fields allow them, and enough rows for several chunks (2048) and record batches.
 */
export function hostileProducts(count: number): Product[] {
  const [milk, creme] = fixtureProducts();
  return Array.from({ length: count }, (_, i) => ({
    ...(i % 2 ? milk! : creme!),
    cprcode: String(200000 + i),
    nameEn: `Item ${i} "q" \\ \u0001 tab\t`,
    nameTh: `สินค้า ${i} 🥛`,
    brandEn: i % 3 ? `Brand </script> ${i % 7}` : null,
    brandTh: i % 4 ? null : 'ยี่ห้อ',
    sizeDesc: i % 5 ? `${i % 11} pcs e\u0301` : null,
    countryEn: i % 7 ? 'Thailand' : null,
    barcode: i % 6 ? `885${i}` : null,
    detailPriceSatang: i % 8 ? 1999 + i : null,
    hasImage: i % 2 === 0,
    keywords: i % 4 ? ['milk', `kw${i % 9}`, '🥛', 'say "hi"'] : [],
    availStore: i % 6 ? ['001', `0${i % 13}`] : [],
  }));
}
