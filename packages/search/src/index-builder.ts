/**
 * Builds the immutable index data from documents: the term dictionary, the sorted surface-word
 * list (for prefix and typo matching), BM25F postings, the category tree, code lookups, the
 * semantic model, the compiled intent lexicon and synonym sets (lexicon-compiler.ts), the other
 * spellings of the vocabulary (without tone marks, romanised, by skeleton) and the Thai runs. A
 * first pass collects the Thai words the dictionary segmenter finds in the catalog; the second
 * tokenises every field value, cutting Thai runs by that vocabulary (field-tokenizer.ts); the
 * postings are then sorted by term with a counting sort into flat typed arrays.
 */
import { buildPostings, type Bm25fOptions, type Postings } from './bm25f.ts';
import { buildCategoryTree, type CategoryTree } from './category-tree.ts';
import type { CompiledConcept, ConceptDefinition, TriggerIndex } from './concept-lexicon.ts';
import { collectThaiWords, TERM_KIND_CODES, tokenizeFields } from './field-tokenizer.ts';
import { buildForwardIndex, buildPostingHeads, type ForwardIndex, type PostingHeads } from './forward-index.ts';
import { buildKeyedTerms, type KeyedTerms } from './keyed-terms.ts';
import { compileLexicons } from './lexicon-compiler.ts';
import { normalizeText, thaiToneless } from './normalizer.ts';
import type { SearchDocument } from './search-document.ts';
import { buildSemanticModel, type SemanticModel, type SemanticModelOptions } from './semantic-model.ts';
import { MIN_SKELETON_LENGTH, spellingSkeleton } from './spelling-skeleton.ts';
import type { SynonymIndex } from './synonym-lexicon.ts';
import { buildThaiVocabulary, isCuttableWord, thaiCutter, type ThaiVocabulary } from './thai-resegmenter.ts';
import { romanKeysOfThai } from './thai-romanizer.ts';
import type { ThaiRuns } from './thai-runs.ts';
import { tokenize } from './tokenizer.ts';

/** Options of the index build. */
export interface IndexBuildOptions {
  /** BM25F field weights and k1. */
  bm25f?: Bm25fOptions;
  semantic?: SemanticModelOptions;
  /** The concept (intent) lexicon; the package's own by default. */
  concepts?: readonly ConceptDefinition[];
  /** Words that only frame an intent ("things for", "ที่บ้าน"); the package's own by default. */
  conceptFrames?: readonly string[];
  /** Synonym sets (phrases that mean the same); the package's own by default. */
  synonyms?: readonly (readonly string[])[];
  /** Longest field value indexed, in code units (longer values are cut; names are far shorter). */
  maxFieldLength?: number;
  /** Documents kept per term in the impact-ordered posting heads. Default 512. */
  headSize?: number;
}

/** Term-ordered postings as queries use them: documents (ascending) and idf. */
export type TermPostings = Pick<Postings, 'offsets' | 'docs' | 'idf'>;

/** Kind code of synthetic phrase terms (concept targets of several words). */
const PHRASE_KIND = 4;

/** Everything a query needs, in flat arrays where it matters. */
export interface IndexData {
  docCount: number;
  cprcodes: string[];
  nameEn: string[];
  nameTh: string[];
  brandEn: (string | null)[];
  brandTh: (string | null)[];
  barcodes: (string | null)[];
  imageUrls: (string | null)[];
  /** 1 for active products. */
  active: Uint8Array;
  online: Uint8Array;
  categories: CategoryTree;
  /** Documents of each level-3 node (CSR over node ids), the most typical of the shelf first. */
  leafOffsets: Uint32Array;
  leafDocs: Uint32Array;
  termIds: Map<string, number>;
  termKinds: Uint8Array;
  postings: TermPostings;
  forward: ForwardIndex;
  heads: PostingHeads;
  /** Surface words in code-unit order and the term each one stands for. */
  surfaces: string[];
  surfaceTerms: Uint32Array;
  /** First term of the English and Thai name of each document (NO_TERM when empty). */
  firstTermEn: Uint32Array;
  firstTermTh: Uint32Array;
  /** First word of the Thai name after its brand: the head of a Thai compound, what the product is (NO_TERM when none). */
  headTermTh: Uint32Array;
  barcodeDoc: Map<string, number>;
  cprcodeDoc: Map<string, number>;
  /** Barcodes in code-unit order and their documents, for prefix lookups. */
  sortedBarcodes: string[];
  sortedBarcodeDocs: Uint32Array;
  semantic: SemanticModel;
  concepts: CompiledConcept[];
  triggers: TriggerIndex;
  /** Terms that only frame an intent, sorted: dropped from a query that names a concept. */
  conceptFrames: string[];
  /** Thai words (of two letters or more) by their tone-mark-less form, which words without tone marks share with them. */
  toneless: KeyedTerms;
  /** Thai words by the key of their romanisation, which RTGS and the informal spellings share. */
  romanised: KeyedTerms;
  /** Words by their spelling skeleton (see spelling-skeleton.ts), which letter-order slips share with them. */
  skeletons: KeyedTerms;
  /** The Thai runs of the names, which a Thai prefix completes to (see thai-runs.ts). */
  thaiRuns: ThaiRuns;
  synonyms: SynonymIndex;
  /** The Thai words documents and queries are cut into (see thai-resegmenter.ts). */
  thaiVocabulary: ThaiVocabulary;
}

