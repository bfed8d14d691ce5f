export type SearchLang = 'en' | 'th';
export type SearchMode = 'AUTOCOMPLETE' | 'SEMANTIC';

/** Identity-only search hit: never price or stock. */
export interface SearchHitRecord {
  cprcode: string;
  name: string;
  barcode: string | null;
  category: string | null;
  imageUrl: string | null;
  score: number;
}

export interface Suggestion {
  text: string;
  cprcode: string | null;
  kind: 'name' | 'brand' | 'category' | 'barcode';
}

/**
 * The ranked search service, as the API's GraphQL `search` and `searchSuggest` use it. Calls carry
 * the calling partner's key, so the search service sees (and limits) the same partner.
 */
export interface SearchClient {
  search(input: {
    query: string;
    lang: SearchLang;
    limit: number;
    mode: SearchMode;
    category?: string;
    active?: boolean;
    partnerKey: string;
  }): Promise<SearchHitRecord[]>;
  suggest(input: { query: string; lang: SearchLang; limit: number; partnerKey: string }): Promise<Suggestion[]>;
}
