/**
 * Where a query's tokens spell a phrase of the lexicons: a concept trigger ("tom yum", "cold and
 * flu") or a synonym set's phrase ("kitchen roll"), the longest one starting at a token.
 */
import type { IndexData } from './index-builder.ts';
import type { Token } from './tokenizer.ts';

/** The longest phrase starting at `at` among `phrases` (by first term), or null. */
function matchPhrase<T extends { terms: string[] }>(
  phrases: ReadonlyMap<string, readonly T[]>,
  tokens: readonly Token[],
  at: number,
): T | null {
  const candidates = phrases.get(tokens[at]!.term);
  if (candidates === undefined) return null;
  for (const candidate of candidates) {
    if (at + candidate.terms.length > tokens.length) continue;
    if (candidate.terms.every((term, j) => tokens[at + j]!.term === term)) return candidate;
  }
  return null;
}

export function matchTrigger(
  index: IndexData,
  tokens: readonly Token[],
  at: number,
): { concept: number; length: number; phrase: number } | null {
  const found = matchPhrase(index.triggers, tokens, at);
  return found === null ? null : { concept: found.concept, length: found.terms.length, phrase: found.phrase };
}

export function matchSynonym(
  index: IndexData,
  tokens: readonly Token[],
  at: number,
): { terms: string[]; own: number; alternatives: number[] } | null {
  return matchPhrase(index.synonyms, tokens, at);
}
