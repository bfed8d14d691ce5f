import type { MutationResolvers } from '../../generated/graphql.ts';
import { asPayload } from './user-errors.ts';

/** Every mutation is shopper-scoped; failures come back as `userErrors`. */
export const mutationResolvers: MutationResolvers = {
  basketAdd: (_root, { input }, ctx) =>
    asPayload(async () => ({ basket: await ctx.commerce.baskets.add(await ctx.shopper(), ctx.loaders, input) }), { basket: null }),

  basketRemove: (_root, { input }, ctx) => asPayload(async () => ({ basket: await ctx.commerce.baskets.remove(await ctx.shopper(), input) }), { basket: null }),

  basketSetQuantity: (_root, { input }, ctx) =>
    asPayload(async () => ({ basket: await ctx.commerce.baskets.setQuantity(await ctx.shopper(), input) }), { basket: null }),

  basketSetBranch: (_root, { branchCode }, ctx) =>
    asPayload(async () => ({ basket: await ctx.commerce.baskets.setBranch(await ctx.shopper(), branchCode) }), { basket: null }),

  basketEmpty: (_root, _args, ctx) => asPayload(async () => ({ basket: await ctx.commerce.baskets.empty(await ctx.shopper()) }), { basket: null }),

  quote: (_root, { input }, ctx) => asPayload(async () => ({ quote: await ctx.commerce.quotes.quote(await ctx.shopper(), input) }), { quote: null }),

  quoteApplyCoupon: (_root, { input }, ctx) =>
    asPayload(async () => ({ quote: await ctx.commerce.quotes.quote(await ctx.shopper(), input, { requireCoupon: true }) }), { quote: null }),

  orderCreate: (_root, { input }, ctx) =>
    asPayload(async () => ({ order: await ctx.commerce.orders.create(await ctx.shopper(), input ?? {}, ctx.idempotencyKey) }), { order: null }),

  paymentLinkCreate: (_root, { orderId }, ctx) =>
    asPayload(async () => ({ paymentLink: await ctx.commerce.payments.createLink(await ctx.shopper(), orderId) }), { paymentLink: null }),

  paymentStart: (_root, { input }, ctx) => asPayload(async () => ({ payment: await ctx.commerce.payments.start(await ctx.shopper(), input) }), { payment: null }),
};
