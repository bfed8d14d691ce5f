/** The three online (web-shop) category levels, in English and Thai. */
export interface ProductCategory {
  l1: string;
  l2: string;
  l3: string;
  l1Th: string;
  l2Th: string;
  l3Th: string;
}

/**
 * A product as the grocer defines it: identity only, never branch price or stock.
 * `detailPriceSatang` is the product-detail price the grocer falls back to when a branch feed
 * lacks the product (GraphQL `Money.source = DETAIL_FALLBACK`; REST `ba_nprice`).
 */
export interface Product {
  /** Stable numeric string, the product identity everywhere. */
  cprcode: string;
  nameEn: string;
  nameTh: string;
  brandEn: string | null;
  brandTh: string | null;
  sizeDesc: string | null;
  countryEn: string | null;
  /** EAN-13 for most goods; a few EAN-8 and in-store codes. */
  barcode: string | null;
  category: ProductCategory;
  /** The grocer's own category codes for its three levels, e.g. ["12", "1204", "120407"]. */
  grocerCategoryCodes: [string, string, string];
  keywords: string[];
  active: boolean;
  /** Sold in the grocer's online shop. */
  online: boolean;
  alcohol: boolean;
  /** Branch codes that stock the product. */
  availStore: string[];
  detailPriceSatang: number | null;
  /** Whether the grocer holds an image for the product (served at `{base_url}/images/products/{cprcode}`). */
  hasImage: boolean;
  /** Changes whenever the product's identity fields change. */
  updatedAt: string;
}

/** The grocer's catalog version; it changes when any product changes. */
export interface CatalogVersion {
  version: string;
  updatedAt: string;
  productCount: number;
}

/** An image the grocer holds for a product, served by the API under its public host. */
export interface ProductImage {
  contentType: string;
  body: Uint8Array;
}

/** A valid cprcode: 1 to 12 digits. */
export const CPRCODE_PATTERN = /^[0-9]{1,12}$/;

/**
 * Checks a product code from outside (an argument, a path) before it reaches the grocer.
 *
 * @example
 * isCprcode('100001'); // true
 */
export function isCprcode(value: unknown): value is string {
  return typeof value === 'string' && CPRCODE_PATTERN.test(value);
}
