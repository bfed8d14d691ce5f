/**
 * Generates the grocer's catalog from the hand-curated vocabulary, deterministically from a seed.
 * Product `i` depends only on (seed, i): a catalog of 2,000 is the first 2,000 products of the
 * catalog of 200,000, and cprcodes and barcodes never move when the count changes.
 */
import type { Product } from '@grocery/core';
import { GS1_PREFIX, withCheckDigit } from './barcode.ts';
import { buildBranchDirectory, type BranchProfile } from './branch-directory.ts';
import { hash2, hashInts, SALT, unitOf } from './random.ts';
import { shelfPriceSatang } from './shelf-price.ts';
import type { Brand, Variant } from './vocabulary/index.ts';
import {
  buildSlots,
  compileVocabulary,
  type CategoryNode,
  type CompiledKind,
  type ParsedSize,
} from './vocabulary-compiler.ts';

/** `GROCER_PRODUCTS` default. */
export const DEFAULT_PRODUCT_COUNT = 40_000;
/** Largest catalog the generator accepts (cprcodes stay unique far beyond it). */
export const MAX_PRODUCT_COUNT = 1_000_000;

/** Which branches carry a product: every branch, all but express stores, Bangkok only, or flagship and tourist stores. */
export const ASSORTMENTS = ['ALL', 'NO_EXPRESS', 'BANGKOK', 'PREMIUM'] as const;
export type Assortment = (typeof ASSORTMENTS)[number];

export interface GenerateCatalogOptions {
  /** Seed of every generated fact; the same seed gives the same catalog. Default 1. */
  seed?: number;
  /** Number of products; default 40,000. */
  count?: number;
  /** Branches that `availStore` names; default the simulator's branch directory. */
  branches?: readonly BranchProfile[];
}

/**
 * A generated catalog. `products` are in generation order and share arrays and category objects
 * between products: treat them as read-only (the simulator hands out copies).
 */
export interface GeneratedCatalog {
  seed: number;
  products: Product[];
  /** Chain list price per product (satang), defined even where `detailPriceSatang` is null. */
  listPriceSatang: Int32Array;
  /** The base price of each product's item kind (satang): list prices stay within `PRICE_BOUNDS` of it. */
  kindPriceSatang: Int32Array;
  /** Index into `ASSORTMENTS` per product. */
  assortment: Uint8Array;
  /** How fast the product sells, 1 (slow) to 5 (fast); scales generated stock. */
  velocity: Uint8Array;
  categories: CategoryNode[];
  /** Number of distinct item kinds in the vocabulary. */
  kindCount: number;
}

/**
 * Where a list price may fall, as a multiple of its item kind's base price: packs, brands and
 * modifiers move it, but a banana cake never costs a hundred times a banana cake.
 */
export const PRICE_BOUNDS = { min: 0.5, max: 8 } as const;

/** Words that tell apart products beyond the vocabulary's combinations (only large catalogs reach them). */
const MODIFIERS: readonly (readonly [string, string, number])[] = [
  ['Premium', 'พรีเมียม', 1.15],
  ['Value Pack', 'แพ็กสุดคุ้ม', 0.9],
  ['Classic', 'คลาสสิก', 1],
  ['Extra', 'เอ็กซ์ตร้า', 1.05],
  ['Selected', 'คัดพิเศษ', 1.1],
  ['Signature', 'ซิกเนเจอร์', 1.2],
  ['Gold', 'โกลด์', 1.15],
  ['New Formula', 'สูตรใหม่', 1],
  ['Limited Edition', 'ลิมิเต็ด อิดิชั่น', 1.2],
  ['Family Pack', 'แพ็กครอบครัว', 0.95],
];

const BRAND_TIER_FACTOR: Readonly<Record<Brand['tier'], number>> = { value: 0.85, standard: 1, premium: 1.3 };
/** The cprcode of product `index`: a seeded bijection onto 7-digit numbers, so codes look unordered. */
export function cprcodeOf(seed: number, index: number): string {
  return String(cprcodeNumber(hashInts(seed, SALT.cprcode) % 9_000_000, index));
}

function cprcodeNumber(offset: number, index: number): number {
  return 1_000_000 + ((index * 7_368_787 + offset) % 9_000_000);
}

function assortmentBranches(branches: readonly BranchProfile[]): string[][] {
  const pick = (keep: (b: BranchProfile) => boolean, alcohol: boolean) =>
    branches.filter((b) => keep(b) && (!alcohol || b.branch.alcoholLicensed)).map((b) => b.branch.branchCode);
  const rules: Record<Assortment, (b: BranchProfile) => boolean> = {
    ALL: () => true,
    NO_EXPRESS: (b) => b.format !== 'EXPRESS',
    BANGKOK: (b) => b.region !== 'REGIONAL',
    PREMIUM: (b) => b.format === 'FLAGSHIP' || b.tourist,
  };
  // Index = assortment * 2 + (alcohol ? 1 : 0).
  return ASSORTMENTS.flatMap((a) => [pick(rules[a], false), pick(rules[a], true)]);
}