/** Builds the index data of `docs` (document order is kept: ties rank by it). */
export function buildIndexData(docs: readonly SearchDocument[], options: IndexBuildOptions = {}): IndexData {
  const docCount = docs.length;
  const maxField = options.maxFieldLength ?? 1000;
  const categories = buildCategoryTree(docs);
  // Thai runs are cut by the catalog's own vocabulary, as queries will be: collect it first.
  const thaiVocabulary = buildThaiVocabulary(collectThaiWords(docs, maxField));
  const tokenizeOptions = { segmentThai: thaiCutter(thaiVocabulary, new Map()) };
  const fields = tokenizeFields(docs, maxField, tokenizeOptions);
  const { termIds, entries } = fields;
  const termCount = fields.termKinds.length;
  const postings = buildPostings(
    {
      termCount,
      docCount,
      entryTerm: entries.term.view(),
      entryDoc: entries.doc.view(),
      entryTf: entries.tf.view(),
      fieldLengths: fields.fieldLengths,
    },
    options.bm25f,
  );
  const kinds = Uint8Array.from(fields.termKinds);
  const { surfaces, surfaceTerms } = sortedSurfaces(fields.surfaceMap);
  const { leafOffsets, leafDocs } = shelfDocuments(categories, docCount);
  const semanticTerms = Uint8Array.from(kinds, (kind) =>
    kind === TERM_KIND_CODES.word || kind === TERM_KIND_CODES.thai ? 1 : 0,
  );
  const semantic = buildSemanticModel({ termCount, docCount, postings, semanticTerms, categories }, options.semantic);
  // The lexicons' phrases are cut into words as queries are, so that a trigger typed in a query matches it.
  const phraseTerms = (phrase: string) => tokenize(phrase, tokenizeOptions).map((t) => t.term);
  const lexicons = compileLexicons(
    { docCount, termCount, termIds, postings, semantic, categories, phraseTerms },
    options,
  );
  const allPostings = lexicons.postings;
  const allKinds = new Uint8Array(allPostings.offsets.length - 1);
  allKinds.set(kinds);
  allKinds.fill(PHRASE_KIND, termCount);
  orderShelvesByTypicality(categories, leafOffsets, leafDocs, semantic);

  return {
    ...documentFields(docs),
    categories,
    leafOffsets,
    leafDocs,
    termIds,
    termKinds: allKinds,
    postings: { offsets: allPostings.offsets, docs: allPostings.docs, idf: allPostings.idf },
    forward: buildForwardIndex(allPostings, docCount),
    heads: buildPostingHeads(allPostings, options.headSize ?? 512),
    surfaces,
    surfaceTerms,
    firstTermEn: fields.firstTermEn,
    firstTermTh: fields.firstTermTh,
    headTermTh: fields.headTermTh,
    ...codeLookups(docs),
    semantic,
    concepts: lexicons.concepts,
    triggers: lexicons.triggers,
    conceptFrames: lexicons.conceptFrames,
    ...otherSpellings(termIds, kinds, surfaces, surfaceTerms),
    thaiRuns: fields.thaiRuns.build(),
    synonyms: lexicons.synonyms,
    thaiVocabulary,
  };
}

/** What the index keeps of each document as given: its codes, names, brands, image and state. */
function documentFields(
  docs: readonly SearchDocument[],
): Pick<
  IndexData,
  'docCount' | 'cprcodes' | 'nameEn' | 'nameTh' | 'brandEn' | 'brandTh' | 'barcodes' | 'imageUrls' | 'active' | 'online'
> {
  return {
    docCount: docs.length,
    cprcodes: docs.map((d) => d.cprcode),
    nameEn: docs.map((d) => d.nameEn),
    nameTh: docs.map((d) => d.nameTh),
    brandEn: docs.map((d) => d.brandEn),
    brandTh: docs.map((d) => d.brandTh),
    barcodes: docs.map((d) => d.barcode),
    imageUrls: docs.map((d) => d.imageUrl),
    active: Uint8Array.from(docs, (d) => (d.active ? 1 : 0)),
    online: Uint8Array.from(docs, (d) => (d.online ? 1 : 0)),
  };
}

