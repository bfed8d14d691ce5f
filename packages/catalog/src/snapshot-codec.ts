import { createHash } from 'node:crypto';
import { setImmediate as nextMacrotask } from 'node:timers/promises';
import type { CategoryTotal } from '@grocery/core/ports';
import type { Product, ProductCategory } from '@grocery/core';
import { CatalogSnapshot, type CatalogManifest, type SnapshotParts } from './catalog-snapshot.ts';
import { sha256HexInSlices } from './file-digest.ts';
import { RecordJsonStore } from './record-json.ts';
import { SubstringFilter } from './substring-filter.ts';

/**
 * A built catalog snapshot in a compact binary form, so that a restart decodes the structure it
 * serves from (products, lookups, search text, category indexes) instead of rebuilding it from
 * the `all` download file. Layout: 8 magic bytes, a little-endian u32 header length, the header
 * (JSON: format, snapshot version, public base URL, row count, section lengths, SHA-256 of the
 * payload), padding to 8 bytes, then the sections, each padded to 8 bytes so typed arrays view
 * them in place. Strings are one UTF-16 blob (lossless for any JS string) with end offsets.
 */
const MAGIC = Buffer.from('GCSNAP\r\n', 'latin1');
// Bumped whenever what is encoded changes meaning, e.g. how `categoryKey` folds the category index keys.
const FORMAT = 2;

