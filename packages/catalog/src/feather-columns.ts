import { RECORD_FIELDS, type FeatherLang, type RecordField } from './catalog-record.ts';
import { FLAG_ACTIVE, FLAG_ALCOHOL, FLAG_ONLINE, LIST_KEYWORDS, LIST_STORES, TEXT } from './product-rows.ts';

/** Arrow column types the download files use: plain, undictionaried, readable by every Arrow reader. */
export type FeatherColumnType = 'utf8' | 'bool' | 'float64' | 'list<utf8>';

interface ColumnBase {
  /** Key of the source column; one column is built once and shared by every file that holds it. */
  key: string;
  nullable: boolean;
}

/** Where a text column's values come from in `ProductRows`. */
export type TextSource =
  /** A per-product string array of the rows. */
  | { from: 'row'; field: 'cprcode' | 'nameEn' | 'nameTh' | 'barcode' }
  /** A dictionary text (`TEXT`), or a second one where the first is null. */
  | { from: 'text'; field: number; orElse?: number }
  /** `{publicBaseUrl}/images/products/{cprcode}` where the product has an image. */
  | { from: 'image' };

/** A column computed from products (in their `ProductRows` form). */
export type SourceColumn =
  | (ColumnBase & { type: 'utf8'; source: TextSource })
  | (ColumnBase & { type: 'bool'; flag: number })
  /** The product-detail price in THB. */
  | (ColumnBase & { type: 'float64' })
  | (ColumnBase & { type: 'list<utf8>'; list: number });

const row = (key: string, field: 'cprcode' | 'nameEn' | 'nameTh' | 'barcode', nullable: boolean): SourceColumn => ({
  key,
  type: 'utf8',
  nullable,
  source: { from: 'row', field },
});
const text = (key: string, field: number, nullable: boolean, orElse?: number): SourceColumn => ({
  key,
  type: 'utf8',
  nullable,
  source: orElse === undefined ? { from: 'text', field } : { from: 'text', field, orElse },
});
const bool = (key: string, flag: number): SourceColumn => ({ key, type: 'bool', nullable: false, flag });

/** Every source column, built once per snapshot. */
export const SOURCE_COLUMNS: readonly SourceColumn[] = [
  row('cprcode', 'cprcode', false),
  row('name_en', 'nameEn', false),
  row('name_th', 'nameTh', false),
  text('brand_en_first', TEXT.brandEn, true, TEXT.brandTh),
  text('brand_th_first', TEXT.brandTh, true, TEXT.brandEn),
  text('brand_en', TEXT.brandEn, true),
  text('brand_th', TEXT.brandTh, true),
  text('size_desc', TEXT.sizeDesc, true),
  text('country', TEXT.countryEn, true),
  row('barcode', 'barcode', true),
  text('category_l1_en', TEXT.l1, false),
  text('category_l2_en', TEXT.l2, false),
  text('category_l3_en', TEXT.l3, false),
  text('category_l1_th', TEXT.l1Th, false),
  text('category_l2_th', TEXT.l2Th, false),
  text('category_l3_th', TEXT.l3Th, false),
  text('category_code_l1', TEXT.code1, false),
  text('category_code_l2', TEXT.code2, false),
  text('category_code_l3', TEXT.code3, false),
  { key: 'image_url', type: 'utf8', nullable: true, source: { from: 'image' } },
  bool('pr_active', FLAG_ACTIVE),
  bool('online', FLAG_ONLINE),
  bool('alcohol', FLAG_ALCOHOL),
  { key: 'ba_nprice', type: 'float64', nullable: true },
  text('updated_at', TEXT.updatedAt, false),
  { key: 'keywords', type: 'list<utf8>', nullable: false, list: LIST_KEYWORDS },
  { key: 'avail_store', type: 'list<utf8>', nullable: false, list: LIST_STORES },
];

/** A column of a download file: its name in the file and the source column it holds. */
export interface FileColumn {
  name: string;
  source: string;
}

/** The record fields whose value depends on the language, and the source column of each language's value. */
function localisedSources(lang: 'en' | 'th'): Partial<Record<RecordField, string>> {
  return {
    name: `name_${lang}`,
    brand: `brand_${lang}_first`,
    category_l1: `category_l1_${lang}`,
    category_l2: `category_l2_${lang}`,
    category_l3: `category_l3_${lang}`,
  };
}

function recordColumns(lang: 'en' | 'th'): FileColumn[] {
  const localised = localisedSources(lang);
  return RECORD_FIELDS.map((name) => ({ name, source: localised[name] ?? name }));
}

/**
 * The `all` file's columns, from the record fields: the shared ones as they are; of the localised
 * ones only the category names, in both languages (before the category codes), since names and
 * brands already have their `_en` and `_th` fields and `brand`'s fallback is per language.
 */
function allColumns(): FileColumn[] {
  const localised = localisedSources('en');
  const categories = (['en', 'th'] as const).flatMap((lang) =>
    (['category_l1', 'category_l2', 'category_l3'] as const).map((field) => localisedSources(lang)[field]!),
  );
  return RECORD_FIELDS.flatMap((name) =>
    name === 'category_code_l1' ? [...categories, name] : name in localised ? [] : [name],
  ).map((name) => ({ name, source: name }));
}

/**
 * Columns of each download file. `en` and `th` hold exactly the REST record fields of that
 * language; `all` holds both languages (no `name`, `brand` or `category_lN`, which are per
 * language) and is lossless: a snapshot can be rebuilt from it.
 */
export const FILE_COLUMNS: Readonly<Record<FeatherLang, readonly FileColumn[]>> = {
  en: recordColumns('en'),
  th: recordColumns('th'),
  all: allColumns(),
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