/** The surface words in code-unit order, and the term each stands for. */
function sortedSurfaces(surfaceMap: ReadonlyMap<string, number>): { surfaces: string[]; surfaceTerms: Uint32Array } {
  const surfaces = [...surfaceMap.keys()].sort();
  const surfaceTerms = new Uint32Array(surfaces.length);
  surfaces.forEach((s, i) => (surfaceTerms[i] = surfaceMap.get(s)!));
  return { surfaces, surfaceTerms };
}

/**
 * Spellings that lead to the catalog's words: the Thai vocabulary without tone marks and in Latin
 * letters (what shoppers type), and every Thai word and longer English word by its spelling skeleton.
 */
function otherSpellings(
  termIds: ReadonlyMap<string, number>,
  kinds: Uint8Array,
  surfaces: readonly string[],
  surfaceTerms: Uint32Array,
): Pick<IndexData, 'toneless' | 'romanised' | 'skeletons'> {
  const thaiWords = [...termIds].filter(([word, id]) => kinds[id] === TERM_KIND_CODES.thai && isCuttableWord(word));
  const skeletons = buildKeyedTerms(
    surfaces.flatMap((surface, i) => {
      const term = surfaceTerms[i]!;
      const kind = kinds[term];
      // Thai words of any length: a misspelt Thai run is cut again by them (spelling-corrector.ts).
      const keep =
        kind === TERM_KIND_CODES.thai || (kind === TERM_KIND_CODES.word && surface.length >= MIN_SKELETON_LENGTH);
      return keep ? [[spellingSkeleton(surface), term, surface] as const] : [];
    }),
  );
  return {
    toneless: buildKeyedTerms(thaiWords.map(([word, id]) => [thaiToneless(word), id, word] as const)),
    romanised: buildKeyedTerms(
      thaiWords.flatMap(([word, id]) => romanKeysOfThai(word).map((key) => [key, id, word] as const)),
    ),
    skeletons,
  };
}

/** Level-3 node → its documents (CSR over node ids). */
function shelfDocuments(
  categories: CategoryTree,
  docCount: number,
): { leafOffsets: Uint32Array; leafDocs: Uint32Array } {
  const leafOffsets = new Uint32Array(categories.nodes.length + 1);
  for (let d = 0; d < docCount; d++) leafOffsets[categories.docL3[d]! + 1]!++;
  for (let n = 0; n < categories.nodes.length; n++) leafOffsets[n + 1]! += leafOffsets[n]!;
  const leafDocs = new Uint32Array(docCount);
  const leafCursor = leafOffsets.slice(0, categories.nodes.length);
  for (let d = 0; d < docCount; d++) leafDocs[leafCursor[categories.docL3[d]!]!++] = d;
  return { leafOffsets, leafDocs };
}

/** The documents of barcodes and cprcodes, and the barcodes in order for prefix lookups. */
function codeLookups(
  docs: readonly SearchDocument[],
): Pick<IndexData, 'barcodeDoc' | 'cprcodeDoc' | 'sortedBarcodes' | 'sortedBarcodeDocs'> {
  const barcodeDoc = new Map<string, number>();
  const cprcodeDoc = new Map<string, number>();
  for (let d = 0; d < docs.length; d++) {
    const doc = docs[d]!;
    const barcode = codeKey(doc.barcode);
    if (barcode !== null && !barcodeDoc.has(barcode)) barcodeDoc.set(barcode, d);
    if (!cprcodeDoc.has(doc.cprcode)) cprcodeDoc.set(doc.cprcode, d);
  }
  const sortedBarcodes = [...barcodeDoc.keys()].sort();
  const sortedBarcodeDocs = Uint32Array.from(sortedBarcodes, (b) => barcodeDoc.get(b)!);
  return { barcodeDoc, cprcodeDoc, sortedBarcodes, sortedBarcodeDocs };
}

/** A barcode as looked up: digits only (spaces and dashes printed on packs removed). */
function codeKey(value: string | null): string | null {
  if (value === null) return null;
  const digits = normalizeText(value).replaceAll(' ', '').replaceAll('.', '');
  return digits.length > 0 && /^[0-9]+$/.test(digits) ? digits : null;
}

/** Sorts each shelf's documents by similarity to the shelf, so a capped walk sees the typical ones. */
function orderShelvesByTypicality(
  categories: CategoryTree,
  leafOffsets: Uint32Array,
  leafDocs: Uint32Array,
  semantic: SemanticModel,
): void {
  const k = semantic.dimensions;
  for (const node of categories.nodes) {
    if (node.level !== 3) continue;
    const start = leafOffsets[node.id]!;
    const end = leafOffsets[node.id + 1]!;
    const shelf = leafDocs.subarray(start, end);
    const score = new Map<number, number>();
    for (const d of shelf) {
      let dot = 0;
      for (let j = 0; j < k; j++) dot += semantic.docVectors[d * k + j]! * semantic.categoryVectors[node.id * k + j]!;
      score.set(d, dot);
    }
    shelf.sort((a, b) => score.get(b)! - score.get(a)! || a - b);
  }
}