const SECTIONS = [
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
type Section = (typeof SECTIONS)[number];

interface Header {
  format: number;
  version: string;
  publicBaseUrl: string;
  rows: number;
  lengths: Record<Section, number>;
  sha256: string;
}

const P = {
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
const PRODUCT_STRIDE = 13;
const HAS_ACTIVE = 1;
const HAS_ONLINE = 2;
const HAS_ALCOHOL = 4;
const HAS_IMAGE = 8;
const NONE = -1;

/** A persisted snapshot that cannot be used: damaged, truncated, or of another version or base URL. */
export class SnapshotCodecError extends Error {
  override readonly name = 'SnapshotCodecError';
}

const pad8 = (n: number) => (n + 7) & ~7;

function view(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Gives the event loop a turn whenever about `sliceMs` have passed since the last one. */
function pacer(sliceMs: number): () => Promise<void> {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < sliceMs) return;
    await nextMacrotask();
    sliceStart = performance.now();
  };
}

/** Ids for the snapshot's strings, string lists and categories, each stored once. */
class Interner {
  readonly texts: string[] = [];
  readonly listItems: number[] = [];
  readonly listEnds: number[] = [];
  readonly categories: number[] = [];
  readonly #strings = new Map<string, number>();
  // Lists and categories are shared objects in a built snapshot; identity finds the repeats.
  readonly #lists = new Map<readonly string[], number>();
  readonly #categoryIds = new Map<ProductCategory, number>();

  stringId(value: string | null): number {
    if (value === null) return NONE;
    let id = this.#strings.get(value);
    if (id === undefined) {
      id = this.texts.length;
      this.#strings.set(value, id);
      this.texts.push(value);
    }
    return id;
  }

  listId(list: readonly string[]): number {
    let id = this.#lists.get(list);
    if (id === undefined) {
      id = this.listEnds.length;
      this.#lists.set(list, id);
      for (const item of list) this.listItems.push(this.stringId(item));
      this.listEnds.push(this.listItems.length);
    }
    return id;
  }

  categoryId(c: ProductCategory): number {
    let id = this.#categoryIds.get(c);
    if (id === undefined) {
      id = this.#categoryIds.size;
      this.#categoryIds.set(c, id);
      this.categories.push(
        this.stringId(c.l1),
        this.stringId(c.l2),
        this.stringId(c.l3),
        this.stringId(c.l1Th),
        this.stringId(c.l2Th),
        this.stringId(c.l3Th),
      );
    }
    return id;
  }
}

/** The product columns: PRODUCT_STRIDE ids per product, its price (NaN for none) and its flags. */
async function encodeProducts(products: readonly Product[], ids: Interner, pause: () => Promise<void>) {
  const columns = new Int32Array(products.length * PRODUCT_STRIDE);
  const prices = new Float64Array(products.length);
  const productFlags = new Uint8Array(products.length);
  for (let i = 0; i < products.length; i++) {
    const p = products[i]!;
    const at = i * PRODUCT_STRIDE;
    columns[at + P.cprcode] = ids.stringId(p.cprcode);
    columns[at + P.nameEn] = ids.stringId(p.nameEn);
    columns[at + P.nameTh] = ids.stringId(p.nameTh);
    columns[at + P.brandEn] = ids.stringId(p.brandEn);
    columns[at + P.brandTh] = ids.stringId(p.brandTh);
    columns[at + P.sizeDesc] = ids.stringId(p.sizeDesc);
    columns[at + P.countryEn] = ids.stringId(p.countryEn);
    columns[at + P.barcode] = ids.stringId(p.barcode);
    columns[at + P.updatedAt] = ids.stringId(p.updatedAt);
    columns[at + P.category] = ids.categoryId(p.category);
    columns[at + P.codes] = ids.listId(p.grocerCategoryCodes);
    columns[at + P.keywords] = ids.listId(p.keywords);
    columns[at + P.availStore] = ids.listId(p.availStore);
    prices[i] = p.detailPriceSatang ?? Number.NaN;
    productFlags[i] =
      (p.active ? HAS_ACTIVE : 0) |
      (p.online ? HAS_ONLINE : 0) |
      (p.alcohol ? HAS_ALCOHOL : 0) |
      (p.hasImage ? HAS_IMAGE : 0);
    if ((i & 511) === 511) await pause();
  }
  return { columns, prices, productFlags };
}

/** The four category indexes: their keys, where each key's list ends, where each map ends, and the lists end to end. */
async function encodeCategoryIndexes(
  maps: readonly ReadonlyMap<string, Int32Array>[],
  ids: Interner,
  pause: () => Promise<void>,
) {
  const indexKeys: number[] = [];
  const indexEnds: number[] = [];
  const indexMapEnds: number[] = [];
  let indexLength = 0;
  for (const map of maps) {
    for (const [key, list] of map) {
      indexKeys.push(ids.stringId(key));
      indexLength += list.length;
      indexEnds.push(indexLength);
    }
    indexMapEnds.push(indexKeys.length);
    await pause();
  }
  const indexItems = new Int32Array(indexLength);
  let at = 0;
  for (const map of maps) {
    for (const list of map.values()) {
      indexItems.set(list, at);
      at += list.length;
    }
  }
  return { indexKeys, indexEnds, indexMapEnds, indexItems };
}

/**
 * The snapshot's parts as bytes, for `decodeSnapshot`. The download files are not included (they
 * are kept and checked on their own). Works in slices of about `sliceMs` (default 10), giving the
 * event loop a turn between them, since a large catalog takes a second or more to encode while the
 * service is serving.
 *
 * @example
 * await writeFile(path, await encodeSnapshot(snapshot));
 */
export async function encodeSnapshot(
  snapshot: CatalogSnapshot,
  options: { sliceMs?: number } = {},
): Promise<Uint8Array> {
  const pause = pacer(options.sliceMs ?? 10);
  const parts = snapshot.parts;
  const ids = new Interner();
  const { columns, prices, productFlags } = await encodeProducts(parts.products, ids, pause);
  const indexes = await encodeCategoryIndexes([parts.categoryAny, ...parts.categoryLevels], ids, pause);
  const texts = ids.texts;
  const textEnds = new Uint32Array(texts.length);
  let end = 0;
  for (let i = 0; i < texts.length; i++) textEnds[i] = end += texts[i]!.length;

  // The text section is written string by string straight into the output (one 40 MB join would hold the event loop).
  const sections: Record<Exclude<Section, 'text'>, Uint8Array> = {
    textEnds: bytesOf(textEnds),
    listItems: bytesOf(Int32Array.from(ids.listItems)),
    listEnds: bytesOf(Uint32Array.from(ids.listEnds)),
    categories: bytesOf(Int32Array.from(ids.categories)),
    products: bytesOf(columns),
    prices: bytesOf(prices),
    productFlags,
    flags: parts.flags,
    searchBytes: parts.searchText.bytes,
    searchOffsets: bytesOf(parts.searchText.offsets),
    indexKeys: bytesOf(Int32Array.from(indexes.indexKeys)),
    indexEnds: bytesOf(Uint32Array.from(indexes.indexEnds)),
    indexItems: bytesOf(indexes.indexItems),
    indexMapEnds: bytesOf(Uint32Array.from(indexes.indexMapEnds)),
    topCategories: Buffer.from(JSON.stringify(parts.topCategories), 'utf8'),
  };
  const lengths = Object.fromEntries(
    SECTIONS.map((name) => [name, name === 'text' ? end * 2 : sections[name].byteLength]),
  ) as Record<Section, number>;
  const header = {
    format: FORMAT,
    version: snapshot.version,
    publicBaseUrl: snapshot.publicBaseUrl,
    rows: parts.products.length,
    lengths,
  };
  return layOut(header, texts, sections, pause);
}

/** Magic, header (with the payload's SHA-256) and the sections, each padded to 8 bytes. */
async function layOut(
  fields: Omit<Header, 'sha256'>,
  texts: readonly string[],
  sections: Record<Exclude<Section, 'text'>, Uint8Array>,
  pause: () => Promise<void>,
): Promise<Buffer> {
  const { lengths } = fields;
  const header = (sha256: string): Buffer =>
    Buffer.from(JSON.stringify({ ...fields, sha256 } satisfies Header), 'utf8');
  // The digest is written last; a placeholder of its length fixes where the payload starts.
  const headerLength = header('0'.repeat(64)).length;
  const start = pad8(MAGIC.length + 4 + headerLength);
  const out = Buffer.allocUnsafeSlow(start + SECTIONS.reduce((sum, name) => sum + pad8(lengths[name]), 0));
  let offset = start;
  for (const name of SECTIONS) {
    if (name === 'text') {
      for (let i = 0; i < texts.length; i++) {
        offset += out.write(texts[i]!, offset, 'utf16le');
        if ((i & 4095) === 4095) await pause();
      }
    } else {
      out.set(sections[name], offset);
      offset += lengths[name];
    }
    const padded = start + pad8(offset - start);
    out.fill(0, offset, padded);
    offset = padded;
    await pause();
  }
  const headerBytes = header(await sha256HexInSlices(out.subarray(start)));
  out.set(MAGIC, 0);
  out.writeUInt32LE(headerBytes.length, MAGIC.length);
  out.set(headerBytes, MAGIC.length + 4);
  out.fill(0, MAGIC.length + 4 + headerBytes.length, start);
  return out;
}

function bytesOf(array: Int32Array | Uint32Array | Float64Array): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}

