import DataLoader from 'dataloader';
import type { BranchPrice, InventoryLevel } from '../model/pricing.ts';
import type { Product } from '../model/product.ts';
import type { CatalogReader } from '../ports/catalog-reader.ts';
import type { GrocerGateway } from '../ports/grocer-gateway.ts';

/** Grocer batch calls take at most this many cprcodes. */
const GROCER_BATCH = 500;

/**
 * Per-request batching: every `price`/`inventory`/`product` asked for while a request resolves one
 * level of fields becomes one grocer call per branch, whatever the page size.
 */
export interface RequestLoaders {
  price: DataLoader<string, BranchPrice | null>;
  stock: DataLoader<string, InventoryLevel>;
  product: DataLoader<string, Product | null>;
}

/** The loader key of a product at a branch. */
export const branchKey = (branchCode: string, cprcode: string): string => `${branchCode}\u0000${cprcode}`;

function groupByBranch(keys: readonly string[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const key of keys) {
    const [branchCode, cprcode] = key.split('\u0000') as [string, string];
    let group = groups.get(branchCode);
    if (!group) groups.set(branchCode, (group = []));
    group.push(cprcode);
  }
  return groups;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function perBranch<V>(keys: readonly string[], fetch: (branchCode: string, cprcodes: string[]) => Promise<V[]>, keyOf: (value: V) => string): Promise<Map<string, V>> {
  const found = new Map<string, V>();
  await Promise.all(
    [...groupByBranch(keys)].flatMap(([branchCode, cprcodes]) =>
      chunks([...new Set(cprcodes)], GROCER_BATCH).map(async (chunk) => {
        for (const value of await fetch(branchCode, chunk)) found.set(keyOf(value), value);
      }),
    ),
  );
  return found;
}

export function createRequestLoaders(grocer: GrocerGateway, catalog: CatalogReader): RequestLoaders {
  return {
    price: new DataLoader(async (keys) => {
      const found = await perBranch(
        keys,
        async (branchCode, cprcodes) => (await grocer.prices(branchCode, cprcodes)).map((lookup) => ({ branchCode, lookup })),
        (v) => branchKey(v.branchCode, v.lookup.cprcode),
      );
      return keys.map((key) => found.get(key)?.lookup.price ?? null);
    }),
    stock: new DataLoader(async (keys) => {
      const found = await perBranch(keys, (branchCode, cprcodes) => grocer.stock(branchCode, cprcodes), (level) => branchKey(level.branchCode, level.cprcode));
      return keys.map((key) => {
        const level = found.get(key);
        if (level) return level;
        const [branchCode, cprcode] = key.split('\u0000') as [string, string];
        return { cprcode, branchCode, listable: false, sellableQty: null, ibCfQty: null, qtySource: null };
      });
    }),
    product: new DataLoader(async (cprcodes) => {
      // The snapshot answers almost everything; the grocer only for products newer than it.
      const known = new Map(catalog.get(cprcodes).map((p) => [p.cprcode, p]));
      const missing = cprcodes.filter((c) => !known.has(c));
      for (const chunk of chunks(missing, GROCER_BATCH)) for (const p of await grocer.products(chunk)) known.set(p.cprcode, p);
      return cprcodes.map((c) => known.get(c) ?? null);
    }),
  };
}
