/**
 * Shapes of the hand-curated vocabulary the catalog generator combines into products: a three-level
 * online category tree whose leaves hold item kinds, each with English and Thai names, brands,
 * variants and pack sizes.
 */
import type { BrandId } from './brands.ts';
import type { SizePoolId } from './sizes.ts';
import type { Variant } from './variant.ts';
import type { VariantPoolId } from './variants.ts';

/** Shopping concepts that cut across categories; each adds English and Thai keywords. */
export type ConceptTag =
  | 'breakfast'
  | 'dessert'
  | 'bbq'
  | 'baby'
  | 'kids'
  | 'healthy'
  | 'snack'
  | 'party'
  | 'cooking'
  | 'fresh'
  | 'frozen'
  | 'japanese'
  | 'korean'
  | 'thai'
  | 'western'
  | 'vegetarian'
  | 'drink'
  | 'alcohol'
  | 'coffee'
  | 'cleaning'
  | 'beauty'
  | 'pet'
  | 'ready-meal'
  | 'seafood'
  | 'imported';

/** Variants as a named pool or listed in place. */
export type VariantSpec = VariantPoolId | readonly Variant[];

/** Pack sizes as a named pool or listed in place, e.g. `['830 ml', '320 ml x 6', '10 egg']`. */
export type SizeSpec = SizePoolId | readonly string[];

/** What a category leaf or a single kind may set; a kind's own values win over its leaf's. */
export interface KindDefaults {
  /** Brand ids; `null` stands for an unbranded (in-store) product. */
  brands?: readonly (BrandId | null)[];
  variants?: VariantSpec;
  sizes?: SizeSpec;
  /** Extra search keywords (synonyms in both languages). */
  kw?: readonly string[];
  tags?: readonly ConceptTag[];
  /** Countries of origin for unbranded products (first is the most common). */
  countries?: readonly string[];
  alcohol?: boolean;
}

/** One real grocery item kind: `[English, Thai, shelf price in baht at the first pack size, overrides]`. */
export type KindRow = readonly [en: string, th: string, priceBaht: number, extra?: KindDefaults];

export interface L3Def extends KindDefaults {
  en: string;
  th: string;
  kinds: readonly KindRow[];
}

export interface L2Def {
  en: string;
  th: string;
  tags?: readonly ConceptTag[];
  kw?: readonly string[];
  l3: readonly L3Def[];
}

export interface L1Def {
  /** The grocer's two-digit department code. */
  code: string;
  en: string;
  th: string;
  tags?: readonly ConceptTag[];
  alcohol?: boolean;
  l2: readonly L2Def[];
}
