import type { Product } from '../model/product.ts';

/** Which products to list; mirrors GraphQL `ProductFilter`. */
export interface ProductListFilter {
  /** Words that must all appear (case- and accent-insensitive) in the name (en or th), brand, barcode or keywords. */
  query: string | null;
  /** Category names per level, matched in English or Thai, case-insensitively. */
  l1: string | null;
  l2: string | null;
  l3: string | null;
  alcoholOnly: boolean;
  activeOnly: boolean;
  onlineOnly: boolean;
}

export interface ProductPage {
  products: Product[];
  /** cprcode of the last product on the page; pass as `after` for the next page. */
  endCursor: string | null;
  hasNextPage: boolean;
  /** Products matching the filter in all pages. */
  totalCount: number;
}

export interface CategoryTotal {
  name: string;
  nameTh: string;
  /** Active online products in the category. */
  count: number;
}

/**
 * The in-memory catalog snapshot, read synchronously on the request path. Products are ordered by
 * cprcode; cursors are cprcodes. Identity only: price and stock always come from the grocer.
 */
export interface CatalogReader {
  /** Version of the snapshot being served; null until the first snapshot is ready. */
  version(): string | null;
  /** Products by cprcode, in request order; unknown cprcodes are left out. */
  get(cprcodes: readonly string[]): Product[];
  /** A page of products matching the filter after the cursor. */
  list(filter: ProductListFilter, page: { after: string | null; first: number }): ProductPage;
  /** Products matching the filter after the cursor, lazily, in order (for filters the snapshot cannot answer alone, such as "priced at a branch"). */
  scan(filter: ProductListFilter, after: string | null): Iterable<Product>;
  /** Top-level categories with product counts. */
  categories(): CategoryTotal[];
}
