/**
 * A built catalog snapshot in a compact binary form, so that a restart decodes the structure it
 * serves from (products, lookups, search text, category indexes) instead of rebuilding it from
 * the `all` download file (snapshot-encoder.ts writes it, snapshot-decoder.ts reads it). Layout:
 * 8 magic bytes, a little-endian u32 header length, the header (JSON: format, snapshot version,
 * public base URL, row count, section lengths, SHA-256 of the payload), padding to 8 bytes, then
 * the sections, each padded to 8 bytes so typed arrays view them in place. Strings are one UTF-16
 * blob (lossless for any JS string) with end offsets.
 */
export const MAGIC = Buffer.from('GCSNAP\r\n', 'latin1');
// Bumped whenever what is encoded changes meaning, e.g. how `categoryKey` folds the category index keys.
export const FORMAT = 2;

export const SECTIONS = [
  // Every distinct string, as UTF-16LE, and where each ends (in UTF-16 units).
  'text',
  'textEnds',
  // Distinct string lists (keywords, stores, category codes) as string ids, and where each ends.
  'listItems',
  'listEnds',
  // Distinct categories: six string ids each (l1, l2, l3, l1Th, l2Th, l3Th).
  'categories',
  // Per product: PRODUCT_STRIDE int32 (string, list and category ids, -1 for null), a price and a flags byte.
  'products',
  'prices',
  'productFlags',
  'flags',
  'searchBytes',
  'searchOffsets',
  // Category indexes: the four maps' keys (string ids), list ends, and the concatenated indexes.
  'indexKeys',
  'indexEnds',
  'indexItems',
  'indexMapEnds',
  'topCategories',
] as const;
export type Section = (typeof SECTIONS)[number];

/** The JSON header after the magic bytes and its length. */
export interface Header {
  format: number;
  version: string;
  publicBaseUrl: string;
  rows: number;
  lengths: Record<Section, number>;
  sha256: string;
}

/** Where each field's id sits among a product's PRODUCT_STRIDE int32 in the `products` section. */
export const P = {
  cprcode: 0,
  nameEn: 1,
  nameTh: 2,
  brandEn: 3,
  brandTh: 4,
  sizeDesc: 5,
  countryEn: 6,
  barcode: 7,
  updatedAt: 8,
  category: 9,
  codes: 10,
  keywords: 11,
  availStore: 12,
} as const;
export const PRODUCT_STRIDE = 13;
// Bits of a product's byte in `productFlags`.
export const HAS_ACTIVE = 1;
export const HAS_ONLINE = 2;
export const HAS_ALCOHOL = 4;
export const HAS_IMAGE = 8;
/** The string id of a null field. */
export const NONE = -1;

/** A persisted snapshot that cannot be used: damaged, truncated, or of another version or base URL. */
export class SnapshotCodecError extends Error {
  override readonly name = 'SnapshotCodecError';
}

/** `n` rounded up to a multiple of 8: sections start 8-byte aligned. */
export const pad8 = (n: number) => (n + 7) & ~7;

/** A Buffer over the same memory. */
export function view(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
