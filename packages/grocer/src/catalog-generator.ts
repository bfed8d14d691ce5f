/**
 * Generates the grocer's catalog from the hand-curated vocabulary, deterministically from a seed.
 * Product `i` depends only on (seed, i): a catalog of 2,000 is the first 2,000 products of the
 * catalog of 200,000, and cprcodes and barcodes never move when the count changes.
 */
import type { Product, ProductCategory } from '@grocery/core';
import { GS1_PREFIX, withCheckDigit } from './barcode.ts';
import { buildBranchDirectory, type BranchProfile } from './branch-directory.ts';
import { createRandom, hash2, hashInts, SALT, unitOf } from './random.ts';
import { shelfPriceSatang } from './shelf-price.ts';
import { BRANDS, CONCEPT_KEYWORDS, DEPARTMENTS, SIZES, UNITS, VARIANTS } from './vocabulary/index.ts';
import type {
  Brand,
  BrandId,
  ConceptTag,
  KindRow,
  L1Def,
  L2Def,
  L3Def,
  SizePoolId,
  UnitId,
  Variant,
  VariantPoolId,
} from './vocabulary/index.ts';

/** `GROCER_PRODUCTS` default. */
export const DEFAULT_PRODUCT_COUNT = 40_000;
/** Largest catalog the generator accepts (cprcodes stay unique far beyond it). */
export const MAX_PRODUCT_COUNT = 1_000_000;

/** Which branches carry a product: every branch, all but express stores, Bangkok only, or flagship and tourist stores. */
export const ASSORTMENTS = ['ALL', 'NO_EXPRESS', 'BANGKOK', 'PREMIUM'] as const;
export type Assortment = (typeof ASSORTMENTS)[number];

/** One node of the online category tree, with the grocer's own code. */
export interface CategoryNode {
  level: 1 | 2 | 3;
  code: string;
  parentCode: string | null;
  en: string;
  th: string;
}

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

interface ParsedSize {
  en: string;
  th: string;
  /** Quantity in the unit's base (ml, g or count), multipacks multiplied out. */
  baseQty: number;
  /** The base unit `baseQty` counts in: sizes of a kind compare only within one. */
  base: string;
}

interface CompiledKind {
  en: string;
  th: string;
  priceSatang: number;
  brands: readonly (Brand | null)[];
  brandOrdinals: readonly number[];
  variants: readonly Variant[];
  sizes: readonly ParsedSize[];
  keywords: string[];
  alcohol: boolean;
  imported: boolean;
  countries: readonly string[] | null;
  category: ProductCategory;
  codes: [string, string, string];
  combos: number;
  stride: number;
  offset: number;
  weight: number;
}

interface CompiledVocabulary {
  kinds: CompiledKind[];
  categories: CategoryNode[];
}

/** Words that tell apart products beyond the vocabulary's combinations (only large catalogs reach them). */
/**
 * Where a list price may fall, as a multiple of its item kind's base price: packs, brands and
 * modifiers move it, but a banana cake never costs a hundred times a banana cake.
 */
export const PRICE_BOUNDS = { min: 0.5, max: 8 } as const;

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
const BRAND_IDS = Object.keys(BRANDS) as BrandId[];
const SIZE_PATTERN = /^(\d+(?:\.\d+)?) ([A-Za-z]+)(?: x (\d+))?$/;

