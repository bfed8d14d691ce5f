/**
 * Turns parsed query tokens into clauses: each clause is one thing the shopper asked for, with the
 * index terms that satisfy it and how well (exact 1; prefix, compound and typo matches less).
 * Rules: the last word matches as a prefix unless the query ends in a space; Thai words also
 * match as prefixes (Thai compounds put the head first: นม → นมสด); a Thai run that the segmenter
 * cut differently from the catalog still matches whole; a Thai word typed without its tone marks
 * reads as the words that have them; a word in Latin letters reads as the Thai words it
 * romanises; a phrase of a synonym set reads as the others; two English words match their closed
 * compound; typos follow {@link typoBudget}, and a swap of two letters is one typo from four
 * letters; a count of cans, bottles or sachets reads as a pack count; a concept trigger becomes a
 * clause of its targets, and the words that only frame it ("things for", "at home") are dropped.
 */
import type { IndexData } from './index-builder.ts';
import { keyRange } from './keyed-terms.ts';
import { thaiToneless } from './normalizer.ts';
import type { ParsedQuery } from './query-parser.ts';
import { aspirationAgrees, romanizeThai, romanKey } from './thai-romanizer.ts';
import { MIN_SKELETON_LENGTH, spellingSkeleton } from './spelling-skeleton.ts';
import { matchSynonym, matchTrigger } from './lexicon-phrases.ts';
import { runCompletions, type RunCompletion } from './thai-runs.ts';
import type { Token } from './tokenizer.ts';
import { lowerBound, prefixRange, transposedCandidates, typoBudget, typoCandidates } from './typo-matcher.ts';

/** One way of satisfying a clause. */
export interface Expansion {
  term: number;
  weight: number;
  /** How many query tokens a match of this term accounts for (a whole Thai run or compound: more than one). */
  coverage: number;
  /** The expansion is a concept target, not a reading of the typed words. */
  target: boolean;
  /**
   * The reading is the typed words themselves, written another way (exactly, as a compound, in
   * Thai for a romanisation, with tone marks, a synonym), not a guess (a prefix, a typo).
   */
  sure: boolean;
}

export interface Clause {
  expansions: Expansion[];
  /** Query tokens the clause stands for. */
  span: number;
  /** Index of the concept the clause calls, or -1. */
  concept: number;
}

/** Weights of the ways a word can match; tuned on the judged query sets (eval/). */
export interface MatchWeights {
  exact: number;
  prefix: number;
  thaiPrefix: number;
  compound: number;
  typo1: number;
  typo2: number;
  prefixTypoFactor: number;
  /** Typo readings of a word that is itself in the catalog count for this much less (exact first). */
  typoBesideExact: number;
  /** A Thai word read without tone marks ("กุง" → กุ้ง), and the same when the typed word is a word too ("ขาว" → ข้าว). */
  toneless: number;
  tonelessBesideExact: number;
  /** A Thai word typed in Latin letters, and the same as a second thought (an English reading competes, or the aspiration differs). */
  romanised: number;
  romanisedBesideExact: number;
  /** Another phrase of a synonym set. */
  synonym: number;
  /** A count of cans, bottles or sachets read as a pack count, or the reverse. */
  packCount: number;
  conceptTarget: number;
  /** Other trigger words of a concept ("barbecue" for "bbq"). */
  conceptSynonym: number;
  maxPrefixExpansions: number;
  /** Completions of a Thai word that is not the last (Thai compounds put the head first). */
  maxThaiPrefixExpansions: number;
  maxTypoExpansions: number;
}

export const DEFAULT_MATCH_WEIGHTS: Readonly<MatchWeights> = {
  exact: 1,
  prefix: 0.8,
  thaiPrefix: 0.7,
  compound: 1,
  typo1: 0.6,
  typo2: 0.4,
  prefixTypoFactor: 0.8,
  typoBesideExact: 0.25,
  toneless: 0.95,
  tonelessBesideExact: 0.5,
  romanised: 1,
  romanisedBesideExact: 0.5,
  synonym: 0.95,
  packCount: 0.9,
  conceptTarget: 0.15,
  conceptSynonym: 0.35,
  maxPrefixExpansions: 24,
  maxThaiPrefixExpansions: 8,
  maxTypoExpansions: 10,
};

