import type { Product } from '../model/product.ts';
import type { CatalogReader, CategoryTotal, ProductListFilter, ProductPage } from '../ports/catalog-reader.ts';

/** Lower case without accents, so that `Café` matches `cafe`. */
const fold = (text: string): string => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** Shorter cprcodes first, then by digits: the snapshot's order. */
const compareCprcode = (a: string, b: string): number => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
export const byCprcode = (a: Product, b: Product): number => compareCprcode(a.cprcode, b.cprcode);

function matches(product: Product, filter: ProductListFilter): boolean {
  if (filter.activeOnly && !product.active) return false;
  if (filter.onlineOnly && !product.online) return false;
  if (filter.alcoholOnly && !product.alcohol) return false;
  const { category } = product;
  const levels: [string | null, string, string][] = [
    [filter.l1, category.l1, category.l1Th],
    [filter.l2, category.l2, category.l2Th],
    [filter.l3, category.l3, category.l3Th],
  ];
  if (levels.some(([wanted, en, th]) => wanted !== null && fold(wanted) !== fold(en) && fold(wanted) !== fold(th)))
    return false;
  if (!filter.query) return true;
  const text = fold(
    [product.nameEn, product.nameTh, product.brandEn, product.brandTh, product.barcode, ...product.keywords]
      .filter(Boolean)
      .join(' '),
  );
  return fold(filter.query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word));
}

/**
 * A `CatalogReader` over a list of products held in memory: the filters of the real snapshot
 * (words in names, brand, barcode and keywords; category names in English or Thai; active, online,
 * alcohol), products in cprcode order, cursors as cprcodes.
 *
 * @example
 * const catalog = new InMemoryCatalog([testProduct({ cprcode: '100001', nameEn: 'Fresh milk 1 l' })]);
 */
export class InMemoryCatalog implements CatalogReader {
  #products: Product[];
  #version: string;

  constructor(products: readonly Product[], version = 'in-memory-1') {
    this.#products = [...products].sort(byCprcode);
    this.#version = version;
  }

  /** Replaces the products, as a new snapshot would. */
  replace(products: readonly Product[], version: string): void {
    this.#products = [...products].sort(byCprcode);
    this.#version = version;
  }

  version(): string | null {
    return this.#version;
  }

  get(cprcodes: readonly string[]): Product[] {
    const byCode = new Map(this.#products.map((product) => [product.cprcode, product]));
    return cprcodes.flatMap((cprcode) => byCode.get(cprcode) ?? []);
  }

  list(filter: ProductListFilter, page: { after: string | null; first: number }): ProductPage {
    const all = this.#products.filter((product) => matches(product, filter));
    const { after } = page;
    const rest = after === null ? all : all.filter((product) => compareCprcode(product.cprcode, after) > 0);
    const products = rest.slice(0, page.first);
    return {
      products,
      endCursor: products.at(-1)?.cprcode ?? null,
      hasNextPage: rest.length > products.length,
      totalCount: all.length,
    };
  }

  *scan(filter: ProductListFilter, after: string | null): Iterable<Product> {
    for (const product of this.#products) {
      if ((after === null || compareCprcode(product.cprcode, after) > 0) && matches(product, filter)) yield product;
    }
  }

  categories(): CategoryTotal[] {
    const totals = new Map<string, CategoryTotal>();
    for (const product of this.#products) {
      if (!product.active || !product.online) continue;
      const total = totals.get(product.category.l1) ?? {
        name: product.category.l1,
        nameTh: product.category.l1Th,
        count: 0,
      };
      total.count++;
      totals.set(product.category.l1, total);
    }
    return [...totals.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
}
