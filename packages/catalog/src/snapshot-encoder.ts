import { setImmediate as nextMacrotask } from 'node:timers/promises';
import type { Product, ProductCategory } from '@grocery/core';
import type { CatalogSnapshot } from './catalog-snapshot.ts';
import { sha256HexInSlices } from './file-digest.ts';
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
  type Header,
  type Section,
} from './snapshot-format.ts';

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
