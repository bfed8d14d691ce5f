/**
 * Builds the immutable index data from documents: the term dictionary, the sorted surface-word
 * list (for prefix and typo matching), BM25F postings, the category tree, code lookups, the
 * semantic model, the compiled intent lexicon and synonym sets, and the other spellings of the
 * Thai vocabulary (without tone marks, romanised). A first pass collects the Thai words the
 * dictionary segmenter finds in the catalog; the second tokenises every field value, cutting Thai
 * runs by that vocabulary (repeated values such as brands and categories are tokenised once); the
 * postings are then sorted by term with a counting sort into flat typed arrays.
 */
import { FIELD_COUNT, buildPostings, fieldBit, packTf, type Bm25fOptions, type Postings } from './bm25f.ts';
import { buildForwardIndex, buildPostingHeads, type ForwardIndex, type PostingHeads } from './forward-index.ts';
import { buildCategoryTree, categoryKey, type CategoryTree } from './category-tree.ts';
import {
  compileConcepts,
  defaultConceptFrames,
  defaultConceptLexicon,
  type CompiledConcept,
  type ConceptDefinition,
  type TriggerIndex,
} from './concept-lexicon.ts';
import { GrowableUint32 } from './growable.ts';
import { buildKeyedTerms, type KeyedTerms } from './keyed-terms.ts';
import { isThaiLetter, normalizeText, thaiToneless } from './normalizer.ts';
import type { SearchDocument } from './search-document.ts';
import { buildSemanticModel, type SemanticModel, type SemanticModelOptions } from './semantic-model.ts';
import { compileSynonyms, defaultSynonymSets, type SynonymIndex } from './synonym-lexicon.ts';
import { buildThaiVocabulary, isCuttableWord, thaiCutter, type ThaiVocabulary } from './thai-resegmenter.ts';
import { segmentThai } from './thai-segmenter.ts';
import { MIN_SKELETON_LENGTH, spellingSkeleton } from './spelling-skeleton.ts';
import { romanKeysOfThai } from './thai-romanizer.ts';
import { ThaiRunCollector, type ThaiRuns } from './thai-runs.ts';
import { tokenize, type Token, type TokenizeOptions, type TokenKind } from './tokenizer.ts';

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

const TERM_KIND_CODES: Readonly<Record<TokenKind, number>> = { word: 0, thai: 1, number: 2, size: 3 };
/** Kind code of synthetic phrase terms (concept targets of several words). */
const PHRASE_KIND = 4;
export const NO_TERM = 0xffffffff;

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
  const { termIds, surfaceMap, entries } = fields;
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

  const surfaces = [...surfaceMap.keys()].sort();
  const surfaceTerms = new Uint32Array(surfaces.length);
  surfaces.forEach((s, i) => (surfaceTerms[i] = surfaceMap.get(s)!));
  const { leafOffsets, leafDocs } = shelfDocuments(categories, docCount);
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

  const semanticTerms = new Uint8Array(termCount);
  for (let t = 0; t < termCount; t++)
    semanticTerms[t] = kinds[t] === TERM_KIND_CODES.word || kinds[t] === TERM_KIND_CODES.thai ? 1 : 0;
  const semantic = buildSemanticModel({ termCount, docCount, postings, semanticTerms, categories }, options.semantic);
  // Spellings of the Thai vocabulary that shoppers type: without tone marks, and in Latin letters.
  const thaiWords = [...termIds].filter(([word, id]) => kinds[id] === TERM_KIND_CODES.thai && isCuttableWord(word));
  const toneless = buildKeyedTerms(thaiWords.map(([word, id]) => [thaiToneless(word), id, word] as const));
  const romanised = buildKeyedTerms(
    thaiWords.flatMap(([word, id]) => romanKeysOfThai(word).map((key) => [key, id, word] as const)),
  );
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
  const forward = buildForwardIndex(allPostings, docCount);
  const heads = buildPostingHeads(allPostings, options.headSize ?? 512);
  orderShelvesByTypicality(categories, leafOffsets, leafDocs, semantic);

  return {
    docCount,
    cprcodes: docs.map((d) => d.cprcode),
    nameEn: docs.map((d) => d.nameEn),
    nameTh: docs.map((d) => d.nameTh),
    brandEn: docs.map((d) => d.brandEn),
    brandTh: docs.map((d) => d.brandTh),
    barcodes: docs.map((d) => d.barcode),
    imageUrls: docs.map((d) => d.imageUrl),
    active: Uint8Array.from(docs, (d) => (d.active ? 1 : 0)),
    online: Uint8Array.from(docs, (d) => (d.online ? 1 : 0)),
    categories,
    leafOffsets,
    leafDocs,
    termIds,
    termKinds: allKinds,
    postings: { offsets: allPostings.offsets, docs: allPostings.docs, idf: allPostings.idf },
    forward,
    heads,
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
    toneless,
    romanised,
    skeletons,
    thaiRuns: fields.thaiRuns.build(),
    synonyms: lexicons.synonyms,
    thaiVocabulary,
  };
}

