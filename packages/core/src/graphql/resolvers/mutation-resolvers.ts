import type { MutationResolvers } from '../../generated/graphql.ts';
import { asPayload } from './user-errors.ts';

/** Every mutation is shopper-scoped; failures come back as `userErrors`. */
export const mutationResolvers: MutationResolvers = {
  basketAdd: (_root, args, ctx) =>
    asPayload(
      args,
      async () => ({ basket: await ctx.commerce.baskets.add(await ctx.shopper(), ctx.loaders, args.input) }),
      { basket: null },
    ),

  basketRemove: (_root, args, ctx) =>
    asPayload(args, async () => ({ basket: await ctx.commerce.baskets.remove(await ctx.shopper(), args.input) }), {
      basket: null,
    }),

  basketSetQuantity: (_root, args, ctx) =>
    asPayload(args, async () => ({ basket: await ctx.commerce.baskets.setQuantity(await ctx.shopper(), args.input) }), {
      basket: null,
    }),

  basketSetBranch: (_root, args, ctx) =>
    asPayload(
      args,
      async () => ({ basket: await ctx.commerce.baskets.setBranch(await ctx.shopper(), args.branchCode) }),
      { basket: null },
    ),

  basketEmpty: (_root, args, ctx) =>
    asPayload(args, async () => ({ basket: await ctx.commerce.baskets.empty(await ctx.shopper()) }), { basket: null }),

  quote: (_root, args, ctx) =>
    asPayload(args, async () => ({ quote: await ctx.commerce.quotes.quote(await ctx.shopper(), args.input) }), {
      quote: null,
    }),

  quoteApplyCoupon: (_root, args, ctx) =>
    asPayload(
      args,
      async () => ({
        quote: await ctx.commerce.quotes.quote(await ctx.shopper(), args.input, { requireCoupon: true }),
      }),
      { quote: null },
    ),

  orderCreate: (_root, args, ctx) =>
    asPayload(
      args,
      async () => ({
        order: await ctx.commerce.orders.create(await ctx.shopper(), args.input ?? {}, ctx.idempotencyKey),
      }),
      { order: null },
    ),

  paymentLinkCreate: (_root, args, ctx) =>
    asPayload(
      args,
      async () => ({ paymentLink: await ctx.commerce.payments.createLink(await ctx.shopper(), args.orderId) }),
      { paymentLink: null },
    ),

  paymentStart: (_root, args, ctx) =>
    asPayload(args, async () => ({ payment: await ctx.commerce.payments.start(await ctx.shopper(), args.input) }), {
      payment: null,
    }),
};
