import type { GraphQLExecutor } from '@grocery/core';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { ToolDefinition } from './tool-definition.ts';

/** What one POST to `/mcp` spends. */
export interface MessageCharges {
  /** Partner-budget units: each tool call what its operation costs on `/graphql`, every other request 1. */
  units: number;
  /** Tool calls that run a shopper-scoped mutation, each counted against the shopper's own limit. */
  shopperMutations: number;
}

/**
 * Prices the messages of one request before any of them runs, so that a batch costs the sum of its
 * calls: a tool call costs its GraphQL operation's units with the call's arguments (the executor's
 * rule, the same as `/graphql`); other requests (tools/list, ping, ...) 1; notifications nothing.
 *
 * @example
 * const charge = createMessageCharges(toolCatalog, executor);
 * charge([{ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_products', arguments: { first: 100 } } }]); // { units: 11, shopperMutations: 0 }
 */
export function createMessageCharges(
  catalog: readonly ToolDefinition[],
  executor: GraphQLExecutor,
): (messages: readonly JSONRPCMessage[]) => MessageCharges {
  const tools = new Map(catalog.map((tool) => [tool.name, tool]));
  return (messages) => {
    let units = 0;
    let shopperMutations = 0;
    for (const message of messages) {
      if (!('method' in message) || !('id' in message)) continue;
      const params = message.params as { name?: unknown; arguments?: unknown } | undefined;
      const tool =
        message.method === 'tools/call' && typeof params?.name === 'string' ? tools.get(params.name) : undefined;
      if (!tool) {
        units += 1;
        continue;
      }
      const args =
        typeof params?.arguments === 'object' && params.arguments !== null && !Array.isArray(params.arguments)
          ? (params.arguments as Record<string, unknown>)
          : {};
      units += executor.unitsOf(executor.parse(tool.document), tool.name, args);
      if (tool.operationType === 'mutation' && tool.shopper) shopperMutations += 1;
    }
    return { units: Math.max(1, units), shopperMutations };
  };
}