/** The terms of every field of every document, and the (term, document, packed tf) entries of the postings. */
interface TokenizedFields {
  termIds: Map<string, number>;
  termKinds: number[];
  /** Surface word → the term it stands for. */
  surfaceMap: Map<string, number>;
  entries: { term: GrowableUint32; doc: GrowableUint32; tf: GrowableUint32 };
  fieldLengths: Uint16Array;
  firstTermEn: Uint32Array;
  firstTermTh: Uint32Array;
  headTermTh: Uint32Array;
  thaiRuns: ThaiRunCollector;
}

/** Tokenises every field value (repeated values such as brands and categories once) and interns the terms. */
function tokenizeFields(
  docs: readonly SearchDocument[],
  maxField: number,
  tokenizeOptions: TokenizeOptions,
): TokenizedFields {
  const docCount = docs.length;
  const out: TokenizedFields = {
    termIds: new Map(),
    termKinds: [],
    surfaceMap: new Map(),
    entries: {
      term: new GrowableUint32(docCount * 24),
      doc: new GrowableUint32(docCount * 24),
      tf: new GrowableUint32(docCount * 24),
    },
    fieldLengths: new Uint16Array(docCount * FIELD_COUNT),
    firstTermEn: new Uint32Array(docCount).fill(NO_TERM),
    firstTermTh: new Uint32Array(docCount).fill(NO_TERM),
    headTermTh: new Uint32Array(docCount).fill(NO_TERM),
    thaiRuns: new ThaiRunCollector(),
  };
  const { termIds, termKinds, surfaceMap, fieldLengths } = out;
  const valueCache = new Map<string, Token[]>();
  const cachedTokens = (value: string): Token[] => {
    let tokens = valueCache.get(value);
    if (tokens === undefined) {
      tokens = tokenize(value.length > maxField ? value.slice(0, maxField) : value, tokenizeOptions);
      if (valueCache.size > 50_000) valueCache.clear();
      valueCache.set(value, tokens);
    }
    return tokens;
  };
  const intern = (token: Token): number => {
    let id = termIds.get(token.term);
    if (id === undefined) {
      id = termKinds.length;
      termIds.set(token.term, id);
      termKinds.push(TERM_KIND_CODES[token.kind]);
    }
    if (!surfaceMap.has(token.surface)) surfaceMap.set(token.surface, id);
    // Stems are surfaces too, so that a misspelt inflection ("sausgae") is one edit from "sausag".
    if (token.term !== token.surface && token.kind === 'word' && !surfaceMap.has(token.term))
      surfaceMap.set(token.term, id);
    if (token.alias !== undefined && !surfaceMap.has(token.alias)) surfaceMap.set(token.alias, id);
    return id;
  };

  const perDoc = new Map<number, number>();
  for (let d = 0; d < docCount; d++) {
    const doc = docs[d]!;
    perDoc.clear();
    const add = (tokens: readonly Token[], field: number): number => {
      let first = NO_TERM;
      for (const token of tokens) {
        const id = intern(token);
        if (first === NO_TERM) first = id;
        perDoc.set(id, packTf(perDoc.get(id) ?? 0, field));
      }
      const slot = d * FIELD_COUNT + field;
      fieldLengths[slot] = Math.min(0xffff, fieldLengths[slot]! + tokens.length);
      return first;
    };
    out.firstTermEn[d] = add(tokenize(doc.nameEn.slice(0, maxField), tokenizeOptions), 0);
    const nameTh = tokenize(doc.nameTh.slice(0, maxField), tokenizeOptions);
    out.firstTermTh[d] = add(nameTh, 1);
    const head = headToken(nameTh, cachedTokens(doc.brandTh ?? doc.brandEn ?? ''));
    if (head !== undefined) out.headTermTh[d] = termIds.get(head.term)!;
    if (doc.brandEn) add(cachedTokens(doc.brandEn), 2);
    if (doc.brandTh && doc.brandTh !== doc.brandEn) add(cachedTokens(doc.brandTh), 2);
    add(cachedTokens(doc.categoryEn[2] ?? ''), 3);
    add(cachedTokens(doc.categoryTh[2] ?? ''), 3);
    for (let level = 0; level < 2; level++) {
      add(cachedTokens(doc.categoryEn[level] ?? ''), 4);
      add(cachedTokens(doc.categoryTh[level] ?? ''), 4);
    }
    for (const keyword of doc.keywords.slice(0, 64)) add(cachedTokens(keyword), 5);
    if (doc.sizeDesc) add(cachedTokens(doc.sizeDesc), 6);
    // Runs of the Thai name, brand and shelves (their terms interned above): what a Thai prefix completes to.
    collectRuns(out.thaiRuns, d, nameTh, termIds);
    if (doc.brandTh) collectRuns(out.thaiRuns, d, cachedTokens(doc.brandTh), termIds);
    for (const level of doc.categoryTh) collectRuns(out.thaiRuns, d, cachedTokens(level), termIds);
    for (const [term, packed] of perDoc) {
      out.entries.term.push(term);
      out.entries.doc.push(d);
      out.entries.tf.push(packed);
    }
  }
  return out;
}

