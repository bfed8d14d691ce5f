/**
 * The simulator's live catalog: the generated products plus control changes, indexed by cprcode,
 * ordered by cprcode for export, with a version that changes whenever a product changes.
 */
import { CommerceError, isCprcode, type CatalogVersion, type Product } from '@grocery/core';
import type { GeneratedCatalog } from './catalog-generator.ts';

/** A copy of a product that a caller may keep and change. */
export function cloneProduct(product: Product): Product {
  return {
    ...product,
    category: { ...product.category },
    grocerCategoryCodes: [...product.grocerCategoryCodes],
    keywords: [...product.keywords],
    availStore: [...product.availStore],
  };
}

export class CatalogState {
  readonly generated: GeneratedCatalog;
  readonly #products: Product[];
  readonly #indexByCprcode = new Map<string, number>();
  /** Product indexes in cprcode order. */
  readonly #order: Uint32Array;
  /** Numeric cprcode per product index. */
  readonly #keys: Float64Array;
  #revision = 0;
  #updatedAt: string;

  constructor(generated: GeneratedCatalog) {
    this.generated = generated;
    this.#products = generated.products.slice();
    this.#products.forEach((p, i) => this.#indexByCprcode.set(p.cprcode, i));
    const keys = Float64Array.from(this.#products, (p) => Number(p.cprcode));
    this.#order = Uint32Array.from(keys.keys()).sort((a, b) => keys[a]! - keys[b]!);
    this.#keys = keys;
    this.#updatedAt = this.#products.reduce(
      (latest, p) => (p.updatedAt > latest ? p.updatedAt : latest),
      '1970-01-01T00:00:00.000Z',
    );
  }

  get size(): number {
    return this.#products.length;
  }

  /** The product and its index, or undefined for an unknown cprcode. */
  find(cprcode: string): { index: number; product: Product } | undefined {
    const index = this.#indexByCprcode.get(cprcode);
    return index === undefined ? undefined : { index, product: this.#products[index]! };
  }

  /** Finds a product or throws: INVALID_CPRCODE for a malformed or unknown code. */
  require(cprcode: unknown, field = 'cprcode'): { index: number; product: Product } {
    if (!isCprcode(cprcode)) throw new CommerceError('INVALID_CPRCODE', 'cprcode must be 1 to 12 digits.', { field });
    const found = this.find(cprcode);
    if (!found)
      throw new CommerceError('INVALID_CPRCODE', `There is no product ${cprcode}.`, { field, details: { cprcode } });
    return found;
  }

  /** Current products in generation order; shared, read-only. */
  all(): readonly Product[] {
    return this.#products;
  }

  /** Up to `limit` products after `afterCprcode` (exclusive) in cprcode order; shared, read-only. */
  page(afterCprcode: string | null, limit: number): Product[] {
    let start = 0;
    if (afterCprcode !== null) {
      const after = Number(afterCprcode);
      let lo = 0;
      let hi = this.#order.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.#keys[this.#order[mid]!]! <= after) lo = mid + 1;
        else hi = mid;
      }
      start = lo;
    }
    const out: Product[] = [];
    for (let i = start; i < Math.min(this.#order.length, start + limit); i++)
      out.push(this.#products[this.#order[i]!]!);
    return out;
  }

  /** Replaces a product's active flag; returns whether anything changed. */
  setActive(index: number, active: boolean, nowIso: string): boolean {
    const product = this.#products[index]!;
    if (product.active === active) return false;
    this.#products[index] = { ...product, active, updatedAt: nowIso };
    this.bump(nowIso);
    return true;
  }

  bump(nowIso: string): CatalogVersion {
    this.#revision++;
    this.#updatedAt = nowIso;
    return this.version();
  }

  version(): CatalogVersion {
    return {
      version: `s${this.generated.seed}-n${this.#products.length}-r${this.#revision}`,
      updatedAt: this.#updatedAt,
      productCount: this.#products.length,
    };
  }
}
