import { CommerceError } from '../../errors.ts';
import { LIMITS } from '../../model/limits.ts';
import type { SearchLang } from '../../ports/search-client.ts';
import { requireCprcode } from '../../services/input-validation.ts';
import { encodeOrderCursor } from '../../services/order-service.ts';
import type { QueryResolvers } from '../../generated/graphql.ts';
import type { GraphQLContext } from '../graphql-context.ts';

const THAI_SCRIPT = /[\u0E00-\u0E7F]/;

/** Hits are named in the language of the query: Thai script ranks for Thai, anything else for English. */
function queryLanguage(query: string): SearchLang {
  return THAI_SCRIPT.test(query) ? 'th' : 'en';
}

async function optionalBranch(ctx: GraphQLContext, branchCode: string | null | undefined): Promise<string | null> {
  if (branchCode === null || branchCode === undefined) return null;
  return (await ctx.commerce.branches.require(branchCode, 'branchCode')).branchCode;
}

function requireSearchText(query: string, field: string): string {
  const text = query.trim();
  if (text === '') throw new CommerceError('INVALID_INPUT', 'The search text is empty.', { field });
  if (text.length > LIMITS.maxQueryLength)
    throw new CommerceError('INVALID_INPUT', `The search text is at most ${LIMITS.maxQueryLength} characters.`, {
      field,
    });
  return text;
}

function requireLimit(limit: number, max: number): number {
  if (!Number.isInteger(limit) || limit < 1 || limit > max)
    throw new CommerceError('INVALID_INPUT', `limit must be from 1 to ${max}.`, { field: 'limit' });
  return limit;
}

function searchService(ctx: GraphQLContext) {
  const search = ctx.commerce.search;
  if (!search) throw new CommerceError('SEARCH_UNAVAILABLE', 'The search service is not configured.');
  return search;
}

export const queryResolvers: QueryResolvers = {
  async product(_root, args, ctx) {
    const branchCode = await optionalBranch(ctx, args.branchCode);
    const product = await ctx.commerce.products.get(ctx.loaders, args.cprcode);
    return product && { product, branchCode };
  },

  async products(_root, args, ctx) {
    const branchCode = await optionalBranch(ctx, args.branchCode);
    const filter = args.filter;
    const page = await ctx.commerce.products.list(ctx.loaders, {
      filter: {
        query: filter?.query ?? null,
        l1: filter?.l1 ?? null,
        l2: filter?.l2 ?? null,
        l3: filter?.l3 ?? null,
        alcoholOnly: filter?.alcoholOnly ?? false,
        activeOnly: filter?.activeOnly ?? true,
        onlineOnly: filter?.onlineOnly ?? true,
        pricedOnly: filter?.pricedOnly ?? false,
      },
      branchCode,
      first: args.first,
      after: args.after,
    });
    return {
      nodes: page.products.map((product) => ({ product, branchCode })),
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor },
      totalCount: page.totalCount,
    };
  },

  categories(_root, _args, ctx) {
    return ctx.commerce.products.categories();
  },

  async branches(_root, _args, ctx) {
    return (await ctx.commerce.branches.list()).map((branch) => ({ branch, distanceKm: null }));
  },

  async search(_root, args, ctx) {
    const query = requireSearchText(args.query, 'query');
    const limit = requireLimit(args.limit, LIMITS.maxSearchLimit);
    const branchCode = await optionalBranch(ctx, args.branchCode);
    const hits = await searchService(ctx).search({
      query,
      lang: queryLanguage(query),
      limit,
      mode: args.mode,
      active: true,
      partnerKey: ctx.partnerKey,
    });
    return hits.map((hit) => ({ hit, branchCode }));
  },

  async searchSuggest(_root, args, ctx) {
    const query = requireSearchText(args.query, 'query');
    const limit = requireLimit(args.limit, LIMITS.maxSuggestLimit);
    const suggestions = await searchService(ctx).suggest({
      query,
      lang: queryLanguage(query),
      limit,
      partnerKey: ctx.partnerKey,
    });
    return [...new Set(suggestions.map((s) => s.text))];
  },

  async inventory(_root, args, ctx) {
    const branch = await ctx.commerce.branches.require(args.branchCode, 'branchCode');
    const cprcodes = args.cprcodes ?? ctx.commerce.products.stockedAt(branch.branchCode);
    if (cprcodes.length > 500)
      throw new CommerceError('INVALID_INPUT', 'Ask for at most 500 cprcodes at once.', { field: 'cprcodes' });
    const codes = [...new Set(cprcodes.map((c, i) => requireCprcode(c, `cprcodes.${i}`)))];
    return ctx.loaders
      .stock(branch.branchCode)
      .loadMany(codes)
      .then((levels) =>
        levels.map((level) => {
          if (level instanceof Error) throw level;
          return level;
        }),
      );
  },

  async basket(_root, _args, ctx) {
    return ctx.commerce.baskets.get(await ctx.shopper());
  },

  async order(_root, args, ctx) {
    const order = await ctx.commerce.orders.get(await ctx.shopper(), args.orderId);
    return order && { order, paymentLink: null };
  },

  async orders(_root, args, ctx) {
    const page = await ctx.commerce.orders.list(await ctx.shopper(), args.first, args.after);
    const last = page.orders.at(-1);
    return {
      nodes: page.orders.map((order) => ({ order, paymentLink: null })),
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: last ? encodeOrderCursor(last) : null },
    };
  },

  async fulfilmentResolve(_root, args, ctx) {
    return ctx.commerce.branches.resolve(args.input);
  },
};
