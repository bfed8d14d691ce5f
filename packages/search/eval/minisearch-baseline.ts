/**
 * The baseline: MiniSearch over the same documents, configured as a careful engineer would (all
 * identity fields, boosts like ours, fuzzy 0.2, prefix, OR). `thaiSegmentation` adds a tokenizer
 * that segments Thai with Intl.Segmenter, which MiniSearch's default tokenizer does not do.
 */
import MiniSearch from 'minisearch';
import type { SearchDocument } from '../src/index.ts';

interface MiniDocument {
  id: number;
  nameEn: string;
  nameTh: string;
  brand: string;
  category: string;
  keywords: string;
  barcode: string;
  cprcode: string;
  size: string;
}

/** Options of {@link createMiniSearchBaseline}. */
export interface MiniSearchBaselineOptions {
  thaiSegmentation?: boolean;
}

/** A built MiniSearch baseline: `search` answers cprcodes, best first. */
export interface MiniSearchBaseline {
  search(query: string, limit: number): string[];
}

const SPACE_OR_PUNCTUATION = /[\n\r\p{Z}\p{P}]+/u;
const thai = new Intl.Segmenter('th', { granularity: 'word' });

function segmentingTokenizer(text: string): string[] {
  const out: string[] = [];
  for (const chunk of text.split(SPACE_OR_PUNCTUATION)) {
    if (chunk.length === 0) continue;
    if (/[\u0e00-\u0e7f]/u.test(chunk))
      for (const s of thai.segment(chunk)) {
        if (s.isWordLike) out.push(s.segment);
      }
    else out.push(chunk);
  }
  return out;
}

/** Indexes `docs` in MiniSearch. */
export function createMiniSearchBaseline(
  docs: readonly SearchDocument[],
  options: MiniSearchBaselineOptions = {},
): MiniSearchBaseline {
  const tokenize = options.thaiSegmentation ? segmentingTokenizer : undefined;
  const mini = new MiniSearch<MiniDocument>({
    fields: ['nameEn', 'nameTh', 'brand', 'category', 'keywords', 'barcode', 'cprcode', 'size'],
    storeFields: [],
    ...(tokenize ? { tokenize } : {}),
    searchOptions: {
      boost: { nameEn: 3, nameTh: 3, brand: 2, category: 1.5, keywords: 1.2, barcode: 5, cprcode: 5, size: 1 },
      fuzzy: 0.2,
      prefix: true,
      combineWith: 'OR',
      ...(tokenize ? { tokenize } : {}),
    },
  });
  mini.addAll(
    docs.map((d, id) => ({
      id,
      nameEn: d.nameEn,
      nameTh: d.nameTh,
      brand: [d.brandEn, d.brandTh].filter(Boolean).join(' '),
      category: [...d.categoryEn, ...d.categoryTh].join(' '),
      keywords: d.keywords.join(' '),
      barcode: d.barcode ?? '',
      cprcode: d.cprcode,
      size: d.sizeDesc ?? '',
    })),
  );
  return {
    search: (query, limit) =>
      mini
        .search(query)
        .slice(0, limit)
        .map((r) => docs[r.id as number]!.cprcode),
  };
}