/** Plans the clauses of a query. */
export function planQuery(
  index: IndexData,
  query: ParsedQuery,
  weights: Readonly<MatchWeights> = DEFAULT_MATCH_WEIGHTS,
): Clause[] {
  const tokens = query.tokens;
  const clauses: Clause[] = [];
  const conceptAt = findConcepts(index, tokens);
  for (let i = 0; i < tokens.length;) {
    // A synonym phrase of several words ("kitchen roll") is one clause: the words together, or the other phrases.
    const synonym = matchSynonym(index, tokens, i);
    if (synonym !== null && synonym.terms.length > 1 && (conceptAt.get(i)?.length ?? 0) <= synonym.terms.length) {
      const length = synonym.terms.length;
      const expansions = new Map<number, Expansion>();
      if (synonym.own >= 0)
        put(expansions, { term: synonym.own, weight: weights.exact, coverage: length, target: false, sure: true });
      for (const term of synonym.alternatives)
        put(expansions, { term, weight: weights.synonym, coverage: length, target: false, sure: true });
      clauses.push({ expansions: finishClause(index, expansions, length), span: length, concept: -1 });
      i += length;
      continue;
    }
    // A trigger of several words ("cold and flu", "tom yum") is one clause: the words together, or the goods.
    const phraseConcept = conceptAt.get(i);
    if (phraseConcept !== undefined && phraseConcept.length > 1) {
      const { concept, length, phrase } = phraseConcept;
      const expansions = new Map<number, Expansion>();
      if (phrase >= 0)
        put(expansions, { term: phrase, weight: weights.exact, coverage: length, target: false, sure: true });
      addConcept(index, expansions, concept, length, weights);
      clauses.push({ expansions: [...expansions.values()], span: length, concept });
      i += length;
      continue;
    }
    const token = tokens[i]!;
    // "things for a newborn", "ingredients for tom kha", "ชาบูที่บ้าน": once an intent is named, the words framing it say nothing more.
    if (
      conceptAt.size > 0 &&
      !conceptAt.has(i) &&
      index.conceptFrames[lowerBound(index.conceptFrames, token.term)] === token.term
    ) {
      i++;
      continue;
    }
    clauses.push(wordClause(index, query, i, synonym, conceptAt.get(i)?.concept ?? -1, weights));
    i++;
  }
  return clauses;
}

/** Concept triggers by the token they start at; a trigger's goods join the clause of its last word. */
function findConcepts(
  index: IndexData,
  tokens: readonly Token[],
): Map<number, { concept: number; length: number; phrase: number }> {
  const conceptAt = new Map<number, { concept: number; length: number; phrase: number }>();
  for (let i = 0; i < tokens.length;) {
    const match = matchTrigger(index, tokens, i);
    if (match === null) {
      i++;
      continue;
    }
    conceptAt.set(i, match);
    i += match.length;
  }
  return conceptAt;
}

