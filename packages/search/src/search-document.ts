/**
 * The record the search index is built from: a product's identity fields in English and Thai,
 * never its price or stock.
 */
import type { Product } from '@grocery/core';

/** One product as the search index sees it. */
export interface SearchDocument {
  cprcode: string;
  nameEn: string;
  nameTh: string;
  brandEn: string | null;
  brandTh: string | null;
  sizeDesc: string | null;
  /** Online category levels [l1, l2, l3], English. */
  categoryEn: [string, string, string];
  /** Online category levels [l1, l2, l3], Thai. */
  categoryTh: [string, string, string];
  /** The grocer's own codes of the three levels, e.g. ["12", "1204", "120407"]. */
  grocerCategoryCodes: [string, string, string];
  keywords: string[];
  barcode: string | null;
  active: boolean;
  online: boolean;
  imageUrl: string | null;
}

/**
 * The search document of a product; `imageUrl` is built by the caller from its public base URL.
 *
 * @example
 * documentFromProduct(product, product.hasImage ? `${baseUrl}/images/products/${product.cprcode}` : null)
 */
export function documentFromProduct(product: Product, imageUrl: string | null): SearchDocument {
  const c = product.category;
  return {
    cprcode: product.cprcode,
    nameEn: product.nameEn,
    nameTh: product.nameTh,
    brandEn: product.brandEn,
    brandTh: product.brandTh,
    sizeDesc: product.sizeDesc,
    categoryEn: [c.l1, c.l2, c.l3],
    categoryTh: [c.l1Th, c.l2Th, c.l3Th],
    grocerCategoryCodes: [...product.grocerCategoryCodes],
    keywords: [...product.keywords],
    barcode: product.barcode,
    active: product.active,
    online: product.online,
    imageUrl,
  };
}
