import DataLoader from 'dataloader';
import type { BranchPrice, InventoryLevel } from '../model/pricing.ts';
import type { Product } from '../model/product.ts';
import type { CatalogReader } from '../ports/catalog-reader.ts';
import type { GrocerGateway } from '../ports/grocer-gateway.ts';

/** Grocer batch calls take at most this many cprcodes. */
const GROCER_BATCH = 500;

/**
 * Per-request batching: every price, stock level or product asked for while a request resolves
 * one level of fields becomes one grocer call (per branch), whatever the page size.
 */
export interface RequestLoaders {
  /** Prices at one branch, by cprcode; null when the branch does not price the product. */
  price(branchCode: string): DataLoader<string, BranchPrice | null>;
  /** Stock at one branch, by cprcode. */
  stock(branchCode: string): DataLoader<string, InventoryLevel>;
  product: DataLoader<string, Product | null>;
}

function perBranch<V>(
  create: (branchCode: string) => DataLoader<string, V>,
): (branchCode: string) => DataLoader<string, V> {
  const loaders = new Map<string, DataLoader<string, V>>();
  return (branchCode) => {
    let loader = loaders.get(branchCode);
    if (!loader) loaders.set(branchCode, (loader = create(branchCode)));
    return loader;
  };
}

export function createRequestLoaders(grocer: GrocerGateway, catalog: CatalogReader): RequestLoaders {
  return {
    price: perBranch(
      (branchCode) =>
        new DataLoader(async (cprcodes) => (await grocer.prices(branchCode, cprcodes)).map((lookup) => lookup.price), {
          maxBatchSize: GROCER_BATCH,
        }),
    ),
    stock: perBranch(
      (branchCode) => new DataLoader((cprcodes) => grocer.stock(branchCode, cprcodes), { maxBatchSize: GROCER_BATCH }),
    ),
    product: new DataLoader(
      async (cprcodes) => {
        // The snapshot answers almost everything; the grocer only for products newer than it.
        const known = new Map(catalog.get(cprcodes).map((p) => [p.cprcode, p]));
        const missing = cprcodes.filter((c) => !known.has(c));
        if (missing.length > 0) for (const p of await grocer.products(missing)) known.set(p.cprcode, p);
        return cprcodes.map((c) => known.get(c) ?? null);
      },
      { maxBatchSize: GROCER_BATCH },
    ),
  };
}