/** The clause of the word at `i`: every reading of it (and of it with the words before it). */
function wordClause(
  index: IndexData,
  query: ParsedQuery,
  i: number,
  synonym: { alternatives: number[] } | null,
  concept: number,
  weights: Readonly<MatchWeights>,
): Clause {
  const tokens = query.tokens;
  const token = tokens[i]!;
  const isLast = i === tokens.length - 1 && !query.completeLastWord;
  const expansions = new Map<number, Expansion>();
  const exact = index.termIds.get(token.term);
  // The words the catalog's Thai runs go on with, where this is the last word of a run typed so far.
  const pieces = isLast && token.kind === 'thai' ? runPieces(tokens, i) : [];
  const runs = pieces.length > 0 ? runCompletions(index.thaiRuns, pieces) : [];
  // A later word of such a run goes on as the catalog's runs go on, not as any word that starts so ("น้ำมัน|พ" → พืช).
  const inRun = pieces.length > 1 && runs.length > 0;
  // Typed as a prefix, a rare word is likelier the start of a far commoner one ("ช็อก" → ช็อกโกแลต): it is then one completion among them.
  const completion =
    isLast &&
    (token.kind === 'thai' ? runsGoOn(runs) : exact !== undefined && commonerCompletion(index, token.surface, exact));
  if (exact !== undefined && !completion)
    put(expansions, { term: exact, weight: weights.exact, coverage: 1, target: false, sure: true });

  if (isLast && !inRun) addPrefix(index, expansions, token.surface, weights.prefix, 1, weights.maxPrefixExpansions);
  else if (isLast) {
    // The run's pieces are read in the catalog's words.
  } else if (token.kind === 'thai' && token.surface.length >= 2)
    addPrefix(index, expansions, token.surface, weights.thaiPrefix, 1, weights.maxThaiPrefixExpansions);
  addRunCompletions(index, expansions, runs, weights);
  // A word on its way to an English word ("mi" → milk) reads as romanised Thai only as a second thought.
  const completing = [...expansions.values()].some((x) => !x.sure);
  if (token.kind === 'word' || token.kind === 'thai') {
    const budget = typoBudget(token.surface.length);
    if (budget > 0) {
      const before = expansions.size;
      addTypos(index, expansions, token.surface, budget, isLast, weights, 1, exact);
      // The stem is one edit closer for a misspelt inflection ("sausgae" → sausag); only when the word found nothing.
      if (expansions.size === before && token.term !== token.surface && token.term.length >= 5)
        addTypos(index, expansions, token.term, typoBudget(token.term.length), isLast, weights, 1, exact);
    } else if (exact === undefined) addTransposed(index, expansions, token.surface, weights);
    // A double letter moved or a mark on the wrong letter ("brocolli", "มะเขอืเทศ"): two edits, one slip.
    if (exact === undefined && !completion) addSkeleton(index, expansions, token.surface, 1, weights);
  }
  if (token.kind === 'thai')
    addThaiReadings(index, expansions, tokens, i, { isLast, completion, inRun, runs: runs.length > 0 }, exact, weights);
  if (token.kind === 'word') addLatinReadings(index, expansions, tokens, i, completing, exact, weights);
  if (synonym !== null)
    for (const term of synonym.alternatives)
      put(expansions, { term, weight: weights.synonym, coverage: 1, target: false, sure: true });
  if (token.kind === 'size') addPackCounts(index, expansions, token.term, weights);
  if (concept >= 0) addConcept(index, expansions, concept, 1, weights);
  return { expansions: finishClause(index, expansions, 1), span: 1, concept };
}

/** A Thai word without its tone marks, joined with the words before it, and its run matched whole. */
function addThaiReadings(
  index: IndexData,
  expansions: Map<number, Expansion>,
  tokens: readonly Token[],
  i: number,
  typing: { isLast: boolean; completion: boolean; inRun: boolean; runs: boolean },
  exact: number | undefined,
  weights: Readonly<MatchWeights>,
): void {
  const token = tokens[i]!;
  const { isLast } = typing;
  // A word on its way to a commoner one is not read as a whole word with its marks left out either.
  if (!typing.completion) addToneless(index, expansions, token.surface, 1, exact !== undefined, weights);
  if (isLast && !typing.inRun) addTonelessPrefix(index, expansions, token.surface, 1, weights);
  // Two or three Thai words of one run that the catalog holds as one word ("ไก่|ซี|พี" → ซีพี).
  for (let length = 2; length <= 3; length++) {
    const start = i - length + 1;
    if (start < 0 || tokens.slice(start, i).some((t) => t.run !== token.run || t.kind !== 'thai')) break;
    const joinedText = tokens
      .slice(start, i + 1)
      .map((t) => t.surface)
      .join('');
    const joined = index.termIds.get(joinedText);
    if (joined !== undefined)
      put(expansions, { term: joined, weight: weights.exact, coverage: length, target: false, sure: true });
    addToneless(index, expansions, joinedText, length, joined !== undefined, weights);
  }
  // A Thai run the segmenter cut differently here than in the catalog: match the run whole.
  if (tokens[i + 1]?.run === token.run) return;
  let start = i;
  while (start > 0 && tokens[start - 1]!.run === token.run && tokens[start - 1]!.kind === 'thai') start--;
  const length = i - start + 1;
  if (length <= 1) return;
  const whole = tokens
    .slice(start, i + 1)
    .map((t) => t.surface)
    .join('');
  const id = index.termIds.get(whole);
  if (id !== undefined)
    put(expansions, { term: id, weight: weights.exact, coverage: length, target: false, sure: true });
  addPrefix(
    index,
    expansions,
    whole,
    isLast ? weights.prefix : weights.thaiPrefix,
    length,
    weights.maxPrefixExpansions,
  );
  if (isLast) addTonelessPrefix(index, expansions, whole, length, weights);
  // A misspelt Thai word is often cut into odd pieces: "แชมพุ" → แชม|พุ. Match the run whole, with typos,
  // unless it is the start of the catalog's runs, typed so far.
  if (typing.runs) return;
  const budget = typoBudget(whole.length);
  if (id === undefined && budget > 0) addTypos(index, expansions, whole, budget, isLast, weights, length);
  if (id === undefined) addSkeleton(index, expansions, whole, length, weights);
}

