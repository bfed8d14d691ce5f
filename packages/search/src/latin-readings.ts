/**
 * Readings of a word in Latin letters: the Thai words it romanises, alone or with the one or two
 * words before it ("khao niao" → ข้าวเหนียว), and the closed compound two words make ("ice cream"
 * as "icecream") or the two words one is typed for.
 */
import type { IndexData } from './index-builder.ts';
import { keyRange } from './keyed-terms.ts';
import { df, put, type Expansion, type MatchWeights } from './query-clauses.ts';
import { aspirationAgrees, romanizeThai, romanKey } from './thai-romanizer.ts';
import type { Token } from './tokenizer.ts';
import { lowerBound } from './typo-matcher.ts';
import { addPrefix } from './word-readings.ts';

/** A Latin word as romanised Thai (with the words before it), and as half of a compound or a closed one. */
export function addLatinReadings(
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
