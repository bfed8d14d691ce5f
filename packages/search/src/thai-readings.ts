/**
 * Readings of a Thai word: without its tone marks ("กุง" → กุ้ง), joined with the words before it
 * that the catalog holds as one word, its run matched whole when the segmenter cut it otherwise
 * than the catalog (with typos and letter-order slips when misspelt), and, as the last word of a run
 * typed so far, the words the catalog's runs go on with (see thai-runs.ts).
 */
import type { IndexData } from './index-builder.ts';
import { keyRange } from './keyed-terms.ts';
import { thaiToneless } from './normalizer.ts';
import { df, put, type Expansion, type MatchWeights } from './query-clauses.ts';
import type { RunCompletion } from './thai-runs.ts';
import type { Token } from './tokenizer.ts';
import { prefixRange, typoBudget } from './typo-matcher.ts';
import { addPrefix, addSkeleton, addTypos, COMMONER_COMPLETION } from './word-readings.ts';

/** A Thai word without its tone marks, joined with the words before it, and its run matched whole. */
export function addThaiReadings(
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

/** The surfaces of the Thai run that token `i` ends. */
export function runPieces(tokens: readonly Token[], i: number): string[] {
  let start = i;
  while (start > 0 && tokens[start - 1]!.kind === 'thai' && tokens[start - 1]!.run === tokens[i]!.run) start--;
  return tokens.slice(start, i + 1).map((t) => t.surface);
}

/** The catalog's runs go on past the typed word far more often than they end with it. */
export function runsGoOn(runs: readonly RunCompletion[]): boolean {
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
export function addRunCompletions(
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
