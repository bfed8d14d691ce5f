/**
 * Turns parsed query tokens into clauses (query-clauses.ts): each clause is one thing the shopper
 * asked for, with the index terms that satisfy it and how well. Rules: the last word matches as a
 * prefix unless the query ends in a space; Thai words also match as prefixes (Thai compounds put
 * the head first: นม → นมสด); a phrase of a synonym set reads as the others; a concept trigger
 * becomes a clause of its targets, and the words that only frame it ("things for", "at home") are
 * dropped. How one word is read is in word-readings.ts (prefixes, typos, slips, pack counts),
 * thai-readings.ts and latin-readings.ts (romanised Thai, compounds).
 */
import type { IndexData } from './index-builder.ts';
import { addLatinReadings } from './latin-readings.ts';
import { matchSynonym, matchTrigger } from './lexicon-phrases.ts';
import { put, type Clause, type Expansion, type MatchWeights, DEFAULT_MATCH_WEIGHTS } from './query-clauses.ts';
import type { ParsedQuery } from './query-parser.ts';
import { addRunCompletions, addThaiReadings, runPieces, runsGoOn } from './thai-readings.ts';
import { runCompletions } from './thai-runs.ts';
import type { Token } from './tokenizer.ts';
import { lowerBound, typoBudget } from './typo-matcher.ts';
import { addPackCounts, addPrefix, addSkeleton, addTransposed, addTypos, commonerCompletion } from './word-readings.ts';

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