/** The first word of a name after the brand it starts with (Thai names put the brand, then the thing, then its variant). */
function headToken(name: readonly Token[], brand: readonly Token[]): Token | undefined {
  let i = 0;
  while (i < brand.length && name[i]?.term === brand[i]!.term) i++;
  if (i < brand.length) i = 0;
  for (; i < name.length; i++) if (name[i]!.kind === 'word' || name[i]!.kind === 'thai') return name[i];
  return undefined;
}

/** Counts the Thai runs of a name: its Thai words that were written together. */
function collectRuns(
  runs: ThaiRunCollector,
  doc: number,
  tokens: readonly Token[],
  termIds: Map<string, number>,
): void {
  for (let i = 0; i < tokens.length;) {
    let end = i + 1;
    if (tokens[i]!.kind === 'thai')
      while (end < tokens.length && tokens[end]!.kind === 'thai' && tokens[end]!.run === tokens[i]!.run) end++;
    if (tokens[i]!.kind === 'thai') {
      const words = tokens.slice(i, end);
      runs.add(
        doc,
        words.map((t) => t.surface),
        words.map((t) => termIds.get(t.term)!),
      );
    }
    i = end;
  }
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

/** What the lexicons are compiled against. */
interface LexiconInput {
  docCount: number;
  termCount: number;
  termIds: Map<string, number>;
  postings: Postings;
  semantic: SemanticModel;
  categories: CategoryTree;
  phraseTerms: (phrase: string) => string[];
}

/** The concept lexicon, its framing words and the synonym sets, compiled; the postings with their phrase terms appended. */
function compileLexicons(
  input: LexiconInput,
  options: IndexBuildOptions,
): Pick<IndexData, 'concepts' | 'triggers' | 'conceptFrames' | 'synonyms'> & { postings: Postings } {
  const { docCount, termIds, postings, semantic, categories, phraseTerms } = input;
  const k = semantic.dimensions;
  const phrases = new PhraseBuilder(postings, input.termCount, docCount);
  const { concepts, triggers } = compileConcepts(options.concepts ?? defaultConceptLexicon(), {
    terms: phraseTerms,
    termId: (term) => termIds.get(term),
    phraseTerm: (terms) => phrases.term(terms),
    termVector: (term) =>
      semantic.termHasVector[term] === 1 ? semantic.termVectors.subarray(term * k, term * k + k) : null,
    categoryTerm: (names) => {
      const shelves = shelvesNamed(categories, names);
      if (shelves.length === 0) return undefined;
      const wanted = new Uint8Array(categories.nodes.length);
      for (const node of shelves) wanted[node] = 1;
      const shelfDocs: number[] = [];
      for (let d = 0; d < docCount; d++) if (wanted[categories.docL3[d]!] === 1) shelfDocs.push(d);
      const term = phrases.shelfTerm(shelves.join(','), shelfDocs);
      return term === undefined
        ? undefined
        : { term, vectors: shelves.map((node) => semantic.categoryVectors.subarray(node * k, node * k + k)) };
    },
    dimensions: k,
  });
  const conceptFrames = [...new Set((options.conceptFrames ?? defaultConceptFrames()).flatMap(phraseTerms))].sort();
  const synonyms = compileSynonyms(options.synonyms ?? defaultSynonymSets(), {
    terms: phraseTerms,
    termId: (term) => termIds.get(term),
    phraseTerm: (terms) => phrases.term(terms),
  });
  return { concepts, triggers, conceptFrames, synonyms, postings: phrases.extend() };
}

/** The words the dictionary segmenter finds in the Thai runs of every field (repeated values are read once). */
function collectThaiWords(docs: readonly SearchDocument[], maxField: number): Set<string> {
  const words = new Set<string>();
  const seen = new Set<string>();
  const read = (value: string | null) => {
    if (!value || seen.has(value)) return;
    const text = normalizeText(value.length > maxField ? value.slice(0, maxField) : value);
    for (let i = 0; i < text.length;) {
      if (!isThaiLetter(text.charCodeAt(i))) {
        i++;
        continue;
      }
      let end = i + 1;
      while (end < text.length && isThaiLetter(text.charCodeAt(end))) end++;
      for (const word of segmentThai(text.slice(i, end))) words.add(word);
      i = end;
    }
  };
  const readRepeated = (value: string | null) => {
    read(value);
    if (value) seen.add(value);
  };
  for (const doc of docs) {
    read(doc.nameTh);
    read(doc.nameEn);
    readRepeated(doc.brandTh);
    for (const level of doc.categoryTh) readRepeated(level);
    for (const keyword of doc.keywords.slice(0, 64)) readRepeated(keyword);
  }
  return words;
}

/** A barcode as looked up: digits only (spaces and dashes printed on packs removed). */
function codeKey(value: string | null): string | null {
  if (value === null) return null;
  const digits = normalizeText(value).replaceAll(' ', '').replaceAll('.', '');
  return digits.length > 0 && /^[0-9]+$/.test(digits) ? digits : null;
}

/** The level-3 shelves a list of category names (any level, English or Thai, or codes) stands for. */
function shelvesNamed(categories: CategoryTree, names: readonly string[]): number[] {
  const named = new Set<number>();
  for (const name of names) for (const node of categories.keys.get(categoryKey(name)) ?? []) named.add(node);
  return categories.nodes
    .filter(
      (node) =>
        node.level === 3 &&
        (named.has(node.id) || named.has(node.parent) || named.has(categories.nodes[node.parent]?.parent ?? -1)),
    )
    .map((node) => node.id);
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

/** Synthetic phrase terms: the documents holding every word of a phrase, appended after the real terms. */
class PhraseBuilder {
  private readonly byKey = new Map<string, number>();
  private readonly lists: { docs: number[]; impacts: number[]; masks: number[] }[] = [];

  constructor(
    private readonly postings: Postings,
    private readonly termCount: number,
    private readonly docCount: number,
  ) {}

  term(terms: readonly number[]): number | undefined {
    const key = terms.join(',');
    const known = this.byKey.get(key);
    if (known !== undefined) return known < 0 ? undefined : known;
    const { offsets, docs, impacts, masks } = this.postings;
    // Intersect the sorted document lists, averaging the words' impacts.
    const cursors = terms.map((t) => offsets[t]!);
    const out = { docs: [] as number[], impacts: [] as number[], masks: [] as number[] };
    const first = terms[0]!;
    for (let p = offsets[first]!; p < offsets[first + 1]!; p++) {
      const d = docs[p]!;
      let impact = impacts[p]!;
      let mask = masks[p]!;
      let all = true;
      for (let i = 1; i < terms.length; i++) {
        const t = terms[i]!;
        let c = cursors[i]!;
        while (c < offsets[t + 1]! && docs[c]! < d) c++;
        cursors[i] = c;
        if (c >= offsets[t + 1]! || docs[c] !== d) {
          all = false;
          break;
        }
        impact += impacts[c]!;
        mask |= masks[c]!;
      }
      if (!all) continue;
      out.docs.push(d);
      out.impacts.push(impact / terms.length);
      out.masks.push(mask);
    }
    if (out.docs.length === 0) {
      this.byKey.set(key, -1);
      return undefined;
    }
    const id = this.termCount + this.lists.length;
    this.lists.push(out);
    this.byKey.set(key, id);
    return id;
  }

  /**
   * A synthetic term for given documents (ascending), e.g. the goods of a concept's categories:
   * each scores as one match in the leaf-category field at the term's idf.
   */
  shelfTerm(key: string, docs: readonly number[]): number | undefined {
    const known = this.byKey.get(`shelf:${key}`);
    if (known !== undefined) return known;
    if (docs.length === 0) return undefined;
    const df = docs.length;
    const idf = Math.log(1 + (this.docCount - df + 0.5) / (df + 0.5));
    const id = this.termCount + this.lists.length;
    this.lists.push({ docs: [...docs], impacts: docs.map(() => idf), masks: docs.map(() => fieldBit('categoryLeaf')) });
    this.byKey.set(`shelf:${key}`, id);
    return id;
  }

  /** The postings with the phrase terms appended. */
  extend(): Postings {
    const base = this.postings;
    if (this.lists.length === 0) return base;
    const extra = this.lists.reduce((sum, l) => sum + l.docs.length, 0);
    const total = base.docs.length + extra;
    const offsets = new Uint32Array(this.termCount + this.lists.length + 1);
    offsets.set(base.offsets);
    const docs = new Uint32Array(total);
    docs.set(base.docs);
    const impacts = new Float32Array(total);
    impacts.set(base.impacts);
    const masks = new Uint8Array(total);
    masks.set(base.masks);
    const idf = new Float32Array(this.termCount + this.lists.length);
    idf.set(base.idf);
    let at = base.docs.length;
    this.lists.forEach((list, i) => {
      docs.set(list.docs, at);
      impacts.set(list.impacts, at);
      masks.set(list.masks, at);
      at += list.docs.length;
      offsets[this.termCount + i + 1] = at;
      const df = list.docs.length;
      idf[this.termCount + i] = Math.log(1 + (this.docCount - df + 0.5) / (df + 0.5));
    });
    return { offsets, docs, impacts, masks, idf };
  }
}