/**
 * Generates `count` products from the seed.
 *
 * @example
 * const { products } = generateCatalog({ seed: 7, count: 2_000 });
 * products[0].nameEn; // e.g. "Meiji Pasteurized Milk Plain 830 ml"
 */
export function generateCatalog(options: GenerateCatalogOptions = {}): GeneratedCatalog {
  const seed = options.seed ?? 1;
  const count = options.count ?? DEFAULT_PRODUCT_COUNT;
  if (!Number.isSafeInteger(seed)) throw new RangeError('seed must be a safe integer');
  if (!Number.isInteger(count) || count < 0 || count > MAX_PRODUCT_COUNT)
    throw new RangeError(`count must be an integer in 0..${MAX_PRODUCT_COUNT}`);
  const { kinds, categories } = compileVocabulary(seed);
  const columns: ProductColumns = {
    products: new Array<Product>(count),
    listPriceSatang: new Int32Array(count),
    kindPriceSatang: new Int32Array(count),
    assortment: new Uint8Array(count),
    velocity: new Uint8Array(count),
  };
  const world: ProductWorld = {
    kinds,
    ...buildSlots(seed, kinds),
    storeLists: assortmentBranches(options.branches ?? buildBranchDirectory()),
    barcodes: new BarcodeAllocator(),
  };
  const dayStrings = new Map<number, string>();
  const updatedBase = Date.UTC(2026, 9, 1, 2, 0, 0);
  const cprcodeOffset = hashInts(seed, SALT.cprcode) % 9_000_000;

  for (let i = 0; i < count; i++) {
    const h0 = hashInts(seed, SALT.product, i);
    const u: Draw = (n) => unitOf(hash2(h0, n));
    const cprcode = String(cprcodeNumber(cprcodeOffset, i));
    const days = hash2(h0, 11) % 400;
    let updatedAt = dayStrings.get(days);
    if (!updatedAt) dayStrings.set(days, (updatedAt = new Date(updatedBase - days * 86_400_000).toISOString()));
    const duplicateOf = i >= 50 && u(12) < 0.004 ? i - 1 - (hash2(h0, 13) % Math.min(i - 1, 500)) : -1;
    if (duplicateOf >= 0) relistProduct(columns, i, duplicateOf, { cprcode, updatedAt }, u);
    else composeProduct(columns, world, i, { h0, u, cprcode, updatedAt });
  }
  return { seed, ...columns, categories, kindCount: kinds.length };
}

/** The per-product outputs of a generation, filled in at the product's index. */
type ProductColumns = Pick<
  GeneratedCatalog,
  'products' | 'listPriceSatang' | 'kindPriceSatang' | 'assortment' | 'velocity'
>;

/** Product `i`'s uniform draws in [0, 1): `u(n)` depends only on (seed, i, n). */
type Draw = (n: number) => number;

/** What composing a product draws on: the kinds and their interleaving, the store lists, the barcode counters. */
interface ProductWorld {
  kinds: readonly CompiledKind[];
  slotKind: Uint16Array;
  slotRank: Uint8Array;
  storeLists: readonly string[][];
  barcodes: BarcodeAllocator;
}

/** A relisted product: same shelf name as an older one, new code, often already retired. */
function relistProduct(
  columns: ProductColumns,
  i: number,
  duplicateOf: number,
  fresh: { cprcode: string; updatedAt: string },
  u: Draw,
): void {
  const original = columns.products[duplicateOf]!;
  columns.products[i] = {
    ...original,
    cprcode: fresh.cprcode,
    barcode: withCheckDigit(`2${String(9_000_000_000 + i).padStart(11, '0')}`.slice(0, 12)),
    active: u(14) >= 0.5,
    online: u(15) >= 0.2,
    hasImage: u(16) >= 0.3,
    updatedAt: fresh.updatedAt,
  };
  columns.listPriceSatang[i] = columns.listPriceSatang[duplicateOf]!;
  columns.kindPriceSatang[i] = columns.kindPriceSatang[duplicateOf]!;
  columns.assortment[i] = columns.assortment[duplicateOf]!;
  columns.velocity[i] = columns.velocity[duplicateOf]!;
}