/** A Latin word as romanised Thai (with the words before it), and as half of a compound or a closed one. */
function addLatinReadings(
  index: IndexData,
  expansions: Map<number, Expansion>,
  tokens: readonly Token[],
  i: number,
  completing: boolean,
  exact: number | undefined,
  weights: Readonly<MatchWeights>,
): void {
  const token = tokens[i]!;
  // Thai typed in Latin letters: this word, or it with the one or two before it ("khao niao" → ข้าวเหนียว).
  addRomanised(index, expansions, token.surface, 1, { completing, readings: [...expansions.values()] }, weights);
  for (let length = 2; length <= 3 && i - length + 1 >= 0; length++) {
    const words = tokens.slice(i - length + 1, i + 1);
    if (words.some((t) => t.kind !== 'word')) break;
    addRomanised(
      index,
      expansions,
      words.map((t) => t.surface).join(' '),
      length,
      { completing: false, readings: [] },
      weights,
    );
  }
  // "ice cream" typed as "icecream" in the catalog, or the reverse.
  const previous = tokens[i - 1];
  if (previous?.kind === 'word') {
    const joined = lookupSurface(index, previous.surface + token.surface);
    if (joined !== undefined)
      put(expansions, { term: joined, weight: weights.compound, coverage: 2, target: false, sure: true });
  }
  if (exact === undefined && token.surface.length >= 6) addSplit(index, expansions, token.surface, weights.compound);
}

/**
 * Readings that are the typed words themselves, written another way, stand for one thing: those of
 * one coverage are scored at the idf of the commonest of them, so a rare spelling ("gai" in a few
 * English names) does not outrank the common word it romanises (ไก่) on its rarity alone. And a
 * reading of several tokens ("nam tan" → น้ำตาล, "coca cola" → cocacola) counts for each of them,
 * as the words would if they matched one by one.
 */
function finishClause(index: IndexData, expansions: Map<number, Expansion>, span: number): Expansion[] {
  const list = [...expansions.values()];
  const minIdf = new Map<number, number>();
  for (const x of list)
    if (x.sure && !x.target)
      minIdf.set(x.coverage, Math.min(minIdf.get(x.coverage) ?? Number.POSITIVE_INFINITY, index.postings.idf[x.term]!));
  for (const x of list) {
    if (x.target) continue;
    if (x.sure) x.weight *= Math.min(1, minIdf.get(x.coverage)! / Math.max(1e-6, index.postings.idf[x.term]!));
    if (x.coverage > span) x.weight *= x.coverage / span;
  }
  return list;
}

/** Adds a concept's goods (and its other trigger words) to a clause; a match satisfies `coverage` tokens. */
function addConcept(
  index: IndexData,
  expansions: Map<number, Expansion>,
  concept: number,
  coverage: number,
  weights: Readonly<MatchWeights>,
): void {
  const compiled = index.concepts[concept]!;
  for (const term of compiled.triggerTerms)
    put(expansions, { term, weight: weights.conceptSynonym, coverage, target: true, sure: false });
  for (const target of compiled.targets)
    put(expansions, {
      term: target.term,
      weight: weights.conceptTarget * target.weight,
      coverage,
      target: true,
      sure: false,
    });
}

function put(map: Map<number, Expansion>, expansion: Expansion): void {
  const current = map.get(expansion.term);
  if (
    current === undefined ||
    expansion.weight > current.weight ||
    (expansion.weight === current.weight && expansion.coverage > current.coverage)
  )
    map.set(expansion.term, expansion);
}

function df(index: IndexData, term: number): number {
  return index.postings.offsets[term + 1]! - index.postings.offsets[term]!;
}

