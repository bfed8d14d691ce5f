/**
 * Branch price feeds, derived from a seeded hash of (branch, product) instead of stored: only the
 * control overrides live in a map, so 200,000 products × 38 branches cost no memory.
 *
 * Per branch and product the feed either prices the product (BRANCH_FEED), lacks it (ABSENT: the
 * price falls back to the product-detail price, DETAIL_FALLBACK, or is unavailable when the product
 * has none), or carries it without a price (BLANK: unavailable at that branch).
 */
import type { BranchPrice } from '@grocery/core/ports';
import type { Product } from '@grocery/core';
import type { BranchProfile } from './branch-directory.ts';
import { hashInts, SALT, unitOf } from './random.ts';
import { shelfPriceSatang } from './shelf-price.ts';

export type FeedEntry = { state: 'PRICED'; amountSatang: number } | { state: 'ABSENT' } | { state: 'BLANK' };

export interface PriceFeedOptions {
  seed: number;
  /** Chain list price per product index (the generator's `listPriceSatang`). */
  listPriceSatang: Int32Array;
  /** Share of carried products missing from a branch's feed. Default 0.03. */
  absentRate?: number;
  /** Share of carried products the feed lists without a price. Default 0.01. */
  blankRate?: number;
}

/** The branch price feeds of every branch, with control overrides. */
export class PriceFeed {
  readonly #seed: number;
  readonly #list: Int32Array;
  readonly #absentRate: number;
  readonly #blankRate: number;
  /** `branchCode|cprcode` → price in satang, or null for "unpriced at this branch". */
  readonly #overrides = new Map<string, number | null>();

  constructor(options: PriceFeedOptions) {
    this.#seed = options.seed;
    this.#list = options.listPriceSatang;
    this.#absentRate = options.absentRate ?? 0.03;
    this.#blankRate = options.blankRate ?? 0.01;
  }

  /** What the branch's feed says about the product at `index`. */
  entry(branch: BranchProfile, index: number, product: Product): FeedEntry {
    const override = this.#overrides.get(`${branch.branch.branchCode}|${product.cprcode}`);
    if (override !== undefined)
      return override === null ? { state: 'BLANK' } : { state: 'PRICED', amountSatang: override };
    if (!product.availStore.includes(branch.branch.branchCode)) return { state: 'ABSENT' };
    const h = hashInts(this.#seed, SALT.feedGap, branch.ordinal, index);
    const gap = unitOf(h);
    if (gap < this.#absentRate) return { state: 'ABSENT' };
    if (gap < this.#absentRate + this.#blankRate) return { state: 'BLANK' };
    const list = this.#list[index]!;
    // Most standard branches sell at the chain list price; the rest vary a little around their level.
    if (branch.priceFactor === 1 && unitOf(hashInts(h, 1)) < 0.8) return { state: 'PRICED', amountSatang: list };
    const jitter = 0.97 + 0.06 * unitOf(hashInts(h, 2));
    return { state: 'PRICED', amountSatang: shelfPriceSatang(list * branch.priceFactor * jitter) };
  }

  /** The price a shopper pays at the branch, or null when the branch does not price the product. */
  price(branch: BranchProfile, index: number, product: Product): BranchPrice | null {
    const entry = this.entry(branch, index, product);
    const branchCode = branch.branch.branchCode;
    if (entry.state === 'PRICED')
      return { cprcode: product.cprcode, branchCode, amountSatang: entry.amountSatang, source: 'BRANCH_FEED' };
    if (entry.state === 'ABSENT' && product.detailPriceSatang !== null) {
      return {
        cprcode: product.cprcode,
        branchCode,
        amountSatang: product.detailPriceSatang,
        source: 'DETAIL_FALLBACK',
      };
    }
    return null;
  }

  /** Sets the branch's feed price (null: the feed lists the product without a price). */
  setOverride(branchCode: string, cprcode: string, amountSatang: number | null): void {
    this.#overrides.set(`${branchCode}|${cprcode}`, amountSatang);
  }
}
