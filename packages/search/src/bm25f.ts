/**
 * BM25F over the document fields. Field frequencies are weighted and length-normalised per field,
 * summed, and saturated once (Robertson and Zaragoza's BM25F). Because field weights are fixed at
 * build time, each (term, document) contribution is query-independent and is stored as one float
 * ("impact"): a query only adds impacts up, which keeps it fast at 200,000 documents.
 */

/** The indexed fields. Brand and categories carry both languages. */
export const FIELDS = ['nameEn', 'nameTh', 'brand', 'categoryLeaf', 'categoryParent', 'keywords', 'size'] as const;
export type FieldName = (typeof FIELDS)[number];
export const FIELD_COUNT = FIELDS.length;

/** A field's BM25F weight and length normalisation `b` (0: none, 1: full). */
export interface FieldConfig {
  weight: number;
  b: number;
}

/** Names weigh most; the leaf category says what a product is, upper levels only where it sits. */
export const DEFAULT_FIELD_CONFIG: Readonly<Record<FieldName, FieldConfig>> = {
  nameEn: { weight: 3, b: 0.6 },
  nameTh: { weight: 3, b: 0.6 },
  brand: { weight: 2, b: 0.3 },
  categoryLeaf: { weight: 1.6, b: 0.3 },
  categoryParent: { weight: 0.5, b: 0.3 },
  keywords: { weight: 1.2, b: 0.4 },
  size: { weight: 1, b: 0 },
};

/** BM25 saturation: how fast repeated matches stop adding. */
export const DEFAULT_K1 = 1.2;

/** Bit of a field in a posting's field mask. */
export function fieldBit(field: FieldName): number {
  return 1 << FIELDS.indexOf(field);
}

/** Field mask of both name fields. */
export const NAME_MASK = fieldBit('nameEn') | fieldBit('nameTh');

/** Per-field term frequency is packed 4 bits a field (counts saturate at 15). */
export function packTf(packed: number, field: number): number {
  const shift = field * 4;
  const current = (packed >>> shift) & 0xf;
  return current === 0xf ? packed : (packed + (1 << shift)) >>> 0;
}

/** What the builder collected: one entry per distinct (term, document), in document order. */
export interface PostingsInput {
  termCount: number;
  docCount: number;
  entryTerm: Uint32Array;
  entryDoc: Uint32Array;
  entryTf: Uint32Array;
  /** Tokens per field per document, `docCount × FIELD_COUNT`. */
  fieldLengths: Uint16Array;
}

/** Term-ordered postings (CSR): the documents of term t are `docs[offsets[t]..offsets[t+1])`, ascending. */
export interface Postings {
  offsets: Uint32Array;
  docs: Uint32Array;
  impacts: Float32Array;
  masks: Uint8Array;
  idf: Float32Array;
}

/** Options of {@link buildPostings}. */
export interface Bm25fOptions {
  fields?: Readonly<Record<FieldName, FieldConfig>>;
  k1?: number;
}

/** Sorts entries by term (counting sort, stable) and computes each posting's BM25F impact. */
export function buildPostings(input: PostingsInput, options: Bm25fOptions = {}): Postings {
  const fields = options.fields ?? DEFAULT_FIELD_CONFIG;
  const k1 = options.k1 ?? DEFAULT_K1;
  const { termCount, docCount, entryTerm, entryDoc, entryTf, fieldLengths } = input;
  const total = entryTerm.length;

  const offsets = new Uint32Array(termCount + 1);
  for (let e = 0; e < total; e++) offsets[entryTerm[e]! + 1]!++;
  for (let t = 0; t < termCount; t++) offsets[t + 1]! += offsets[t]!;
  const cursor = offsets.slice(0, termCount);
  const order = new Uint32Array(total);
  for (let e = 0; e < total; e++) order[cursor[entryTerm[e]!]!++] = e;

  const avg = new Float64Array(FIELD_COUNT);
  for (let d = 0; d < docCount; d++)
    for (let f = 0; f < FIELD_COUNT; f++) avg[f]! += fieldLengths[d * FIELD_COUNT + f]!;
  for (let f = 0; f < FIELD_COUNT; f++) avg[f] = Math.max(1, avg[f]! / Math.max(1, docCount));
  const weight = new Float64Array(FIELD_COUNT);
  const b = new Float64Array(FIELD_COUNT);
  FIELDS.forEach((name, f) => {
    weight[f] = fields[name].weight;
    b[f] = fields[name].b;
  });

  const idf = new Float32Array(termCount);
  for (let t = 0; t < termCount; t++) {
    const df = offsets[t + 1]! - offsets[t]!;
    idf[t] = Math.log(1 + (docCount - df + 0.5) / (df + 0.5));
  }

  const docs = new Uint32Array(total);
  const impacts = new Float32Array(total);
  const masks = new Uint8Array(total);
  for (let t = 0; t < termCount; t++) {
    const termIdf = idf[t]!;
    for (let p = offsets[t]!; p < offsets[t + 1]!; p++) {
      const e = order[p]!;
      const d = entryDoc[e]!;
      const packed = entryTf[e]!;
      let tf = 0;
      let mask = 0;
      for (let f = 0, rest = packed; rest !== 0; f++, rest >>>= 4) {
        const count = rest & 0xf;
        if (count === 0) continue;
        mask |= 1 << f;
        const length = fieldLengths[d * FIELD_COUNT + f]!;
        tf += (weight[f]! * count) / (1 - b[f]! + (b[f]! * length) / avg[f]!);
      }
      docs[p] = d;
      masks[p] = mask;
      impacts[p] = (termIdf * tf * (k1 + 1)) / (tf + k1);
    }
  }
  return { offsets, docs, impacts, masks, idf };
}
