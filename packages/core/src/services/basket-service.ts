import { CommerceError } from '../errors.ts';
import type { BasketContent, BasketRecord, ShopperScope } from '../model/basket.ts';
import type { Branch } from '../model/branch.ts';
import { newId } from '../model/ids.ts';
import { LIMITS } from '../model/limits.ts';
import type { Store } from '../ports/store.ts';
import type { BranchService } from './branch-service.ts';
import { requireCprcode, requireQuantity } from './input-validation.ts';
import type { RequestLoaders } from './request-loaders.ts';
import type { ShopperContext } from './shopper-context.ts';

export interface BasketServiceOptions {
  store: Store;
  branches: BranchService;
}

/** The shopper's server-side basket, one per (partner, shopper). Stock is never reserved. */
export class BasketService {
  readonly #store: Store;
  readonly #branches: BranchService;

  constructor(options: BasketServiceOptions) {
    this.#store = options.store;
    this.#branches = options.branches;
  }

  get(ctx: ShopperContext): Promise<BasketRecord | null> {
    return this.#store.getBasket(ctx.scope);
  }

  /**
   * Adds `quantity` of a product (creating the basket on first use). The product must be sold
   * online and priced at the basket's branch, so the basket never holds what cannot be bought there.
   */
  async add(
    ctx: ShopperContext,
    loaders: RequestLoaders,
    input: { cprcode: unknown; quantity: unknown; branchCode?: unknown },
  ): Promise<BasketRecord> {
    const cprcode = requireCprcode(input.cprcode, 'input.cprcode');
    const quantity = requireQuantity(input.quantity, 'input.quantity');
    const current = await this.#store.getBasket(ctx.scope);
    const branch =
      input.branchCode !== null && input.branchCode !== undefined
        ? await this.#branches.require(input.branchCode, 'input.branchCode')
        : current
          ? await this.#branches.require(current.branchCode, 'input.branchCode')
          : await this.#branches.defaultBranch();
    await this.#requireSellable(loaders, branch, cprcode);
    const basket = await this.#store.updateBasket(ctx.scope, newId('bsk'), (existing) => {
      const lines = existing?.lines.map((l) => ({ ...l })) ?? [];
      const line = lines.find((l) => l.cprcode === cprcode);
      if (line) {
        line.quantity = requireQuantity(line.quantity + quantity, 'input.quantity');
      } else {
        if (lines.length >= LIMITS.maxLines)
          throw new CommerceError('INVALID_INPUT', `A basket holds at most ${LIMITS.maxLines} products.`, {
            field: 'input.cprcode',
          });
        lines.push({ cprcode, quantity });
      }
      return { branchCode: branch.branchCode, lines };
    });
    return basket!;
  }

  async remove(ctx: ShopperContext, input: { cprcode: unknown }): Promise<BasketRecord> {
    const cprcode = requireCprcode(input.cprcode, 'input.cprcode');
    return this.#change(ctx, (basket) => {
      if (!basket.lines.some((l) => l.cprcode === cprcode)) throw lineNotFound(cprcode);
      return { branchCode: basket.branchCode, lines: basket.lines.filter((l) => l.cprcode !== cprcode) };
    });
  }

  /** Sets a line's quantity; 0 removes the line. */
  async setQuantity(ctx: ShopperContext, input: { cprcode: unknown; quantity: unknown }): Promise<BasketRecord> {
    const cprcode = requireCprcode(input.cprcode, 'input.cprcode');
    const quantity = requireQuantity(input.quantity, 'input.quantity', { allowZero: true });
    return this.#change(ctx, (basket) => {
      if (!basket.lines.some((l) => l.cprcode === cprcode)) throw lineNotFound(cprcode);
      const lines =
        quantity === 0
          ? basket.lines.filter((l) => l.cprcode !== cprcode)
          : basket.lines.map((l) => (l.cprcode === cprcode ? { cprcode, quantity } : l));
      return { branchCode: basket.branchCode, lines };
    });
  }

  /** Moves the basket to another branch; lines stay (a quote names any the new branch does not price). */
  async setBranch(ctx: ShopperContext, branchCode: unknown): Promise<BasketRecord> {
    const branch = await this.#branches.require(branchCode, 'branchCode');
    const basket = await this.#store.updateBasket(ctx.scope, newId('bsk'), (existing) => ({
      branchCode: branch.branchCode,
      lines: existing?.lines ?? [],
    }));
    return basket!;
  }

  async empty(ctx: ShopperContext): Promise<BasketRecord> {
    const fallback = await this.#branches.defaultBranch();
    const basket = await this.#store.updateBasket(ctx.scope, newId('bsk'), (existing) => ({
      branchCode: existing?.branchCode ?? fallback.branchCode,
      lines: [],
    }));
    return basket!;
  }

  /** Takes ordered quantities off the basket, leaving lines added meanwhile. */
  async subtractOrdered(scope: ShopperScope, ordered: readonly { cprcode: string; quantity: number }[]): Promise<void> {
    const byCode = new Map(ordered.map((l) => [l.cprcode, l.quantity]));
    await this.#store.updateBasket(scope, newId('bsk'), (existing) =>
      existing
        ? {
            branchCode: existing.branchCode,
            lines: existing.lines
              .map((l) => ({ cprcode: l.cprcode, quantity: l.quantity - (byCode.get(l.cprcode) ?? 0) }))
              .filter((l) => l.quantity > 0),
          }
        : null,
    );
  }

  async #change(ctx: ShopperContext, change: (basket: BasketRecord) => BasketContent): Promise<BasketRecord> {
    const basket = await this.#store.updateBasket(ctx.scope, newId('bsk'), (existing) => {
      if (!existing) throw new CommerceError('NOT_FOUND', 'The shopper has no basket yet.', { field: 'input.cprcode' });
      return change(existing);
    });
    return basket!;
  }

  async #requireSellable(loaders: RequestLoaders, branch: Branch, cprcode: string): Promise<void> {
    const product = await loaders.product.load(cprcode);
    if (!product)
      throw new CommerceError('INVALID_CPRCODE', `No product has cprcode ${cprcode}.`, { field: 'input.cprcode' });
    if (!product.active || !product.online)
      throw new CommerceError('PRODUCT_UNAVAILABLE', `${product.nameEn} is not sold online now.`, {
        field: 'input.cprcode',
      });
    if (product.alcohol && !branch.alcoholLicensed) {
      throw new CommerceError(
        'ALCOHOL_NOT_LICENSED',
        `Branch ${branch.branchCode} may not sell alcohol; choose a licensed branch.`,
        { field: 'input.cprcode' },
      );
    }
    const price = await loaders.price(branch.branchCode).load(cprcode);
    if (!price) {
      throw new CommerceError(
        'PRICE_UNAVAILABLE',
        `Branch ${branch.branchCode} does not price ${product.nameEn}; remove it or switch branch.`,
        {
          field: 'input.cprcode',
          details: { cprcode },
        },
      );
    }
  }
}

function lineNotFound(cprcode: string): CommerceError {
  return new CommerceError('NOT_FOUND', `The basket has no line for ${cprcode}.`, { field: 'input.cprcode' });
}
