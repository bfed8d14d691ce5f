import { CommerceError } from '../errors.ts';
import { LIMITS } from '../model/limits.ts';
import { CURRENCY } from '../money.ts';
import type { BranchPrice } from '../model/pricing.ts';
import type { Product } from '../model/product.ts';
import type { CatalogReader, CategoryTotal, ProductListFilter } from '../ports/catalog-reader.ts';
import { requireCprcode } from './input-validation.ts';
import type { RequestLoaders } from './request-loaders.ts';

export interface ProductServiceOptions {
  catalog: CatalogReader;
  /** Public host of the service; product images are served under it. */
  publicBaseUrl: string;
}

export interface ProductPageResult {
  products: Product[];
  hasNextPage: boolean;
  endCursor: string | null;
  /** Null when not cheaply known (pricedOnly). */
  totalCount: number | null;
}

/** How far `pricedOnly` paging scans for priced products before returning a shorter page. */
const PRICED_SCAN_LIMIT = 2_000;

const CURSOR_PREFIX = 'p1:';

function encodeProductCursor(cprcode: string): string {
  return Buffer.from(CURSOR_PREFIX + cprcode).toString('base64url');
}

function decodeProductCursor(cursor: string | null | undefined): string | null {
  if (cursor === null || cursor === undefined) return null;
  const text = cursor.length <= 64 ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const cprcode = text.startsWith(CURSOR_PREFIX) ? text.slice(CURSOR_PREFIX.length) : '';
  if (!/^[0-9]{1,12}$/.test(cprcode))
    throw new CommerceError('INVALID_INPUT', 'The cursor is not one this API issued.', { field: 'after' });
  return cprcode;
}

export function requirePageSize(first: number, field = 'first'): number {
  if (!Number.isInteger(first) || first < 1 || first > LIMITS.maxPageSize) {
    throw new CommerceError('INVALID_INPUT', `first must be from 1 to ${LIMITS.maxPageSize}.`, { field });
  }
  return first;
}

/** Product identity from the catalog snapshot; prices and stock from the grocer, batched per request. */
export class ProductService {
  readonly #catalog: CatalogReader;
  readonly #imageBase: string;

  constructor(options: ProductServiceOptions) {
    this.#catalog = options.catalog;
    this.#imageBase = `${options.publicBaseUrl.replace(/\/$/, '')}/images/products/`;
  }

  imageUrl(product: Product): string | null {
    return product.hasImage ? this.#imageBase + product.cprcode : null;
  }

  /** One product, or null when unknown; `INVALID_CPRCODE` when malformed. */
  async get(loaders: RequestLoaders, cprcode: unknown, field = 'cprcode'): Promise<Product | null> {
    return loaders.product.load(requireCprcode(cprcode, field));
  }

  async list(
    loaders: RequestLoaders,
    input: {
      filter: ProductListFilter & { pricedOnly: boolean };
      branchCode: string | null;
      first: number;
      after: string | null | undefined;
    },
  ): Promise<ProductPageResult> {
    const first = requirePageSize(input.first);
    const after = decodeProductCursor(input.after);
    if (input.filter.query !== null && input.filter.query.length > LIMITS.maxQueryLength) {
      throw new CommerceError('INVALID_INPUT', `filter.query is at most ${LIMITS.maxQueryLength} characters.`, {
        field: 'filter.query',
      });
    }
    if (!input.filter.pricedOnly) {
      const page = this.#catalog.list(input.filter, { after, first });
      return {
        products: page.products,
        hasNextPage: page.hasNextPage,
        endCursor: page.endCursor && encodeProductCursor(page.endCursor),
        totalCount: page.totalCount,
      };
    }
    const branchCode = input.branchCode;
    if (branchCode === null)
      throw new CommerceError('INVALID_INPUT', 'pricedOnly needs a branchCode.', { field: 'filter.pricedOnly' });
    // Scan in chunks, pricing each chunk in one grocer call, until a page (plus one) is found.
    const products: Product[] = [];
    let scanned = 0;
    let lastScanned: string | null = null;
    let chunk: Product[] = [];
    const flush = async (): Promise<void> => {
      const prices = await loaders.price(branchCode).loadMany(chunk.map((p) => p.cprcode));
      chunk.forEach((product, i) => {
        if (products.length <= first && isPrice(prices[i])) products.push(product);
      });
      chunk = [];
    };
    for (const product of this.#catalog.scan(input.filter, after)) {
      chunk.push(product);
      scanned++;
      lastScanned = product.cprcode;
      if (chunk.length === Math.max(first * 2, 50)) {
        await flush();
        if (products.length > first || scanned >= PRICED_SCAN_LIMIT) break;
      }
    }
    if (chunk.length > 0) await flush();
    const hasNextPage = products.length > first || (scanned >= PRICED_SCAN_LIMIT && lastScanned !== null);
    const page = products.slice(0, first);
    const end = products.length > first ? page.at(-1)?.cprcode : lastScanned;
    return { products: page, hasNextPage, endCursor: end ? encodeProductCursor(end) : null, totalCount: null };
  }

  categories(): CategoryTotal[] {
    return this.#catalog.categories();
  }

  /** Up to 500 products the branch stocks, for `inventory` without cprcodes. */
  stockedAt(branchCode: string): string[] {
    const out: string[] = [];
    const filter: ProductListFilter = {
      query: null,
      l1: null,
      l2: null,
      l3: null,
      alcoholOnly: false,
      activeOnly: true,
      onlineOnly: true,
    };
    for (const product of this.#catalog.scan(filter, null)) {
      if (product.availStore.includes(branchCode)) out.push(product.cprcode);
      if (out.length === 500) break;
    }
    return out;
  }
}

function isPrice(value: BranchPrice | null | Error | undefined): value is BranchPrice {
  return value !== null && value !== undefined && !(value instanceof Error);
}

/** The detail price of a product as Money, for queries without a branch. */
export function detailMoney(
  product: Product,
): { amountSatang: number; currency: string; branchCode: null; source: 'DETAIL_FALLBACK' } | null {
  return product.detailPriceSatang === null
    ? null
    : { amountSatang: product.detailPriceSatang, currency: CURRENCY, branchCode: null, source: 'DETAIL_FALLBACK' };
}
