import type { Product } from '@grocery/core';

// Characters that NFD splits into a base letter and a Latin combining mark (or such marks themselves).
const ACCENTED = /[\u00c0-\u024f\u0370-\u04ff\u1e00-\u1fff]|[\u0300-\u036f]/;
const LATIN_MARKS = /[\u0300-\u036f]/g;
const SPACES = /\s+/g;

/**
 * Folds text for matching: lower case, Latin accents removed, whitespace collapsed. Thai is kept
 * as-is (its vowel and tone marks are letters, not accents), so only U+0300–U+036F are dropped.
 *
 * @example
 * normalizeSearchText('  Crème  BRÛLÉE ') // 'creme brulee'
 */
export function normalizeSearchText(text: string): string {
  // Most catalog text (English or Thai) has no Latin accents; skipping NFD there keeps builds fast.
  const folded = ACCENTED.test(text)
    ? text.normalize('NFD').replace(LATIN_MARKS, '').toLowerCase().normalize('NFC')
    : text.toLowerCase();
  return folded.replace(SPACES, ' ').trim();
}

/** The words of a search text, folded; every one must appear in a product's search text. */
export function searchWords(query: string | null | undefined): string[] {
  if (!query) return [];
  const folded = normalizeSearchText(query);
  return folded === '' ? [] : [...new Set(folded.split(' '))];
}

// Keeps a word from matching across two fields.
const FIELD_SEPARATOR = '\u0001';

/** Folds text for the search buffer; whitespace is left alone because query words never hold any. */
function foldText(text: string): string {
  return ACCENTED.test(text)
    ? text.normalize('NFD').replace(LATIN_MARKS, '').toLowerCase().normalize('NFC')
    : text.toLowerCase();
}

/** The folded search text of a keyword list (a builder computes it once per distinct list). */
export function keywordSearchText(keywords: readonly string[]): string {
  return keywords.length === 0 ? '' : FIELD_SEPARATOR + foldText(keywords.join(FIELD_SEPARATOR));
}

/** The folded search text of a product's names (en, th), brands and barcode: all but its keywords. */
export function identitySearchText(product: Product): string {
  let text = `${product.nameEn}${FIELD_SEPARATOR}${product.nameTh}`;
  if (product.brandEn) text += FIELD_SEPARATOR + product.brandEn;
  if (product.brandTh) text += FIELD_SEPARATOR + product.brandTh;
  if (product.barcode) text += FIELD_SEPARATOR + product.barcode;
  return foldText(text);
}

/** The folded text a product is searched by: names (en, th), brands, barcode and keywords. */
export function productSearchText(product: Product): string {
  return identitySearchText(product) + keywordSearchText(product.keywords);
}

/** True when every word occurs in the search text (substring match, so Thai needs no word breaking). */
export function matchesWords(searchText: string, words: readonly string[]): boolean {
  for (const word of words) if (!searchText.includes(word)) return false;
  return true;
}