/** The header after the magic bytes, checked against the snapshot expected; and where the payload starts. */
function readHeader(
  bytes: Buffer,
  expected: { manifest: CatalogManifest; publicBaseUrl: string },
): { header: Header; start: number } {
  if (bytes.length < MAGIC.length + 4 || !bytes.subarray(0, MAGIC.length).equals(MAGIC))
    throw new SnapshotCodecError('not a persisted catalog snapshot');
  const headerLength = bytes.readUInt32LE(MAGIC.length);
  if (MAGIC.length + 4 + headerLength > bytes.length) throw new SnapshotCodecError('truncated header');
  let header: Header;
  try {
    header = JSON.parse(bytes.toString('utf8', MAGIC.length + 4, MAGIC.length + 4 + headerLength)) as Header;
  } catch {
    throw new SnapshotCodecError('unreadable header');
  }
  if (header.format !== FORMAT) throw new SnapshotCodecError(`format ${String(header.format)}, expected ${FORMAT}`);
  const { manifest, publicBaseUrl } = expected;
  if (header.version !== manifest.version)
    throw new SnapshotCodecError(`holds snapshot ${String(header.version)}, not ${manifest.version}`);
  if (header.publicBaseUrl !== publicBaseUrl)
    throw new SnapshotCodecError(`written for ${String(header.publicBaseUrl)}, not ${publicBaseUrl}`);
  if (header.rows !== manifest.rowCount)
    throw new SnapshotCodecError(`holds ${String(header.rows)} products, the manifest ${manifest.rowCount}`);
  return { header, start: pad8(MAGIC.length + 4 + headerLength) };
}

/** The payload's sections, once its length and SHA-256 match the header. */
function readSections(bytes: Buffer, header: Header, start: number): Record<Section, Buffer> {
  const lengths = header.lengths as Partial<Record<Section, unknown>> | undefined;
  if (!lengths || SECTIONS.some((name) => !Number.isSafeInteger(lengths[name]) || (lengths[name] as number) < 0))
    throw new SnapshotCodecError('malformed section table');
  const payloadLength = SECTIONS.reduce((sum, name) => sum + pad8(lengths[name] as number), 0);
  if (start + payloadLength !== bytes.length)
    throw new SnapshotCodecError(`${bytes.length} bytes, expected ${start + payloadLength}`);
  // Typed arrays view the payload in place when it is 8-byte aligned in memory, else one copy aligns it.
  let payload = bytes.subarray(start);
  if (payload.byteOffset % 8 !== 0) payload = Buffer.from(payload);
  if (createHash('sha256').update(payload).digest('hex') !== header.sha256)
    throw new SnapshotCodecError('SHA-256 mismatch');

  const section: Partial<Record<Section, Buffer>> = {};
  let offset = 0;
  for (const name of SECTIONS) {
    section[name] = payload.subarray(offset, offset + (lengths[name] as number));
    offset += pad8(lengths[name] as number);
  }
  return section as Record<Section, Buffer>;
}

