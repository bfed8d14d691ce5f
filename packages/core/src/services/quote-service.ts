import { CommerceError } from '../errors.ts';
import type { QuoteRecord } from '../model/checkout.ts';
import { newId } from '../model/ids.ts';
import type { Clock } from '../ports/clock.ts';
import type { GrocerGateway } from '../ports/grocer-gateway.ts';
import type { Store } from '../ports/store.ts';
import type { BranchService } from './branch-service.ts';
import { inInput, preparePricing, type PricingInput } from './pricing-request.ts';
import type { ShopperContext } from './shopper-context.ts';

/** A quote is valid for 15 minutes; orders are priced again at creation whatever its age. */
export const QUOTE_TTL_SECONDS = 15 * 60;

export interface QuoteServiceOptions {
  store: Store;
  grocer: GrocerGateway;
  branches: BranchService;
  clock: Clock;
}

/** Quotes: the bill, as the grocer's own calculator makes it. */
export class QuoteService {
  readonly #store: Store;
  readonly #grocer: GrocerGateway;
  readonly #branches: BranchService;
  readonly #clock: Clock;

  constructor(options: QuoteServiceOptions) {
    this.#store = options.store;
    this.#grocer = options.grocer;
    this.#branches = options.branches;
    this.#clock = options.clock;
  }

  /** Prices the basket or the given lines; `requireCoupon` for quoteApplyCoupon. */
  async quote(
    ctx: ShopperContext,
    input: PricingInput,
    options: { requireCoupon?: boolean } = {},
  ): Promise<QuoteRecord> {
    if (options.requireCoupon && (input.couponCodes?.length ?? 0) === 0) {
      throw new CommerceError('INVALID_INPUT', 'Give at least one coupon code to apply.', {
        field: 'input.couponCodes',
      });
    }
    const { request } = await preparePricing(ctx, input, { store: this.#store, branches: this.#branches });
    const calculation = await this.#grocer.calculate(request).catch((error: unknown) => {
      throw inInput(error);
    });
    const now = this.#clock.now();
    const quote: QuoteRecord = {
      quoteId: newId('qte'),
      partnerId: ctx.scope.partnerId,
      ownerId: ctx.scope.ownerId,
      request,
      calculation,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + QUOTE_TTL_SECONDS * 1000).toISOString(),
    };
    await this.#store.saveQuote(quote);
    return quote;
  }

  expiresInSeconds(quote: QuoteRecord): number {
    return Math.max(0, Math.floor((Date.parse(quote.expiresAt) - this.#clock.now()) / 1000));
  }
}
