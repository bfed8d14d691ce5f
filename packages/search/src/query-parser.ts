/**
 * Query hygiene: whatever a caller sends, the engine works on a bounded, normalised token list.
 * Raw text is cut before normalisation (so a 10,000-character string costs no more than a short
 * one), normalised like the documents (NFKD, zero-width characters, stray combining marks and
 * emoji removed), and cut again to a few tokens. Nothing from the query is ever compiled into a
 * regular expression or any other program.
 */
import { normalizeText } from './normalizer.ts';
import { tokenizeNormalized, type Token, type TokenizeOptions } from './tokenizer.ts';

/** Bounds of a query. */
export const QUERY_BOUNDS = {
  /** Code units of raw input looked at; the HTTP layer already refuses more than 200 characters. */
  maxInputUnits: 512,
  /** Code units of normalised text kept. */
  maxNormalizedUnits: 256,
  /** Tokens kept. */
  maxTokens: 12,
} as const;

/** A query ready for planning. */
export interface ParsedQuery {
  normalized: string;
  tokens: Token[];
  /** The raw query ended in white space: its last word is complete, no prefix matching. */
  completeLastWord: boolean;
  /** The query read as a code (barcode or cprcode): its digits when it holds only digits and spaces. */
  digits: string | null;
}

/**
 * Parses raw query text; `segmentThai` cuts Thai runs (an index passes its vocabulary's cutter).
 *
 * @example
 * parseQuery('  Meiji นมสด 830ml ').tokens.map((t) => t.term) // ['meiji', 'นมสด', '830ml']
 */
export function parseQuery(raw: string, options: Pick<TokenizeOptions, 'segmentThai'> = {}): ParsedQuery {
  let input = raw.length > QUERY_BOUNDS.maxInputUnits ? raw.slice(0, QUERY_BOUNDS.maxInputUnits) : raw;
  // A lone high surrogate left by the cut would become U+FFFD: drop it.
  const lastCode = input.charCodeAt(input.length - 1);
  if (lastCode >= 0xd800 && lastCode <= 0xdbff) input = input.slice(0, -1);
  let normalized = normalizeText(input);
  if (normalized.length > QUERY_BOUNDS.maxNormalizedUnits) {
    const cut = normalized.lastIndexOf(' ', QUERY_BOUNDS.maxNormalizedUnits);
    normalized = normalized.slice(0, cut > 0 ? cut : QUERY_BOUNDS.maxNormalizedUnits);
  }
  let tokens = tokenizeNormalized(normalized, { maxTokens: QUERY_BOUNDS.maxTokens, ...options });
  // A query of stopwords only ("the") still deserves an answer.
  if (tokens.length === 0 && normalized.length > 0)
    tokens = tokenizeNormalized(normalized, { maxTokens: QUERY_BOUNDS.maxTokens, keepStopwords: true, ...options });
  const completeLastWord = /\s$/u.test(input) && tokens.length > 0;
  let digits: string | null = null;
  if (normalized.length > 0) {
    const compact = normalized.replaceAll(' ', '');
    if (isDigits(compact)) digits = compact;
  }
  return { normalized, tokens, completeLastWord, digits };
}

function isDigits(text: string): boolean {
  if (text.length === 0 || text.length > 20) return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x30 || code > 0x39) return false;
  }
  return true;
}
