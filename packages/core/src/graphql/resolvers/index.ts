import type { Resolvers } from '../../generated/graphql.ts';
import { JSONResolver } from 'graphql-scalars';
import { mutationResolvers } from './mutation-resolvers.ts';
import { queryResolvers } from './query-resolvers.ts';
import { typeResolvers } from './type-resolvers.ts';

export const resolvers: Resolvers = {
  ...typeResolvers,
  JSON: JSONResolver,
  Query: queryResolvers,
  Mutation: mutationResolvers,
};

/**
 * Object types whose fields resolve by graphql's default (same name on the model), on purpose.
 * The parity test checks every other field has a resolver.
 */
export const DEFAULT_RESOLVED_TYPES: readonly string[] = [
  'InventoryLevel',
  'Category',
  'CategoryCount',
  'PageInfo',
  'UserError',
  'ProductConnection',
  'OrderConnection',
  'BasketPayload',
  'OrderPayload',
  'QuotePayload',
  'PaymentLinkPayload',
  'PaymentPayload',
];