/** A new product: its kind's next brand, variant and size combination, priced, assorted and barcoded. */
function composeProduct(
  columns: ProductColumns,
  world: ProductWorld,
  i: number,
  { h0, u, cprcode, updatedAt }: { h0: number; u: Draw; cprcode: string; updatedAt: string },
): void {
  const slot = i % world.slotKind.length;
  const kind = world.kinds[world.slotKind[slot]!]!;
  const occurrence = Math.floor(i / world.slotKind.length) * kind.weight + world.slotRank[slot]!;
  const { brandSlot, brand, variant, size, modifier } = combinationOf(kind, occurrence);
  const listPrice = listPriceOf(kind, size, brand, modifier, u(1));
  columns.listPriceSatang[i] = listPrice;
  columns.kindPriceSatang[i] = kind.priceSatang;
  columns.velocity[i] =
    listPrice < 2_000 ? 5 : listPrice < 6_000 ? 4 : listPrice < 20_000 ? 3 : listPrice < 60_000 ? 2 : 1;
  const tierIndex = assortmentTierOf(brand?.tier === 'premium' || kind.imported, u(2));
  columns.assortment[i] = tierIndex;
  columns.products[i] = {
    cprcode,
    nameEn: [brand?.en, modifier?.[0], kind.en, variant[0], size.en].filter(Boolean).join(' '),
    nameTh: [brand?.th, modifier?.[1], kind.th, variant[1], size.th].filter(Boolean).join(' '),
    brandEn: brand?.en ?? null,
    brandTh: brand?.th ?? null,
    sizeDesc: size.en,
    countryEn: countryOf(kind, variant, brand, h0, u),
    barcode: world.barcodes.next(i, kind, brandSlot, u),
    category: kind.category,
    grocerCategoryCodes: kind.codes,
    keywords: kind.keywords,
    active: u(7) >= 0.015,
    online: u(8) >= 0.03,
    alcohol: kind.alcohol,
    availStore: world.storeLists[tierIndex * 2 + (kind.alcohol ? 1 : 0)]!,
    detailPriceSatang: u(9) < 0.012 ? null : listPrice,
    hasImage: u(10) >= 0.03,
    updatedAt,
  };
}

/** The kind's `occurrence`-th combination; past the vocabulary's combinations a modifier tells products apart. */
function combinationOf(kind: CompiledKind, occurrence: number) {
  const tier = Math.floor(occurrence / kind.combos);
  const x = ((occurrence % kind.combos) * kind.stride + kind.offset) % kind.combos;
  const brandSlot = x % kind.brands.length;
  return {
    brandSlot,
    brand: kind.brands[brandSlot]!,
    variant: kind.variants[Math.floor(x / kind.brands.length) % kind.variants.length]!,
    size: kind.sizes[Math.floor(x / (kind.brands.length * kind.variants.length))]!,
    modifier: tier === 0 ? null : MODIFIERS[(tier - 1) % MODIFIERS.length]!,
  };
}

/** The chain list price: the kind's price scaled by size, brand tier, modifier and a little noise, kept within PRICE_BOUNDS. */
function listPriceOf(
  kind: CompiledKind,
  size: ParsedSize,
  brand: Brand | null,
  modifier: (typeof MODIFIERS)[number] | null,
  noise: number,
): number {
  // A size is priced against the kind's first size in the same unit: 500 g is not 500 pieces.
  const reference = kind.sizes.find((s) => s.base === size.base)!;
  const sizeFactor = (size.baseQty / reference.baseQty) ** 0.85;
  const raw =
    kind.priceSatang *
    sizeFactor *
    (brand ? BRAND_TIER_FACTOR[brand.tier] : 1) *
    (modifier?.[2] ?? 1) *
    (0.9 + 0.25 * noise);
  const bounded = Math.min(kind.priceSatang * PRICE_BOUNDS.max, Math.max(kind.priceSatang * PRICE_BOUNDS.min, raw));
  return shelfPriceSatang(bounded);
}

/** Index into ASSORTMENTS: premium and imported goods go to fewer branches more often. */
function assortmentTierOf(premium: boolean, a: number): number {
  return premium ? (a < 0.35 ? 0 : a < 0.6 ? 1 : a < 0.7 ? 2 : 3) : a < 0.6 ? 0 : a < 0.88 ? 1 : a < 0.96 ? 2 : 3;
}

/** Country of origin: the variant's, else the brand's, else mostly the kind's first country. */
function countryOf(kind: CompiledKind, variant: Variant, brand: Brand | null, h0: number, u: Draw): string {
  return (
    variant[2] ??
    brand?.country ??
    (kind.countries
      ? u(3) < 0.8 || kind.countries.length === 1
        ? kind.countries[0]!
        : kind.countries[1 + (hash2(h0, 4) % (kind.countries.length - 1))]!
      : 'Thailand')
  );
}

/** Barcodes in generation order: store codes for unbranded goods, a few EAN-8s, else GS1 numbers per manufacturer. */
class BarcodeAllocator {
  readonly #itemCounters = new Map<number, number>();
  #ean8Counter = 0;

  next(i: number, kind: CompiledKind, brandSlot: number, u: Draw): string | null {
    const brand = kind.brands[brandSlot]!;
    if (u(5) < 0.003) return null;
    if (!brand) return withCheckDigit(`20${String(i).padStart(10, '0')}`);
    if (brand.country === 'Thailand' && u(6) < 0.01 && this.#ean8Counter < 10_000)
      return withCheckDigit(`885${String(this.#ean8Counter++).padStart(4, '0')}`);
    const ordinal = kind.brandOrdinals[brandSlot]!;
    const item = this.#itemCounters.get(ordinal) ?? 0;
    this.#itemCounters.set(ordinal, item + 1);
    const manufacturer = 1000 + ordinal * 13 + Math.floor(item / 100_000);
    return withCheckDigit(
      `${GS1_PREFIX[brand.country] ?? '885'}${manufacturer}${String(item % 100_000).padStart(5, '0')}`,
    );
  }
}
