import type { Branch } from '../model/branch.ts';
import type { Product } from '../model/product.ts';

/**
 * A product for tests: an active online grocery item with every field filled in; `overrides`
 * change what the test is about.
 *
 * @example
 * const milk = testProduct({ cprcode: '100001', nameEn: 'Fresh milk 1 l', detailPriceSatang: 4_500 });
 */
export function testProduct(overrides: Partial<Product> & Pick<Product, 'cprcode'>): Product {
  return {
    nameEn: `Product ${overrides.cprcode}`,
    nameTh: `สินค้า ${overrides.cprcode}`,
    brandEn: null,
    brandTh: null,
    sizeDesc: null,
    countryEn: null,
    barcode: null,
    category: { l1: 'Grocery', l2: 'Pantry', l3: 'Staples', l1Th: 'ของชำ', l2Th: 'ของแห้ง', l3Th: 'ของใช้ประจำ' },
    grocerCategoryCodes: ['10', '1001', '100101'],
    keywords: [],
    active: true,
    online: true,
    alcohol: false,
    availStore: [],
    detailPriceSatang: null,
    hasImage: false,
    updatedAt: '2026-11-22T03:00:00.000Z',
    ...overrides,
  };
}

/**
 * A branch for tests: in Bangkok, delivering, licensed for alcohol; `overrides` change the rest.
 *
 * @example
 * const branch = testBranch({ branchCode: 'BKK01' });
 */
export function testBranch(overrides: Partial<Branch> & Pick<Branch, 'branchCode'>): Branch {
  return {
    name: `Branch ${overrides.branchCode}`,
    nameTh: `สาขา ${overrides.branchCode}`,
    alcoholLicensed: true,
    deliveryAvailable: true,
    lat: 13.7563,
    lon: 100.5018,
    address: '1 Sukhumvit Road',
    province: 'Bangkok',
    postcode: '10110',
    phone: '+66 2 000 0000',
    deliveryPostcodes: ['10110'],
    deliveryRadiusKm: 10,
    ...overrides,
  };
}