/** Words starting with `prefix`: the most frequent first when there are too many. */
function addPrefix(
  index: IndexData,
  expansions: Map<number, Expansion>,
  prefix: string,
  weight: number,
  coverage: number,
  max: number,
): void {
  const [start, end] = prefixRange(index.surfaces, prefix);
  if (start === end) return;
  let candidates: number[] = [];
  for (let s = start; s < end; s++) candidates.push(s);
  if (candidates.length > max) {
    // Scanning a short prefix's range is bounded by the vocabulary; keep the commonest words.
    candidates.sort((a, b) => df(index, index.surfaceTerms[b]!) - df(index, index.surfaceTerms[a]!));
    candidates = candidates.slice(0, max);
  }
  let maxDf = 1;
  let minIdf = Number.POSITIVE_INFINITY;
  for (const s of candidates) {
    maxDf = Math.max(maxDf, df(index, index.surfaceTerms[s]!));
    minIdf = Math.min(minIdf, index.postings.idf[index.surfaceTerms[s]!]!);
  }
  for (const s of candidates) {
    const term = index.surfaceTerms[s]!;
    const surface = index.surfaces[s]!;
    // A common completion is the likelier one ("fresh mi" → milk before mint), so a rare one must not
    // win on its idf alone: completions are scored at the idf of the commonest; a long one is less certain.
    const completion = prefix.length / surface.length;
    const popularity = Math.log1p(df(index, term)) / Math.log1p(maxDf);
    const idfScale = minIdf / Math.max(1e-6, index.postings.idf[term]!);
    put(expansions, {
      term,
      weight: weight * (0.85 + 0.15 * completion) * (0.6 + 0.4 * popularity) * idfScale,
      coverage,
      target: false,
      sure: false,
    });
  }
}

function addTypos(
  index: IndexData,
  expansions: Map<number, Expansion>,
  surface: string,
  budget: number,
  prefix: boolean,
  weights: Readonly<MatchWeights>,
  coverage = 1,
  exact?: number,
): void {
  const matches = typoCandidates(index.surfaces, surface, budget, { prefix, maxMatches: 200 });
  // Exact matches rank before typo matches (Meilisearch's "typo" rule); a rare neighbour's idf must not beat them.
  const besideExact = exact === undefined ? 1 : weights.typoBesideExact;
  const referenceIdf = exact === undefined ? Number.POSITIVE_INFINITY : index.postings.idf[exact]!;
  const scored = matches
    .map((m) => {
      const whole =
        m.distance === 0 ? weights.exact : m.distance === 1 ? weights.typo1 : m.distance === 2 ? weights.typo2 : 0;
      const partial = prefix
        ? (m.prefixDistance === 0 ? weights.prefix : m.prefixDistance === 1 ? weights.typo1 : weights.typo2) *
          weights.prefixTypoFactor
        : 0;
      return { term: index.surfaceTerms[m.index]!, weight: Math.max(whole, partial) };
    })
    .filter((m) => m.weight > 0)
    .sort((a, b) => b.weight - a.weight || df(index, b.term) - df(index, a.term))
    .slice(0, weights.maxTypoExpansions);
  let minIdf = referenceIdf;
  for (const m of scored) minIdf = Math.min(minIdf, index.postings.idf[m.term]!);
  for (const m of scored) {
    const idfScale = Math.min(1, minIdf / Math.max(1e-6, index.postings.idf[m.term]!));
    put(expansions, { term: m.term, weight: m.weight * besideExact * idfScale, coverage, target: false, sure: false });
  }
}

/** A word too short for the typo budget, with two neighbouring letters swapped ("mlik" → milk). */
function addTransposed(
  index: IndexData,
  expansions: Map<number, Expansion>,
  surface: string,
  weights: Readonly<MatchWeights>,
): void {
  const matches = transposedCandidates(index.surfaces, surface);
  let minIdf = Number.POSITIVE_INFINITY;
  for (const m of matches) minIdf = Math.min(minIdf, index.postings.idf[index.surfaceTerms[m.index]!]!);
  for (const m of matches) {
    const term = index.surfaceTerms[m.index]!;
    put(expansions, {
      term,
      weight: weights.typo1 * Math.min(1, minIdf / Math.max(1e-6, index.postings.idf[term]!)),
      coverage: 1,
      target: false,
      sure: false,
    });
  }
}

/** The surfaces of the Thai run that token `i` ends. */
function runPieces(tokens: readonly Token[], i: number): string[] {
  let start = i;
  while (start > 0 && tokens[start - 1]!.kind === 'thai' && tokens[start - 1]!.run === tokens[i]!.run) start--;
  return tokens.slice(start, i + 1).map((t) => t.surface);
}

