/**
 * English stemming: Porter2 (the Snowball English stemmer) from `wink-porter2-stemmer`, cached
 * because catalog vocabularies repeat the same words hundreds of thousands of times.
 */
import porter2 from 'wink-porter2-stemmer';

/** Stems shorter than this are left alone: "uht", "bbq", "ice" carry no suffix worth removing. */
const MIN_STEM_LENGTH = 4;
const MAX_CACHE = 100_000;
const cache = new Map<string, string>();

/**
 * Porter2 stem of one normalised (lower-case, ASCII) English word. Words holding digits or
 * non-Latin letters are returned unchanged.
 *
 * @example
 * stemWord('sausages') // 'sausag'
 * stemWord('sausage')  // 'sausag'
 */
export function stemWord(word: string): string {
  if (word.length < MIN_STEM_LENGTH) return word;
  const hit = cache.get(word);
  if (hit !== undefined) return hit;
  const stem = isPlainLatin(word) ? porter2(word) : word;
  if (cache.size >= MAX_CACHE) cache.clear();
  cache.set(word, stem);
  return stem;
}

function isPlainLatin(word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    if (code < 0x61 || code > 0x7a) return false;
  }
  return true;
}
