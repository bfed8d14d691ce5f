/** The requests a search index answers; their own module, as both the index and the suggester read them. */
import type { SearchLang, SearchMode } from '@grocery/core/ports';

/** A search request. `category` names any level (English or Thai name, or grocer code). */
export interface SearchQuery {
  query: string;
  lang: SearchLang;
  limit: number;
  mode: SearchMode;
  category?: string | undefined;
  /** Only active (true) or only inactive (false) products; all when absent. */
  active?: boolean | undefined;
}

/** A suggest request. */
export interface SuggestQuery {
  query: string;
  lang: SearchLang;
  limit: number;
}