/** The catalog's runs go on past the typed word far more often than they end with it. */
function runsGoOn(runs: readonly RunCompletion[]): boolean {
  let partial = 0;
  let whole = 0;
  for (const r of runs) {
    if (r.partial) partial += r.count;
    else whole += r.count;
  }
  return partial >= COMMONER_COMPLETION * Math.max(1, whole);
}

/**
 * The words the catalog's runs go on with from the last word typed ("แชม" → แชมพู, "มา|ยอ" →
 * ยอง), the commonest few, scored as completions (as {@link addPrefix} scores them): by their
 * products, at the idf of the commonest, the typed word itself included when runs end with it.
 */
function addRunCompletions(
  index: IndexData,
  expansions: Map<number, Expansion>,
  runs: readonly RunCompletion[],
  weights: Readonly<MatchWeights>,
): void {
  const partial = runs.filter((r) => r.partial).slice(0, weights.maxThaiPrefixExpansions);
  if (partial.length === 0) return;
  let maxDf = 1;
  let minIdf = Number.POSITIVE_INFINITY;
  for (const r of runs) {
    maxDf = Math.max(maxDf, df(index, r.term));
    minIdf = Math.min(minIdf, index.postings.idf[r.term]!);
  }
  for (const r of partial) {
    const popularity = Math.log1p(df(index, r.term)) / Math.log1p(maxDf);
    const idfScale = minIdf / Math.max(1e-6, index.postings.idf[r.term]!);
    put(expansions, {
      term: r.term,
      weight: weights.prefix * (0.6 + 0.4 * popularity) * idfScale,
      coverage: 1,
      target: false,
      sure: false,
    });
  }
}

/** Completions of `surface` at least this many times commoner than the word itself make it a completion too. */
const COMMONER_COMPLETION = 4;

function commonerCompletion(index: IndexData, surface: string, exact: number): boolean {
  const [start, end] = prefixRange(index.surfaces, surface);
  const own = df(index, exact);
  for (let s = start; s < end && s < start + 200; s++)
    if (df(index, index.surfaceTerms[s]!) >= COMMONER_COMPLETION * Math.max(1, own)) return true;
  return false;
}

/**
 * Thai words whose tone-mark-less form starts with `text`'s: a prefix typed with a tone mark
 * left out or mistyped ("ช๊อก", "ชอก" → ช็อกโกแลต); the commonest few, scored as completions.
 */
function addTonelessPrefix(
  index: IndexData,
  expansions: Map<number, Expansion>,
  text: string,
  coverage: number,
  weights: Readonly<MatchWeights>,
): void {
  const key = thaiToneless(text);
  if (key.length < 2) return;
  const [first, last] = prefixRange(index.toneless.keys, key);
  if (first === last) return;
  const terms = [
    ...new Set(index.toneless.terms.subarray(index.toneless.offsets[first]!, index.toneless.offsets[last]!)),
  ]
    .sort((a, b) => df(index, b) - df(index, a))
    .slice(0, weights.maxThaiPrefixExpansions);
  const maxDf = df(index, terms[0]!);
  const minIdf = index.postings.idf[terms[0]!]!;
  for (const term of terms) {
    const popularity = Math.log1p(df(index, term)) / Math.log1p(maxDf);
    const idfScale = minIdf / Math.max(1e-6, index.postings.idf[term]!);
    put(expansions, {
      term,
      weight: weights.thaiPrefix * (0.6 + 0.4 * popularity) * idfScale,
      coverage,
      target: false,
      sure: false,
    });
  }
}

/** The catalog's words that share `text`'s spelling skeleton: a letter-order slip, read as one typo. */
function addSkeleton(
  index: IndexData,
  expansions: Map<number, Expansion>,
  text: string,
  coverage: number,
  weights: Readonly<MatchWeights>,
): void {
  if (text.length < MIN_SKELETON_LENGTH) return;
  const [start, end] = keyRange(index.skeletons, spellingSkeleton(text));
  let minIdf = Number.POSITIVE_INFINITY;
  for (let e = start; e < end; e++) minIdf = Math.min(minIdf, index.postings.idf[index.skeletons.terms[e]!]!);
  for (let e = start; e < end; e++) {
    const term = index.skeletons.terms[e]!;
    put(expansions, {
      term,
      weight: weights.typo1 * Math.min(1, minIdf / Math.max(1e-6, index.postings.idf[term]!)),
      coverage,
      target: false,
      sure: false,
    });
  }
}

