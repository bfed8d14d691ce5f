/**
 * Suggest: completions of what the shopper is typing. Digits complete to barcodes; words complete
 * to brands and shelves whose name (or a word in it) starts with the text, with or without its
 * tone marks, and to product names found by an AUTOCOMPLETE search (prefix on the last word, typo
 * tolerant, Thai slips and romanised Thai read as a search reads them, names first). Text with
 * a word the catalog does not hold (and a close word it does) leads with its corrected spelling:
 * a `name` suggestion without a cprcode.
 */
import type { SearchHitRecord, SearchLang, Suggestion } from '@grocery/core/ports';
import { categoryKey } from './category-tree.ts';
import { thaiToneless } from './normalizer.ts';
import type { IndexData } from './index-builder.ts';
import { parseQuery } from './query-parser.ts';
import type { SearchQuery, SuggestQuery } from './search-query.ts';
import { prefixRange } from './typo-matcher.ts';

/** Largest `limit` suggest honours (the HTTP layer allows 30). */
export const MAX_SUGGEST_LIMIT = 100;

interface Entry {
  key: string;
  text: string;
  kind: 'brand' | 'category';
  /** Products behind the entry: more is a likelier completion. */
  weight: number;
  /** The key is the start of the whole name, not of a later word in it. */
  whole: boolean;
}

/** Builds the suggest function of an index. */
export function buildSuggester(
  data: IndexData,
  search: (query: SearchQuery) => SearchHitRecord[],
  correct: (text: string) => string | null,
): (query: SuggestQuery) => Suggestion[] {
  const entries: Record<SearchLang, Entry[]> = { en: buildEntries(data, 'en'), th: buildEntries(data, 'th') };
  const keys: Record<SearchLang, string[]> = { en: entries.en.map((e) => e.key), th: entries.th.map((e) => e.key) };

  return (input) => {
    const limit = Math.max(0, Math.min(MAX_SUGGEST_LIMIT, Math.floor(Number.isFinite(input.limit) ? input.limit : 0)));
    if (limit === 0 || typeof input.query !== 'string') return [];
    const lang: SearchLang = input.lang === 'th' ? 'th' : 'en';
    const parsed = parseQuery(input.query);
    if (parsed.normalized.length === 0) return [];
    const out: Suggestion[] = [];
    const seen = new Set<string>();
    const add = (suggestion: Suggestion) => {
      const key = `${suggestion.kind}\u0000${suggestion.text.toLowerCase()}`;
      if (out.length >= limit || seen.has(key)) return;
      seen.add(key);
      out.push(suggestion);
    };

    if (parsed.digits !== null) {
      const [start, end] = prefixRange(data.sortedBarcodes, parsed.digits);
      for (let i = start; i < end && out.length < limit; i++) {
        const doc = data.sortedBarcodeDocs[i]!;
        add({ text: data.sortedBarcodes[i]!, cprcode: data.cprcodes[doc]!, kind: 'barcode' });
      }
      if (out.length > 0) return out;
    }

    // Text the catalog does not spell so leads with the catalog's spelling of it ("brocolli" → broccoli).
    const corrected = correct(input.query);
    if (corrected !== null) add({ text: corrected, cprcode: null, kind: 'name' });

    // Brands and shelves whose name starts with the text, tone marks or not: the strongest few lead.
    const matches: Entry[] = [];
    for (const prefix of new Set([parsed.normalized, thaiToneless(parsed.normalized)])) {
      const [start, end] = prefixRange(keys[lang], prefix);
      matches.push(...entries[lang].slice(start, Math.min(end, start + 500)));
    }
    matches.sort((a, b) => Number(b.whole) - Number(a.whole) || b.weight - a.weight);
    const leading = matches.filter((m) => m.whole).slice(0, 2);
    for (const m of leading) add({ text: m.text, cprcode: null, kind: m.kind });

    const hits = search({ query: input.query, lang, limit: Math.min(50, limit * 2), mode: 'AUTOCOMPLETE' });
    for (const hit of hits) add({ text: hit.name, cprcode: hit.cprcode, kind: 'name' });
    for (const m of matches) add({ text: m.text, cprcode: null, kind: m.kind });
    return out;
  };
}

function buildEntries(data: IndexData, lang: SearchLang): Entry[] {
  const counts = new Map<string, { kind: Entry['kind']; weight: number }>();
  const bump = (text: string | null, kind: Entry['kind']) => {
    if (!text) return;
    const key = `${kind}\u0000${text}`;
    const current = counts.get(key);
    if (current === undefined) counts.set(key, { kind, weight: 1 });
    else current.weight++;
  };
  for (let d = 0; d < data.docCount; d++) {
    bump(lang === 'th' ? (data.brandTh[d] ?? data.brandEn[d] ?? null) : (data.brandEn[d] ?? null), 'brand');
    for (const nodeId of [data.categories.docL2[d]!, data.categories.docL3[d]!]) {
      const node = data.categories.nodes[nodeId]!;
      bump(lang === 'th' ? node.nameTh || node.nameEn : node.nameEn, 'category');
    }
  }
  const entries: Entry[] = [];
  for (const [compound, { kind, weight }] of counts) {
    const text = compound.slice(compound.indexOf('\u0000') + 1);
    const key = categoryKey(text);
    if (key === '') continue;
    // Later words of a name also start a completion ("mill" finds "Dutch Mill"), and Thai typed without tone marks finds it too.
    for (const spelling of new Set([key, thaiToneless(key)])) {
      entries.push({ key: spelling, text, kind, weight, whole: true });
      let space = spelling.indexOf(' ');
      while (space >= 0) {
        entries.push({ key: spelling.slice(space + 1), text, kind, weight, whole: false });
        space = spelling.indexOf(' ', space + 1);
      }
    }
  }
  return entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
