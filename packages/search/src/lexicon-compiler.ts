/**
 * The lexicons compiled against one index: the concept (intent) lexicon with its targets and
 * shelves placed in the semantic space, its framing words, and the synonym sets. Phrases of several
 * words (triggers, targets, synonyms) and a concept's shelves become synthetic terms whose
 * postings are appended after the real terms'.
 */
import { fieldBit, type Postings } from './bm25f.ts';
import { categoryKey, type CategoryTree } from './category-tree.ts';
import {
  compileConcepts,
  defaultConceptFrames,
  defaultConceptLexicon,
  type CompiledConcept,
  type ConceptDefinition,
  type TriggerIndex,
} from './concept-lexicon.ts';
import type { SemanticModel } from './semantic-model.ts';
import { compileSynonyms, defaultSynonymSets, type SynonymIndex } from './synonym-lexicon.ts';

/** The lexicons to compile; the package's own where one is not given (see `IndexBuildOptions`). */
export interface LexiconOptions {
  concepts?: readonly ConceptDefinition[];
  conceptFrames?: readonly string[];
  synonyms?: readonly (readonly string[])[];
}

/** The compiled lexicons, and the postings with their phrase and shelf terms appended. */
export interface CompiledLexicons {
  concepts: CompiledConcept[];
  triggers: TriggerIndex;
  /** Terms that only frame an intent, sorted. */
  conceptFrames: string[];
  synonyms: SynonymIndex;
  postings: Postings;
}

/** What the lexicons are compiled against. */
export interface LexiconInput {
  docCount: number;
  termCount: number;
  termIds: Map<string, number>;
  postings: Postings;
  semantic: SemanticModel;
  categories: CategoryTree;
  phraseTerms: (phrase: string) => string[];
}

/** The concept lexicon, its framing words and the synonym sets, compiled; the postings with their phrase terms appended. */
export function compileLexicons(input: LexiconInput, options: LexiconOptions): CompiledLexicons {
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
