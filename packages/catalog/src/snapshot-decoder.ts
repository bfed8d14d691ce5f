import { createHash } from 'node:crypto';
import type { CategoryTotal } from '@grocery/core/ports';
import type { Product, ProductCategory } from '@grocery/core';
import { CatalogSnapshot, type CatalogManifest, type SnapshotParts } from './catalog-snapshot.ts';
import { RecordJsonStore } from './record-json.ts';
import {
  FORMAT,
  HAS_ACTIVE,
  HAS_ALCOHOL,
  HAS_IMAGE,
  HAS_ONLINE,
  MAGIC,
  NONE,
  P,
  pad8,
  PRODUCT_STRIDE,
  SECTIONS,
  SnapshotCodecError,
  view,
  type Header,
  type Section,
} from './snapshot-format.ts';
import { SubstringFilter } from './substring-filter.ts';

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