/** The catalog's Thai words that `text` is without their tone marks. */
function addToneless(
  index: IndexData,
  expansions: Map<number, Expansion>,
  text: string,
  coverage: number,
  isWord: boolean,
  weights: Readonly<MatchWeights>,
): void {
  const [start, end] = keyRange(index.toneless, thaiToneless(text));
  for (let e = start; e < end; e++) {
    const term = index.toneless.terms[e]!;
    // The typed word being a word itself ("ขาว", white), the marked one ("ข้าว", rice) is only a likely reading.
    put(expansions, {
      term,
      weight: isWord ? weights.tonelessBesideExact : weights.toneless,
      coverage,
      target: false,
      sure: !isWord,
    });
  }
}

/**
 * The Thai words that Latin `text` romanises ("moo" → หมู, "nam tan" → น้ำตาล). A word that reads as
 * English too reads as Thai only as a second thought, scored no higher than its English readings'
 * commonest idf: when it is on its way to an English word ("mi" → milk), or when it is one, or a
 * typo of one ("pad", "prok"), unless the Thai reading is the commoner ("gai": a few English names
 * hold it, ไก่ thousands).
 */
function addRomanised(
  index: IndexData,
  expansions: Map<number, Expansion>,
  text: string,
  coverage: number,
  english: { completing: boolean; readings: readonly Expansion[] },
  weights: Readonly<MatchWeights>,
): void {
  const [start, end] = keyRange(index.romanised, romanKey(text));
  if (start === end) return;
  let romanisedDf = 0;
  for (let e = start; e < end; e++) romanisedDf += df(index, index.romanised.terms[e]!);
  let englishIdf = Number.POSITIVE_INFINITY;
  for (const x of english.readings) englishIdf = Math.min(englishIdf, index.postings.idf[x.term]!);
  const secondThought = english.completing || english.readings.some((x) => df(index, x.term) >= romanisedDf);
  for (let e = start; e < end; e++) {
    const term = index.romanised.terms[e]!;
    const word = index.romanised.words[e]!;
    // Of the Thai words one key stands for ("kai": ไก่ and ไข่), a spelling that shows the other aspiration ("gai") does not mean this one.
    const sure = !secondThought && aspirationAgrees(text, romanizeThai(word));
    const weight = sure
      ? weights.romanised
      : weights.romanisedBesideExact * Math.min(1, englishIdf / Math.max(1e-6, index.postings.idf[term]!));
    put(expansions, { term, weight, coverage, target: false, sure });
    // Thai compounds put the head first: "kluay" is กล้วย, and กล้วยหอม too.
    if (coverage === 1 && sure)
      addPrefix(index, expansions, word, weights.thaiPrefix, 1, weights.maxThaiPrefixExpansions);
  }
}

/** "6 กระป๋อง", "30 ซอง": a count of containers is the pack count of a multipack ("320 ml x 6"), and the reverse. */
function addPackCounts(
  index: IndexData,
  expansions: Map<number, Expansion>,
  term: string,
  weights: Readonly<MatchWeights>,
): void {
  const match = /^(\d+)(can|bottle|bag|box|pack)$/.exec(term);
  if (match === null) return;
  const others = match[2] === 'pack' ? ['can', 'bottle', 'bag', 'box'] : ['pack'];
  for (const unit of others) {
    const id = index.termIds.get(match[1]! + unit);
    if (id !== undefined)
      put(expansions, { term: id, weight: weights.packCount, coverage: 1, target: false, sure: true });
  }
}

/** "icecream": two catalog words typed as one; matches documents holding the first part. */
function addSplit(index: IndexData, expansions: Map<number, Expansion>, surface: string, weight: number): void {
  for (let cut = 3; cut <= surface.length - 3; cut++) {
    const left = lookupSurface(index, surface.slice(0, cut));
    const right = lookupSurface(index, surface.slice(cut));
    if (left !== undefined && right !== undefined) {
      // Both halves must be present; the rarer half is the better single stand-in.
      const term = df(index, left) <= df(index, right) ? left : right;
      put(expansions, { term, weight: weight * 0.8, coverage: 1, target: false, sure: false });
      return;
    }
  }
}

function lookupSurface(index: IndexData, surface: string): number | undefined {
  const start = lowerBound(index.surfaces, surface);
  return index.surfaces[start] === surface ? index.surfaceTerms[start] : undefined;
}
