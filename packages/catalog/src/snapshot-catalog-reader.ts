import type { CatalogReader, CategoryTotal, ProductListFilter, ProductPage } from '@grocery/core/ports';
import type { Product } from '@grocery/core';
import { categoryKey } from '@grocery/search';
import type { CatalogSnapshot, SnapshotFilter } from './catalog-snapshot.ts';
import { searchWords } from './search-text.ts';

const fold = (value: string | null): string | null => {
  if (value === null) return null;
  const key = categoryKey(value);
  return key === '' ? null : key;
};

/** Core's `ProductListFilter` in the snapshot's terms (texts folded the way the indexes are). */
export function toSnapshotFilter(filter: ProductListFilter): SnapshotFilter {
  return {
    words: searchWords(filter.query),
    l1: fold(filter.l1),
    l2: fold(filter.l2),
    l3: fold(filter.l3),
    active: filter.activeOnly ? true : null,
    online: filter.onlineOnly ? true : null,
    alcohol: filter.alcoholOnly ? true : null,
  };
}

/**
 * Core's `CatalogReader` port (what GraphQL `product`, `products` and `categories` read) over the
 * snapshot being served. Every call reads the snapshot current at that moment, synchronously;
 * before the first snapshot it answers empty.
 *
 * @example
 * const catalog = snapshotCatalogReader(snapshots);
 * catalog.list({ query: 'milk', l1: null, l2: null, l3: null, alcoholOnly: false, activeOnly: true, onlineOnly: true }, { after: null, first: 20 });
 */
export function snapshotCatalogReader(source: { current(): CatalogSnapshot | null }): CatalogReader {
  return {
    version() {
      return source.current()?.version ?? null;
    },

    get(cprcodes) {
      const snapshot = source.current();
      if (!snapshot) return [];
      const out: Product[] = [];
      for (const cprcode of cprcodes) {
        const product = snapshot.get(cprcode);
        if (product) out.push(product);
      }
      return out;
    },

    list(filter, page): ProductPage {
      const snapshot = source.current();
      if (!snapshot) return { products: [], endCursor: null, hasNextPage: false, totalCount: 0 };
      const selection = snapshot.select(toSnapshotFilter(filter));
      const total = selection ? selection.length : snapshot.size;
      const start = page.after === null ? 0 : snapshot.positionAfter(selection, page.after);
      const end = Math.min(total, start + Math.max(0, page.first));
      const products: Product[] = [];
      for (let k = start; k < end; k++) products.push(snapshot.at(selection ? selection[k]! : k));
      return { products, endCursor: products.at(-1)?.cprcode ?? null, hasNextPage: end < total, totalCount: total };
    },

    *scan(filter, after) {
      // The snapshot is pinned for the whole scan, so a swap midway cannot skip or repeat products.
      const snapshot = source.current();
      if (!snapshot) return;
      const selection = snapshot.select(toSnapshotFilter(filter));
      const total = selection ? selection.length : snapshot.size;
      for (let k = after === null ? 0 : snapshot.positionAfter(selection, after); k < total; k++)
        yield snapshot.at(selection ? selection[k]! : k);
    },

    categories(): CategoryTotal[] {
      return [...(source.current()?.categories() ?? [])];
    },
  };
}
