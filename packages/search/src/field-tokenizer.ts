/**
 * The first passes of the index build: the Thai words the dictionary segmenter finds in the
 * catalog (the vocabulary Thai runs are then cut by), and every field value of every document
 * tokenised into interned terms with their per-field frequencies (repeated values such as brands
 * and categories tokenised once), the surface words that lead to each term, the first and head
 * terms of the names and the Thai runs of names, brands and shelves.
 */
import { FIELD_COUNT, packTf } from './bm25f.ts';
import { GrowableUint32 } from './growable.ts';
import { isThaiLetter, normalizeText } from './normalizer.ts';
import type { SearchDocument } from './search-document.ts';
import { segmentThai } from './thai-segmenter.ts';
import { ThaiRunCollector } from './thai-runs.ts';
import { tokenize, type Token, type TokenizeOptions, type TokenKind } from './tokenizer.ts';

/** Kind code of each token kind in `IndexData.termKinds`. */
export const TERM_KIND_CODES: Readonly<Record<TokenKind, number>> = { word: 0, thai: 1, number: 2, size: 3 };
/** A document without such a term (an empty name). */
export const NO_TERM = 0xffffffff;

/** The terms of every field of every document, and the (term, document, packed tf) entries of the postings. */
export interface TokenizedFields {
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

/** Adds the tokens of one field value to the document being read; returns the id of the first. */
type AddField = (tokens: readonly Token[], field: number) => number;

/** Tokenises every field value (repeated values such as brands and categories once) and interns the terms. */
export function tokenizeFields(
  docs: readonly SearchDocument[],
  maxField: number,
  tokenizeOptions: TokenizeOptions,
): TokenizedFields {
  const out = emptyFields(docs.length);
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
  const nameTokens = (name: string) => tokenize(name.slice(0, maxField), tokenizeOptions);
  const perDoc = new Map<number, number>();
  for (let d = 0; d < docs.length; d++) {
    perDoc.clear();
    const add: AddField = (tokens, field) => {
      let first = NO_TERM;
      for (const token of tokens) {
        const id = intern(out, token);
        if (first === NO_TERM) first = id;
        perDoc.set(id, packTf(perDoc.get(id) ?? 0, field));
      }
      const slot = d * FIELD_COUNT + field;
      out.fieldLengths[slot] = Math.min(0xffff, out.fieldLengths[slot]! + tokens.length);
      return first;
    };
    readDocument(out, docs[d]!, d, add, cachedTokens, nameTokens);
    for (const [term, packed] of perDoc) {
      out.entries.term.push(term);
      out.entries.doc.push(d);
      out.entries.tf.push(packed);
    }
  }
  return out;
}

function emptyFields(docCount: number): TokenizedFields {
  return {
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
}

/** The id of a token's term (a new one for a term not met before), and its surface words leading to it. */
function intern(out: TokenizedFields, token: Token): number {
  const { termIds, termKinds, surfaceMap } = out;
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
}

/** Adds the fields of document `d` (names, brand, categories, keywords, size) and records its lead terms and Thai runs. */
function readDocument(
  out: TokenizedFields,
  doc: SearchDocument,
  d: number,
  add: AddField,
  cachedTokens: (value: string) => Token[],
  nameTokens: (name: string) => Token[],
): void {
  out.firstTermEn[d] = add(nameTokens(doc.nameEn), 0);
  const nameTh = nameTokens(doc.nameTh);
  out.firstTermTh[d] = add(nameTh, 1);
  const head = headToken(nameTh, cachedTokens(doc.brandTh ?? doc.brandEn ?? ''));
  if (head !== undefined) out.headTermTh[d] = out.termIds.get(head.term)!;
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
  collectRuns(out.thaiRuns, d, nameTh, out.termIds);
  if (doc.brandTh) collectRuns(out.thaiRuns, d, cachedTokens(doc.brandTh), out.termIds);
  for (const level of doc.categoryTh) collectRuns(out.thaiRuns, d, cachedTokens(level), out.termIds);
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

/** The words the dictionary segmenter finds in the Thai runs of every field (repeated values are read once). */
export function collectThaiWords(docs: readonly SearchDocument[], maxField: number): Set<string> {
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