/** Parses a pack size such as `"320 ml x 6"`; throws on a size the vocabulary should not contain. */
export function parseSize(spec: string): ParsedSize {
  const match = SIZE_PATTERN.exec(spec);
  const unitId = match?.[2];
  if (!match || !unitId || !(unitId in UNITS))
    throw new Error(`Vocabulary size "${spec}" is not "<amount> <unit>[ x <count>]" with a known unit`);
  const unit = UNITS[unitId as UnitId];
  const amount = match[1]!;
  const count = match[3];
  const suffix = count ? ` x ${count}` : '';
  return {
    en: `${amount} ${unit.en}${suffix}`,
    th: `${amount} ${unit.th}${suffix}`,
    baseQty: Number(amount) * unit.factor * (count ? Number(count) : 1),
    base: unit.base,
  };
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

function resolveVariants(spec: VariantPoolId | readonly Variant[] | undefined): readonly Variant[] {
  if (spec === undefined) return VARIANTS.none;
  return typeof spec === 'string' ? VARIANTS[spec] : spec;
}

function resolveSizes(spec: SizePoolId | readonly string[] | undefined, where: string): ParsedSize[] {
  if (spec === undefined) throw new Error(`Vocabulary kind ${where} has no pack sizes`);
  const list: readonly string[] = typeof spec === 'string' ? SIZES[spec] : spec;
  return list.map(parseSize);
}

function keywordsOf(kind: KindRow, l3: L3Def, l2: L2Def, tags: ReadonlySet<ConceptTag>): string[] {
  const words = new Set<string>();
  const add = (word: string) => {
    const w = word.trim().toLowerCase();
    if (w) words.add(w);
  };
  kind[3]?.kw?.forEach(add);
  l3.kw?.forEach(add);
  l2.kw?.forEach(add);
  add(l3.en);
  add(l3.th);
  add(l2.th);
  for (const tag of tags) CONCEPT_KEYWORDS[tag].forEach(add);
  return [...words];
}

function compileKind(
  seed: number,
  ordinal: number,
  row: KindRow,
  l1: L1Def,
  l2: L2Def,
  l3: L3Def,
  category: ProductCategory,
  codes: [string, string, string],
): CompiledKind {
  const extra = row[3] ?? {};
  const brandIds = [...new Set(extra.brands ?? l3.brands ?? [null])];
  const brands = brandIds.map((id) => (id === null ? null : BRANDS[id]));
  const brandOrdinals = brandIds.map((id) => (id === null ? -1 : BRAND_IDS.indexOf(id)));
  const variants = resolveVariants(extra.variants ?? l3.variants);
  const sizes = resolveSizes(extra.sizes ?? l3.sizes, row[0]);
  const tags = new Set<ConceptTag>([...(l1.tags ?? []), ...(l2.tags ?? []), ...(l3.tags ?? []), ...(extra.tags ?? [])]);
  const combos = brands.length * variants.length * sizes.length;
  const h = hashInts(seed, SALT.kindOrder, ordinal);
  let stride = Math.max(1, Math.round(combos * 0.618)) + (h % 7);
  while (gcd(stride % combos || 1, combos) !== 1) stride++;
  return {
    en: row[0],
    th: row[1],
    priceSatang: Math.round(row[2] * 100),
    brands,
    brandOrdinals,
    variants,
    sizes,
    keywords: keywordsOf(row, l3, l2, tags),
    alcohol: extra.alcohol ?? l3.alcohol ?? l1.alcohol ?? false,
    imported: tags.has('imported'),
    countries: extra.countries ?? l3.countries ?? null,
    category,
    codes,
    combos,
    stride: stride % combos || 1,
    offset: hashInts(h, 1) % combos,
    weight: Math.min(4, Math.max(1, Math.round(combos / 40))),
  };
}

const compiledBySeed = new Map<number, CompiledVocabulary>();

/** Flattens the vocabulary into item kinds with their category, once per seed. */
function compileVocabulary(seed: number): CompiledVocabulary {
  const cached = compiledBySeed.get(seed);
  if (cached) return cached;
  const kinds: CompiledKind[] = [];
  const categories: CategoryNode[] = [];
  for (const l1 of DEPARTMENTS) {
    categories.push({ level: 1, code: l1.code, parentCode: null, en: l1.en, th: l1.th });
    l1.l2.forEach((l2, i2) => {
      const code2 = `${l1.code}${String(i2 + 1).padStart(2, '0')}`;
      categories.push({ level: 2, code: code2, parentCode: l1.code, en: l2.en, th: l2.th });
      l2.l3.forEach((l3, i3) => {
        const code3 = `${code2}${String(i3 + 1).padStart(2, '0')}`;
        categories.push({ level: 3, code: code3, parentCode: code2, en: l3.en, th: l3.th });
        const category: ProductCategory = { l1: l1.en, l2: l2.en, l3: l3.en, l1Th: l1.th, l2Th: l2.th, l3Th: l3.th };
        const codes: [string, string, string] = [l1.code, code2, code3];
        for (const row of l3.kinds) kinds.push(compileKind(seed, kinds.length, row, l1, l2, l3, category, codes));
      });
    });
  }
  const compiled = { kinds, categories };
  compiledBySeed.set(seed, compiled);
  return compiled;
}

/** The interleaving of kinds: each kind appears `weight` times in a seeded shuffle. */
function buildSlots(seed: number, kinds: readonly CompiledKind[]): { slotKind: Uint16Array; slotRank: Uint8Array } {
  const order: number[] = [];
  kinds.forEach((kind, k) => {
    for (let w = 0; w < kind.weight; w++) order.push(k);
  });
  const random = createRandom(hashInts(seed, SALT.kindOrder));
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const seen = new Uint8Array(kinds.length);
  const slotKind = new Uint16Array(order.length);
  const slotRank = new Uint8Array(order.length);
  order.forEach((k, p) => {
    slotKind[p] = k;
    slotRank[p] = seen[k]!++;
  });
  return { slotKind, slotRank };
}

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
  const { slotKind, slotRank } = buildSlots(seed, kinds);
  const slots = slotKind.length;
  const storeLists = assortmentBranches(options.branches ?? buildBranchDirectory());

  const products: Product[] = new Array<Product>(count);
  const listPriceSatang = new Int32Array(count);
  const kindPriceSatang = new Int32Array(count);
  const assortment = new Uint8Array(count);
  const velocity = new Uint8Array(count);
  const itemCounters = new Map<number, number>();
  let ean8Counter = 0;
  const dayStrings = new Map<number, string>();
  const updatedBase = Date.UTC(2026, 9, 1, 2, 0, 0);
  const cprcodeOffset = hashInts(seed, SALT.cprcode) % 9_000_000;

  for (let i = 0; i < count; i++) {
    const h0 = hashInts(seed, SALT.product, i);
    const u = (n: number) => unitOf(hash2(h0, n));
    const cprcode = String(cprcodeNumber(cprcodeOffset, i));
    const days = hash2(h0, 11) % 400;
    let updatedAt = dayStrings.get(days);
    if (!updatedAt) dayStrings.set(days, (updatedAt = new Date(updatedBase - days * 86_400_000).toISOString()));

    const duplicateOf = i >= 50 && u(12) < 0.004 ? i - 1 - (hash2(h0, 13) % Math.min(i - 1, 500)) : -1;
    if (duplicateOf >= 0) {
      // A relisted product: same shelf name as an older one, new code, often already retired.
      const original = products[duplicateOf]!;
      products[i] = {
        ...original,
        cprcode,
        barcode: withCheckDigit(`2${String(9_000_000_000 + i).padStart(11, '0')}`.slice(0, 12)),
        active: u(14) >= 0.5,
        online: u(15) >= 0.2,
        hasImage: u(16) >= 0.3,
        updatedAt,
      };
      listPriceSatang[i] = listPriceSatang[duplicateOf]!;
      kindPriceSatang[i] = kindPriceSatang[duplicateOf]!;
      assortment[i] = assortment[duplicateOf]!;
      velocity[i] = velocity[duplicateOf]!;
      continue;
    }

    const slot = i % slots;
    const kindIndex = slotKind[slot]!;
    const kind = kinds[kindIndex]!;
    const occurrence = Math.floor(i / slots) * kind.weight + slotRank[slot]!;
    const tier = Math.floor(occurrence / kind.combos);
    const x = ((occurrence % kind.combos) * kind.stride + kind.offset) % kind.combos;
    const brandSlot = x % kind.brands.length;
    const brand = kind.brands[brandSlot]!;
    const variant = kind.variants[Math.floor(x / kind.brands.length) % kind.variants.length]!;
    const sizeIndex = Math.floor(x / (kind.brands.length * kind.variants.length));
    const size = kind.sizes[sizeIndex]!;
    const modifier = tier === 0 ? null : MODIFIERS[(tier - 1) % MODIFIERS.length]!;

    const nameEn = [brand?.en, modifier?.[0], kind.en, variant[0], size.en].filter(Boolean).join(' ');
    const nameTh = [brand?.th, modifier?.[1], kind.th, variant[1], size.th].filter(Boolean).join(' ');

    // A size is priced against the kind's first size in the same unit: 500 g is not 500 pieces.
    const reference = kind.sizes.find((s) => s.base === size.base)!;
    const sizeFactor = (size.baseQty / reference.baseQty) ** 0.85;
    const raw =
      kind.priceSatang *
      sizeFactor *
      (brand ? BRAND_TIER_FACTOR[brand.tier] : 1) *
      (modifier?.[2] ?? 1) *
      (0.9 + 0.25 * u(1));
    const bounded = Math.min(kind.priceSatang * PRICE_BOUNDS.max, Math.max(kind.priceSatang * PRICE_BOUNDS.min, raw));
    const listPrice = shelfPriceSatang(bounded);
    listPriceSatang[i] = listPrice;
    kindPriceSatang[i] = kind.priceSatang;
    velocity[i] = listPrice < 2_000 ? 5 : listPrice < 6_000 ? 4 : listPrice < 20_000 ? 3 : listPrice < 60_000 ? 2 : 1;

    const premium = brand?.tier === 'premium' || kind.imported;
    const a = u(2);
    const tierIndex = premium
      ? a < 0.35
        ? 0
        : a < 0.6
          ? 1
          : a < 0.7
            ? 2
            : 3
      : a < 0.6
        ? 0
        : a < 0.88
          ? 1
          : a < 0.96
            ? 2
            : 3;
    assortment[i] = tierIndex;

    const countryEn =
      variant[2] ??
      brand?.country ??
      (kind.countries
        ? u(3) < 0.8 || kind.countries.length === 1
          ? kind.countries[0]!
          : kind.countries[1 + (hash2(h0, 4) % (kind.countries.length - 1))]!
        : 'Thailand');

    let barcode: string | null;
    if (u(5) < 0.003) barcode = null;
    else if (!brand) barcode = withCheckDigit(`20${String(i).padStart(10, '0')}`);
    else if (brand.country === 'Thailand' && u(6) < 0.01 && ean8Counter < 10_000)
      barcode = withCheckDigit(`885${String(ean8Counter++).padStart(4, '0')}`);
    else {
      const ordinal = kind.brandOrdinals[brandSlot]!;
      const item = itemCounters.get(ordinal) ?? 0;
      itemCounters.set(ordinal, item + 1);
      const manufacturer = 1000 + ordinal * 13 + Math.floor(item / 100_000);
      barcode = withCheckDigit(
        `${GS1_PREFIX[brand.country] ?? '885'}${manufacturer}${String(item % 100_000).padStart(5, '0')}`,
      );
    }

    products[i] = {
      cprcode,
      nameEn,
      nameTh,
      brandEn: brand?.en ?? null,
      brandTh: brand?.th ?? null,
      sizeDesc: size.en,
      countryEn,
      barcode,
      category: kind.category,
      grocerCategoryCodes: kind.codes,
      keywords: kind.keywords,
      active: u(7) >= 0.015,
      online: u(8) >= 0.03,
      alcohol: kind.alcohol,
      availStore: storeLists[tierIndex * 2 + (kind.alcohol ? 1 : 0)]!,
      detailPriceSatang: u(9) < 0.012 ? null : listPrice,
      hasImage: u(10) >= 0.03,
      updatedAt,
    };
  }
  return {
    seed,
    products,
    listPriceSatang,
    kindPriceSatang,
    assortment,
    velocity,
    categories,
    kindCount: kinds.length,
  };
}
