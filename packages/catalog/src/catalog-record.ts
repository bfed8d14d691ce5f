import type { Product } from '@grocery/core';

/** Languages of the REST records and of the `en` and `th` download files. */
export type CatalogLang = 'en' | 'th';

/** Languages of the download files: one per record language plus `all` (both languages, every column). */
export type FeatherLang = CatalogLang | 'all';

export const CATALOG_LANGS: readonly CatalogLang[] = ['en', 'th'];
export const FEATHER_LANGS: readonly FeatherLang[] = ['en', 'th', 'all'];

/**
 * Version of the record layout (REST records and download columns). Bumped whenever a field is
 * added, removed or changes meaning; partners read it from the manifest.
 */
export const CATALOG_RECORD_SCHEMA_VERSION = '1';

/**
 * One product of the REST catalog in one language. Field names are snake_case like the grocer's
 * own (`ba_nprice`, `pr_active`); identity only, never branch price or stock. The fields in the
 * record's language come first, then the language-neutral ones.
 */
export interface CatalogRecord {
  cprcode: string;
  /** Name in the record's language. */
  name: string;
  /** Brand in the record's language, falling back to the other language when the grocer has only one. */
  brand: string | null;
  /** Online (web-shop) category levels in the record's language. */
  category_l1: string;
  category_l2: string;
  category_l3: string;
  name_en: string;
  name_th: string;
  brand_en: string | null;
  brand_th: string | null;
  size_desc: string | null;
  country: string | null;
  barcode: string | null;
  /** The grocer's own category codes for its three levels. */
  category_code_l1: string;
  category_code_l2: string;
  category_code_l3: string;
  /** `{publicBaseUrl}/images/products/{cprcode}` when the grocer holds an image, else null. */
  image_url: string | null;
  pr_active: boolean;
  online: boolean;
  alcohol: boolean;
  /** Product-detail price in THB (the grocer's fallback price, not a branch price), or null. */
  ba_nprice: number | null;
  updated_at: string;
  keywords: string[];
  avail_store: string[];
}

export type RecordField = keyof CatalogRecord;

/** The fields of a record that depend on its language (and cprcode, which leads every record). */
export type LocalisedRecordPart = Pick<
  CatalogRecord,
  'cprcode' | 'name' | 'brand' | 'category_l1' | 'category_l2' | 'category_l3'
>;
/** The fields of a record that are the same in every language. */
export type SharedRecordPart = Omit<CatalogRecord, keyof LocalisedRecordPart>;

/** Every record field, in the order records are serialised. */
export const RECORD_FIELDS: readonly RecordField[] = [
  'cprcode',
  'name',
  'brand',
  'category_l1',
  'category_l2',
  'category_l3',
  'name_en',
  'name_th',
  'brand_en',
  'brand_th',
  'size_desc',
  'country',
  'barcode',
  'category_code_l1',
  'category_code_l2',
  'category_code_l3',
  'image_url',
  'pr_active',
  'online',
  'alcohol',
  'ba_nprice',
  'updated_at',
  'keywords',
  'avail_store',
];

const RECORD_FIELD_SET: ReadonlySet<string> = new Set(RECORD_FIELDS);

export function isRecordField(value: string): value is RecordField {
  return RECORD_FIELD_SET.has(value);
}

/** `{publicBaseUrl}/images/products/{cprcode}`, the absolute image address handed to partners. */
export function productImageUrl(publicBaseUrl: string, cprcode: string): string {
  return `${trimTrailingSlash(publicBaseUrl)}/images/products/${cprcode}`;
}

export function trimTrailingSlash(url: string): string {
  return url.endsWith('/') ? url.replace(/\/+$/, '') : url;
}

/** Satang (integer) to THB; exact for every integer satang amount a catalog holds. */
export function satangToThb(satang: number | null): number | null {
  return satang === null ? null : satang / 100;
}

/** The language-dependent leading fields of a record. */
export function localisedRecordPart(product: Product, lang: CatalogLang): LocalisedRecordPart {
  const c = product.category;
  return lang === 'en'
    ? {
        cprcode: product.cprcode,
        name: product.nameEn,
        brand: product.brandEn ?? product.brandTh,
        category_l1: c.l1,
        category_l2: c.l2,
        category_l3: c.l3,
      }
    : {
        cprcode: product.cprcode,
        name: product.nameTh,
        brand: product.brandTh ?? product.brandEn,
        category_l1: c.l1Th,
        category_l2: c.l2Th,
        category_l3: c.l3Th,
      };
}

/** The language-neutral fields of a record. */
export function sharedRecordPart(product: Product, publicBaseUrl: string): SharedRecordPart {
  const [code1, code2, code3] = product.grocerCategoryCodes;
  return {
    name_en: product.nameEn,
    name_th: product.nameTh,
    brand_en: product.brandEn,
    brand_th: product.brandTh,
    size_desc: product.sizeDesc,
    country: product.countryEn,
    barcode: product.barcode,
    category_code_l1: code1,
    category_code_l2: code2,
    category_code_l3: code3,
    image_url: product.hasImage ? productImageUrl(publicBaseUrl, product.cprcode) : null,
    pr_active: product.active,
    online: product.online,
    alcohol: product.alcohol,
    ba_nprice: satangToThb(product.detailPriceSatang),
    updated_at: product.updatedAt,
    keywords: product.keywords,
    avail_store: product.availStore,
  };
}

/**
 * The REST record of a product in one language.
 *
 * @example
 * toCatalogRecord(product, 'th', 'https://api.example.com').name // product.nameTh
 */
export function toCatalogRecord(product: Product, lang: CatalogLang, publicBaseUrl: string): CatalogRecord {
  return { ...localisedRecordPart(product, lang), ...sharedRecordPart(product, publicBaseUrl) };
}

/** The record trimmed to `fields` (kept in record order), as the `fields` list parameter asks. */
export function pickRecordFields(record: CatalogRecord, fields: readonly RecordField[]): Partial<CatalogRecord> {
  const out: Record<string, unknown> = {};
  for (const field of fields) out[field] = record[field];
  return out as Partial<CatalogRecord>;
}
