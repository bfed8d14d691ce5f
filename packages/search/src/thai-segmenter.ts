/**
 * Thai word segmentation with `Intl.Segmenter('th', { granularity: 'word' })` (ICU's dictionary
 * segmenter). It is fed one run of Thai letters at a time, never a whole document, because its
 * cost grows faster than linearly with the input; runs are cut to a bounded length and their
 * segmentations are cached, since catalog names repeat the same runs over and over.
 */
const segmenter = new Intl.Segmenter('th', { granularity: 'word' });

/** Longest run handed to the segmenter at once; longer runs are cut into pieces of this size. */
const MAX_THAI_RUN = 64;
const MAX_CACHE = 200_000;
const cache = new Map<string, readonly string[]>();

/**
 * Splits a run of Thai letters (no spaces, digits or Latin letters) into words.
 *
 * @example
 * segmentThai('ไส้กรอกหมูรมควัน') // ['ไส้กรอก', 'หมู', 'รม', 'ควัน']
 */
export function segmentThai(run: string): readonly string[] {
  if (run.length === 0) return [];
  const hit = cache.get(run);
  if (hit !== undefined) return hit;
  const words: string[] = [];
  for (let start = 0; start < run.length; start += MAX_THAI_RUN) {
    const piece = run.length <= MAX_THAI_RUN ? run : run.slice(start, start + MAX_THAI_RUN);
    for (const part of segmenter.segment(piece)) if (part.segment.length > 0) words.push(part.segment);
  }
  if (cache.size >= MAX_CACHE) cache.clear();
  const frozen = Object.freeze(words);
  cache.set(run, frozen);
  return frozen;
}
