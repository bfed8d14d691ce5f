/**
 * Branch stock, derived from a seeded hash like prices; control overrides live in a map.
 *
 * `sellableQty` comes from the live feed (`NEW_IB_VS_STOCK_CV`: the inventory book netted against
 * sales since the last count, so it can be negative after adjustments) or, where the live feed has
 * no row, from the confirmed book quantity (`IB_CF_QTY`). `ibCfQty` is the last confirmed count.
 * A product is listable when the branch carries it, it is active and online, not blocked at the
 * branch, and its sellable quantity is above zero.
 */
import type { InventoryLevel } from '@grocery/core/ports';
import type { Product } from '@grocery/core';
import type { BranchProfile } from './branch-directory.ts';
import { hashInts, SALT, unitOf } from './random.ts';

export interface StockFeedOptions {
  seed: number;
  /** Sales velocity 1..5 per product index (the generator's `velocity`). */
  velocity: Uint8Array;
}

/** Stock levels of every branch, with control overrides. */
export class StockFeed {
  readonly #seed: number;
  readonly #velocity: Uint8Array;
  readonly #overrides = new Map<string, number>();

  constructor(options: StockFeedOptions) {
    this.#seed = options.seed;
    this.#velocity = options.velocity;
  }

  level(branch: BranchProfile, index: number, product: Product): InventoryLevel {
    const branchCode = branch.branch.branchCode;
    const sellableProduct = product.active && product.online;
    const override = this.#overrides.get(`${branchCode}|${product.cprcode}`);
    if (override !== undefined) {
      return {
        cprcode: product.cprcode,
        branchCode,
        listable: sellableProduct && override > 0,
        sellableQty: override,
        ibCfQty: override,
        qtySource: 'NEW_IB_VS_STOCK_CV',
      };
    }
    if (!product.availStore.includes(branchCode))
      return {
        cprcode: product.cprcode,
        branchCode,
        listable: false,
        sellableQty: null,
        ibCfQty: null,
        qtySource: null,
      };
    const h = hashInts(this.#seed, SALT.stock, branch.ordinal, index);
    const u = unitOf(h);
    if (u < 0.03)
      return {
        cprcode: product.cprcode,
        branchCode,
        listable: false,
        sellableQty: null,
        ibCfQty: null,
        qtySource: null,
      };
    let book: number;
    if (u < 0.09) book = 0;
    else if (u < 0.11) book = -1 - (hashInts(h, 1) % 5);
    else book = 1 + Math.round(this.#velocity[index]! * (4 + 56 * unitOf(hashInts(h, 2))));
    const fromBook = unitOf(hashInts(h, 3)) < 0.12;
    // The live feed nets recent sales against the last count, so it drifts a little below the book.
    const sellable = fromBook ? book : book - (book > 0 ? hashInts(h, 4) % Math.min(4, book + 1) : 0);
    const blocked = unitOf(hashInts(h, 5)) < 0.01;
    return {
      cprcode: product.cprcode,
      branchCode,
      listable: sellableProduct && !blocked && sellable > 0,
      sellableQty: sellable,
      ibCfQty: book,
      qtySource: fromBook ? 'IB_CF_QTY' : 'NEW_IB_VS_STOCK_CV',
    };
  }

  setOverride(branchCode: string, cprcode: string, qty: number): void {
    this.#overrides.set(`${branchCode}|${cprcode}`, qty);
  }
}
