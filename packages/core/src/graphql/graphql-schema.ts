import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import { typeDefs } from '../generated/schema-sdl.ts';
import { resolvers } from './resolvers/index.ts';

/** schema.graphql with the resolvers; built once per process. */
export function createGraphQLSchema(): GraphQLSchema {
  return makeExecutableSchema({
    typeDefs,
    resolvers: resolvers as Parameters<typeof makeExecutableSchema>[0]['resolvers'],
  });
}

/** The SDL served at `/schema.graphql`: schema.graphql byte for byte. */
export const schemaSdl: string = typeDefs;
