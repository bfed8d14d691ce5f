// The vocabulary compiled for generation: item kinds with their category, brands, variants, sizes and keywords, and their seeded interleaving.
import type { ProductCategory } from '@grocery/core';
import { createRandom, hashInts, SALT } from './random.ts';
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

/** One node of the online category tree, with the grocer's own code. */
export interface CategoryNode {
  level: 1 | 2 | 3;
  code: string;
  parentCode: string | null;
  en: string;
  th: string;
}

/** A pack size, in words and in its base unit. */
export interface ParsedSize {
  en: string;
  th: string;
  /** Quantity in the unit's base (ml, g or count), multipacks multiplied out. */
  baseQty: number;
  /** The base unit `baseQty` counts in: sizes of a kind compare only within one. */
  base: string;
}

/** One item kind of the vocabulary, ready to be combined into products. */
export interface CompiledKind {
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
export function compileVocabulary(seed: number): CompiledVocabulary {
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
export function buildSlots(
  seed: number,
  kinds: readonly CompiledKind[],
): { slotKind: Uint16Array; slotRank: Uint8Array } {
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