const int32 = (b: Buffer) => new Int32Array(b.buffer, b.byteOffset, b.byteLength >> 2);
const uint32 = (b: Buffer) => new Uint32Array(b.buffer, b.byteOffset, b.byteLength >> 2);

/** The strings, lists and categories that products and indexes refer to by id; an id out of range is a codec error. */
class Lookups {
  readonly #texts: string[];
  readonly #lists: string[][];
  readonly categories: ProductCategory[] = [];

  constructor(s: Record<Section, Buffer>) {
    const blob = s.text.toString('utf16le');
    const textEnds = uint32(s.textEnds);
    this.#texts = Array.from({ length: textEnds.length });
    let from = 0;
    for (let i = 0; i < textEnds.length; i++) {
      this.#texts[i] = blob.slice(from, textEnds[i]);
      from = textEnds[i]!;
    }
    const listItems = int32(s.listItems);
    const listEnds = uint32(s.listEnds);
    this.#lists = Array.from({ length: listEnds.length });
    from = 0;
    for (let i = 0; i < listEnds.length; i++) {
      const list: string[] = [];
      for (let k = from; k < listEnds[i]!; k++) list.push(this.text(listItems[k]!));
      this.#lists[i] = list.length === 0 ? (EMPTY as string[]) : list;
      from = listEnds[i]!;
    }
    const ids = int32(s.categories);
    for (let c = 0; c + 6 <= ids.length; c += 6) {
      const [l1, l2, l3, l1Th, l2Th, l3Th] = [0, 1, 2, 3, 4, 5].map((k) => this.text(ids[c + k]!)) as [
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      this.categories.push({ l1, l2, l3, l1Th, l2Th, l3Th });
    }
  }

  text(id: number): string {
    return this.#texts[id] ?? fail(`string ${id} out of range`);
  }

  textOrNull(id: number): string | null {
    return id === NONE ? null : this.text(id);
  }

  list(id: number): string[] {
    return this.#lists[id] ?? fail(`list ${id} out of range`);
  }
}

/** The products in the builder's shape, and each one's index by cprcode. */
function decodeProducts(
  s: Record<Section, Buffer>,
  rows: number,
  lookups: Lookups,
): { products: Product[]; indexByCprcode: Map<string, number> } {
  const columns = int32(s.products);
  const prices = new Float64Array(s.prices.buffer, s.prices.byteOffset, rows);
  const products: Product[] = Array.from({ length: rows });
  const indexByCprcode = new Map<string, number>();
  for (let i = 0; i < rows; i++) {
    const at = i * PRODUCT_STRIDE;
    const f = s.productFlags[i]!;
    const price = prices[i]!;
    const cprcode = lookups.text(columns[at + P.cprcode]!);
    // The property order of the builder's products, so both share one object shape.
    products[i] = {
      cprcode,
      nameEn: lookups.text(columns[at + P.nameEn]!),
      nameTh: lookups.text(columns[at + P.nameTh]!),
      brandEn: lookups.textOrNull(columns[at + P.brandEn]!),
      brandTh: lookups.textOrNull(columns[at + P.brandTh]!),
      sizeDesc: lookups.textOrNull(columns[at + P.sizeDesc]!),
      countryEn: lookups.textOrNull(columns[at + P.countryEn]!),
      barcode: lookups.textOrNull(columns[at + P.barcode]!),
      category: lookups.categories[columns[at + P.category]!] ?? fail(`category of product ${i} out of range`),
      grocerCategoryCodes: lookups.list(columns[at + P.codes]!) as [string, string, string],
      keywords: lookups.list(columns[at + P.keywords]!),
      active: (f & HAS_ACTIVE) !== 0,
      online: (f & HAS_ONLINE) !== 0,
      alcohol: (f & HAS_ALCOHOL) !== 0,
      availStore: lookups.list(columns[at + P.availStore]!),
      detailPriceSatang: Number.isNaN(price) ? null : price,
      hasImage: (f & HAS_IMAGE) !== 0,
      updatedAt: lookups.text(columns[at + P.updatedAt]!),
    };
    indexByCprcode.set(cprcode, i);
  }
  return { products, indexByCprcode };
}

/** The four category indexes (any level, then l1, l2, l3), their lists copied out of the payload. */
function decodeCategoryIndexes(
  s: Record<Section, Buffer>,
  lookups: Lookups,
): [Map<string, Int32Array>, Map<string, Int32Array>, Map<string, Int32Array>, Map<string, Int32Array>] {
  const indexKeys = int32(s.indexKeys);
  const indexEnds = uint32(s.indexEnds);
  const indexItems = int32(s.indexItems).slice();
  const indexMapEnds = uint32(s.indexMapEnds);
  if (indexMapEnds.length !== 4 || indexEnds.length !== indexKeys.length)
    throw new SnapshotCodecError('malformed category indexes');
  const maps: Map<string, Int32Array>[] = [];
  let key = 0;
  let from = 0;
  for (const mapEnd of indexMapEnds) {
    const map = new Map<string, Int32Array>();
    for (; key < mapEnd; key++) {
      const listEnd = indexEnds[key]!;
      if (listEnd < from || listEnd > indexItems.length) throw new SnapshotCodecError('category index out of range');
      map.set(lookups.text(indexKeys[key]!), indexItems.subarray(from, listEnd));
      from = listEnd;
    }
    maps.push(map);
  }
  return [maps[0]!, maps[1]!, maps[2]!, maps[3]!];
}

/**
 * The snapshot `encodeSnapshot` wrote, served under `manifest` (the published one). Throws
 * `SnapshotCodecError` when the bytes are truncated or altered (SHA-256), or were written for
 * another snapshot version, row count or public base URL; the caller then rebuilds.
 *
 * @example
 * const snapshot = decodeSnapshot(await readFile(path), { manifest, publicBaseUrl });
 */
export function decodeSnapshot(
  input: Uint8Array,
  expected: { manifest: CatalogManifest; publicBaseUrl: string },
): CatalogSnapshot {
  const started = performance.now();
  const bytes = view(input);
  const { header, start } = readHeader(bytes, expected);
  const s = readSections(bytes, header, start);
  const rows = header.rows;
  // The hash proves the bytes are the ones written; this check and those below keep a logic error from reading out of bounds.
  if (
    s.products.byteLength !== rows * PRODUCT_STRIDE * 4 ||
    s.prices.byteLength !== rows * 8 ||
    s.productFlags.length !== rows ||
    s.flags.length !== rows
  ) {
    throw new SnapshotCodecError('product columns do not match the row count');
  }
  const lookups = new Lookups(s);
  const { products, indexByCprcode } = decodeProducts(s, rows, lookups);

  // What the snapshot keeps is copied out of the payload, so that the rest of it (strings, columns) is freed after decoding.
  const searchOffsets = uint32(s.searchOffsets).slice();
  if (searchOffsets.length !== rows + 1 || searchOffsets[rows] !== s.searchBytes.length)
    throw new SnapshotCodecError('search text does not match the row count');
  const [categoryAny, ...categoryLevels] = decodeCategoryIndexes(s, lookups);

  let topCategories: CategoryTotal[];
  try {
    topCategories = JSON.parse(s.topCategories.toString('utf8')) as CategoryTotal[];
  } catch {
    throw new SnapshotCodecError('unreadable top categories');
  }

  const ms = performance.now() - started;
  const { manifest, publicBaseUrl } = expected;
  const parts: SnapshotParts = {
    products,
    indexByCprcode,
    searchText: new SubstringFilter(copyOf(s.searchBytes), searchOffsets),
    flags: new Uint8Array(s.flags),
    categoryAny,
    categoryLevels,
    records: new RecordJsonStore(products, publicBaseUrl),
    // The download files load on first download (CatalogSnapshots.findFile), checked against the manifest.
    files: [],
    topCategories,
    publicBaseUrl,
    manifest,
    stats: {
      totalMs: ms,
      workMs: ms,
      longestSliceMs: ms,
      longestSliceStage: 'decoding',
      stages: { reading: ms, indexing: 0, columns: 0, files: 0 },
    },
  };
  return new CatalogSnapshot(parts);
}

const EMPTY: readonly string[] = Object.freeze([]);

function copyOf(bytes: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}

function fail(message: string): never {
  throw new SnapshotCodecError(message);
}
