// The simulator's GrocerGateway reads: the catalog and its products, and what each branch sells at what price.
import {
  CommerceError,
  isCprcode,
  type Branch,
  type CatalogVersion,
  type Product,
  type ProductImage,
} from '@grocery/core';
import type { CalculateRequest, Calculation, InventoryLevel, PriceLookup } from '@grocery/core/ports';
import { cloneBranch } from './branch-directory.ts';
import { calculate } from './calculator.ts';
import { cloneProduct } from './catalog-state.ts';
import { renderProductImage } from './product-image.ts';
import { checkCprcodes, MAX_EXPORT_BATCH } from './simulator-input.ts';
import type { GrocerSimulator } from './simulator-contract.ts';
import type { SimulatorWorld } from './simulator-world.ts';

/** The catalog: its version, pages of it in cprcode order, products by cprcode and their images. */
export function catalogReads(
  world: SimulatorWorld,
): Pick<GrocerSimulator, 'catalogVersion' | 'exportCatalog' | 'catalogPage' | 'products' | 'productImage'> {
  const { catalog, gate } = world;
  const catalogPage = async (
    after: string | null,
    limit: number,
  ): Promise<{ items: Product[]; nextAfter: string | null }> => {
    await gate();
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_EXPORT_BATCH) {
      throw new CommerceError('INVALID_INPUT', `The batch size must be a whole number from 1 to ${MAX_EXPORT_BATCH}.`, {
        field: 'batchSize',
      });
    }
    if (after !== null && !isCprcode(after))
      throw new CommerceError('INVALID_INPUT', 'after must be a cprcode.', { field: 'after' });
    const items = catalog.page(after, limit).map(cloneProduct);
    return { items, nextAfter: items.length === limit ? items.at(-1)!.cprcode : null };
  };
  return {
    async catalogVersion(): Promise<CatalogVersion> {
      await gate();
      return catalog.version();
    },

    async *exportCatalog(exportOptions: { batchSize?: number } = {}): AsyncIterable<Product[]> {
      let after: string | null = null;
      do {
        const page = await catalogPage(after, exportOptions.batchSize ?? 1000);
        if (page.items.length > 0) yield page.items;
        after = page.nextAfter;
      } while (after !== null);
    },

    catalogPage,

    async products(cprcodes: readonly string[]): Promise<Product[]> {
      await gate();
      const seen = new Set<string>();
      const out: Product[] = [];
      for (const cprcode of checkCprcodes(cprcodes)) {
        if (seen.has(cprcode)) continue;
        seen.add(cprcode);
        const found = catalog.find(cprcode);
        if (found) out.push(cloneProduct(found.product));
      }
      return out;
    },

    async productImage(cprcode: string): Promise<ProductImage | null> {
      await gate();
      if (!isCprcode(cprcode))
        throw new CommerceError('INVALID_CPRCODE', 'cprcode must be 1 to 12 digits.', { field: 'cprcode' });
      const found = catalog.find(cprcode);
      return found && found.product.hasImage ? renderProductImage(found.product) : null;
    },
  };
}

/** The branches, and at each one the price feed, the stock and the calculator pricing a basket. */
export function branchReads(
  world: SimulatorWorld,
): Pick<GrocerSimulator, 'branches' | 'prices' | 'stock' | 'calculate'> {
  const { catalog, gate } = world;
  return {
    async branches(): Promise<Branch[]> {
      await gate();
      return world.branches.map((b) => cloneBranch(b.branch));
    },

    async prices(branchCode: string, cprcodes: readonly string[]): Promise<PriceLookup[]> {
      await gate();
      const branch = world.requireBranch(branchCode);
      return checkCprcodes(cprcodes).map((cprcode) => {
        const found = catalog.find(cprcode);
        return { cprcode, price: found ? world.priceFeed.price(branch, found.index, found.product) : null };
      });
    },

    async stock(branchCode: string, cprcodes: readonly string[]): Promise<InventoryLevel[]> {
      await gate();
      const branch = world.requireBranch(branchCode);
      return checkCprcodes(cprcodes).map((cprcode) => {
        const found = catalog.find(cprcode);
        return found
          ? world.stockFeed.level(branch, found.index, found.product)
          : {
              cprcode,
              branchCode: branch.branch.branchCode,
              listable: false,
              sellableQty: null,
              ibCfQty: null,
              qtySource: null,
            };
      });
    },

    async calculate(request: CalculateRequest): Promise<Calculation> {
      await gate();
      return calculate(request, world.calculatorContext());
    },
  };
}
