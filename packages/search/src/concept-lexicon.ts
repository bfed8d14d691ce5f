/**
 * The curated bilingual concept lexicon (data/concept-lexicon.json): shopping needs such as
 * "breakfast", "ของหวาน", "bbq" or "baby" that no product is named after, each with English and
 * Thai triggers and the goods it stands for. At build time targets are resolved against the
 * index's vocabulary and placed in the semantic space; at query time a trigger adds its targets.
 */
import { readFileSync } from 'node:fs';

/** One concept as written in the data file. */
export interface ConceptDefinition {
  id: string;
  triggers: { en: string[]; th: string[] };
  targets: { en: string[]; th: string[] };
}

/** A concept resolved against one index. */
export interface CompiledConcept {
  id: string;
  /** Terms of the target goods (a synthetic phrase term for a target of several words). */
  targets: { term: number; weight: number }[];
  /** Terms of the triggers themselves, so that a product named after the concept still matches. */
  triggerTerms: number[];
  /** Unit vector of the targets in the semantic space, or null when none has a vector. */
  vector: Float32Array | null;
}

/**
 * Trigger phrases by their first term: each is a term sequence, the concept it calls and, for a
 * phrase of several words, the synthetic term of documents that hold all of them (or -1).
 */
export type TriggerIndex = Map<string, { terms: string[]; concept: number; phrase: number }[]>;

const DEFAULT_LEXICON_URL = new URL('../data/concept-lexicon.json', import.meta.url);
let defaultConcepts: ConceptDefinition[] | null = null;

/** The lexicon shipped with the package (read once). */
export function defaultConceptLexicon(): ConceptDefinition[] {
  defaultConcepts ??= parseConceptLexicon(JSON.parse(readFileSync(DEFAULT_LEXICON_URL, 'utf8')) as unknown);
  return defaultConcepts;
}

/** Checks the shape of a lexicon document (`{ concepts: [...] }` or a bare array) and returns its concepts. */
export function parseConceptLexicon(value: unknown): ConceptDefinition[] {
  const list = Array.isArray(value) ? value : isRecord(value) && Array.isArray(value.concepts) ? value.concepts : null;
  if (list === null) throw new TypeError('concept lexicon: expected { concepts: [...] }');
  return list.map((item: unknown, i: number) => {
    if (!isRecord(item) || typeof item.id !== 'string') throw new TypeError(`concept lexicon: entry ${i} has no id`);
    return { id: item.id, triggers: bilingual(item.triggers, `${item.id}.triggers`), targets: bilingual(item.targets, `${item.id}.targets`) };
  });
}

function bilingual(value: unknown, where: string): { en: string[]; th: string[] } {
  if (!isRecord(value)) throw new TypeError(`concept lexicon: ${where} must be { en, th }`);
  const words = (list: unknown, lang: string): string[] => {
    if (!Array.isArray(list) || !list.every((w) => typeof w === 'string')) throw new TypeError(`concept lexicon: ${where}.${lang} must be a list of strings`);
    return list as string[];
  };
  return { en: words(value.en, 'en'), th: words(value.th, 'th') };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** How the compiler sees the index it compiles for. */
export interface ConceptCompileContext {
  /** The index terms of a phrase, cut as a query is. */
  terms(phrase: string): string[];
  termId(term: string): number | undefined;
  /** A synthetic term for documents holding all of `terms` ("pork neck"), or undefined when none does. */
  phraseTerm(terms: readonly number[]): number | undefined;
  /** The term's unit vector, or null. */
  termVector(term: number): Float32Array | null;
  dimensions: number;
}

/** Resolves the lexicon against one index; triggers and targets the index does not know drop out. */
export function compileConcepts(definitions: readonly ConceptDefinition[], context: ConceptCompileContext): { concepts: CompiledConcept[]; triggers: TriggerIndex } {
  const concepts: CompiledConcept[] = [];
  const triggers: TriggerIndex = new Map();
  for (const definition of definitions) {
    const index = concepts.length;
    const targetWeights = new Map<number, number>();
    const vector = new Float32Array(context.dimensions);
    let hasVector = false;
    for (const phrase of [...definition.targets.en, ...definition.targets.th]) {
      const terms = context.terms(phrase).flatMap((term) => {
        const id = context.termId(term);
        return id === undefined ? [] : [id];
      });
      if (terms.length === 0) continue;
      // A target of several words ("coconut water") matches only documents holding all of them.
      const target = terms.length === 1 ? terms[0] : context.phraseTerm(terms);
      if (target !== undefined) targetWeights.set(target, 1);
      const phraseVector = new Float32Array(context.dimensions);
      for (const term of terms) {
        const v = context.termVector(term);
        if (v !== null) for (let j = 0; j < v.length; j++) phraseVector[j]! += v[j]!;
      }
      let norm = 0;
      for (let j = 0; j < phraseVector.length; j++) norm += phraseVector[j]! ** 2;
      if (norm > 0) {
        hasVector = true;
        const scale = 1 / Math.sqrt(norm);
        for (let j = 0; j < vector.length; j++) vector[j]! += phraseVector[j]! * scale;
      }
    }
    const triggerTerms = new Set<number>();
    for (const trigger of [...definition.triggers.en, ...definition.triggers.th]) {
      const terms = context.terms(trigger);
      if (terms.length === 0) continue;
      const ids: (number | undefined)[] = terms.map((term) => context.termId(term));
      if (terms.length === 1 && ids[0] !== undefined) triggerTerms.add(ids[0]);
      let phrase = -1;
      const known = ids.filter((id): id is number => id !== undefined);
      if (terms.length > 1 && known.length === terms.length) phrase = context.phraseTerm(known) ?? -1;
      const list = triggers.get(terms[0]!);
      const entry = { terms, concept: index, phrase };
      if (list === undefined) triggers.set(terms[0]!, [entry]);
      else list.push(entry);
    }
    if (hasVector) {
      let norm = 0;
      for (let j = 0; j < vector.length; j++) norm += vector[j]! ** 2;
      const scale = 1 / Math.sqrt(norm);
      for (let j = 0; j < vector.length; j++) vector[j]! *= scale;
    }
    concepts.push({
      id: definition.id,
      targets: [...targetWeights].map(([term, weight]) => ({ term, weight })),
      triggerTerms: [...triggerTerms],
      vector: hasVector ? vector : null,
    });
  }
  // Longest trigger first, so that "hot pot" wins over a shorter trigger starting alike.
  for (const list of triggers.values()) list.sort((a, b) => b.terms.length - a.terms.length);
  return { concepts, triggers };
}
