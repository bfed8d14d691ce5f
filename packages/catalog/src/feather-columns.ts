import type { Product } from '@grocery/core';
import { productImageUrl, RECORD_FIELDS, satangToThb, type FeatherLang } from './catalog-record.ts';

/** Arrow column types the download files use: plain, undictionaried, readable by every Arrow reader. */
export type FeatherColumnType = 'utf8' | 'bool' | 'float64' | 'list<utf8>';

interface ColumnBase {
  /** Key of the source column; one column is built once and shared by every file that holds it. */
  key: string;
  nullable: boolean;
}

/** A column computed from products; `get` reads one product's value. */
export type SourceColumn =
  | (ColumnBase & { type: 'utf8'; get: (product: Product, publicBaseUrl: string) => string | null })
  | (ColumnBase & { type: 'bool'; get: (product: Product) => boolean })
  | (ColumnBase & { type: 'float64'; get: (product: Product) => number | null })
  | (ColumnBase & { type: 'list<utf8>'; get: (product: Product) => readonly string[] });

const utf8 = (key: string, nullable: boolean, get: (product: Product, publicBaseUrl: string) => string | null): SourceColumn => ({ key, type: 'utf8', nullable, get });
const bool = (key: string, get: (product: Product) => boolean): SourceColumn => ({ key, type: 'bool', nullable: false, get });

/** Every source column, built once per snapshot. */
export const SOURCE_COLUMNS: readonly SourceColumn[] = [
  utf8('cprcode', false, (p) => p.cprcode),
  utf8('name_en', false, (p) => p.nameEn),
  utf8('name_th', false, (p) => p.nameTh),
  utf8('brand_en_first', true, (p) => p.brandEn ?? p.brandTh),
  utf8('brand_th_first', true, (p) => p.brandTh ?? p.brandEn),
  utf8('brand_en', true, (p) => p.brandEn),
  utf8('brand_th', true, (p) => p.brandTh),
  utf8('size_desc', true, (p) => p.sizeDesc),
  utf8('country', true, (p) => p.countryEn),
  utf8('barcode', true, (p) => p.barcode),
  utf8('category_l1_en', false, (p) => p.category.l1),
  utf8('category_l2_en', false, (p) => p.category.l2),
  utf8('category_l3_en', false, (p) => p.category.l3),
  utf8('category_l1_th', false, (p) => p.category.l1Th),
  utf8('category_l2_th', false, (p) => p.category.l2Th),
  utf8('category_l3_th', false, (p) => p.category.l3Th),
  utf8('category_code_l1', false, (p) => p.grocerCategoryCodes[0]),
  utf8('category_code_l2', false, (p) => p.grocerCategoryCodes[1]),
  utf8('category_code_l3', false, (p) => p.grocerCategoryCodes[2]),
  utf8('image_url', true, (p, base) => (p.hasImage ? productImageUrl(base, p.cprcode) : null)),
  bool('pr_active', (p) => p.active),
  bool('online', (p) => p.online),
  bool('alcohol', (p) => p.alcohol),
  { key: 'ba_nprice', type: 'float64', nullable: true, get: (p) => satangToThb(p.detailPriceSatang) },
  utf8('updated_at', false, (p) => p.updatedAt),
  { key: 'keywords', type: 'list<utf8>', nullable: false, get: (p) => p.keywords },
  { key: 'avail_store', type: 'list<utf8>', nullable: false, get: (p) => p.availStore },
];

/** A column of a download file: its name in the file and the source column it holds. */
export interface FileColumn {
  name: string;
  source: string;
}

const same = (...names: string[]): FileColumn[] => names.map((name) => ({ name, source: name }));

function recordColumns(lang: 'en' | 'th'): FileColumn[] {
  const localised: Record<string, string> = {
    name: `name_${lang}`,
    brand: `brand_${lang}_first`,
    category_l1: `category_l1_${lang}`,
    category_l2: `category_l2_${lang}`,
    category_l3: `category_l3_${lang}`,
  };
  return RECORD_FIELDS.map((name) => ({ name, source: localised[name] ?? name }));
}

/**
 * Columns of each download file. `en` and `th` hold exactly the REST record fields of that
 * language; `all` holds both languages (no `name`, `brand` or `category_lN`, which are per
 * language) and is lossless: a snapshot can be rebuilt from it.
 */
export const FILE_COLUMNS: Readonly<Record<FeatherLang, readonly FileColumn[]>> = {
  en: recordColumns('en'),
  th: recordColumns('th'),
  all: same(
    'cprcode',
    'name_en',
    'name_th',
    'brand_en',
    'brand_th',
    'size_desc',
    'country',
    'barcode',
    'category_l1_en',
    'category_l2_en',
    'category_l3_en',
    'category_l1_th',
    'category_l2_th',
    'category_l3_th',
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
  ),
};

/** Schema metadata keys of the download files. */
export const FEATHER_METADATA = {
  lang: 'catalog.lang',
  recordSchemaVersion: 'catalog.record_schema_version',
  /** Base of the `image_url` values, so a reader can tell whether the records match its own configuration. */
  publicBaseUrl: 'catalog.public_base_url',
} as const;

export const FEATHER_CONTENT_TYPE = 'application/vnd.apache.arrow.file';

/** `catalog-<version>-<lang>.feather`: the file name in the manifest, the signed URL and Content-Disposition. */
export function featherFileName(version: string, lang: FeatherLang): string {
  return `catalog-${version}-${lang}.feather`;
}

export const FEATHER_FILE_NAME_PATTERN = /^catalog-[0-9a-f]{8,64}-(en|th|all)\.feather$/;
