import { type Commerce, createGraphQLContext, type GraphQLExecutor } from '@grocery/core';
import { type CallToolResult, ErrorCode, type ListToolsResult, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { McpCaller } from './mcp-caller.ts';
import { compileArgumentChecks } from './tool-arguments.ts';
import type { ToolDefinition } from './tool-definition.ts';
import { errorResult, toToolResult } from './tool-results.ts';

/** What `tools/list` answers and how `tools/call` runs a tool for a caller, built once for every server. */
export interface ToolRunner {
  listed: ListToolsResult;
  /** Runs the tool; the text block of its result goes into `toolTexts` when given. */
  call(
    name: string,
    args: Record<string, unknown>,
    caller: McpCaller,
    toolTexts?: Set<string>,
  ): Promise<CallToolResult>;
}

/** Runs each tool of the catalog as its GraphQL operation on the executor, with the caller's context. */
export function createToolRunner(options: {
  catalog: readonly ToolDefinition[];
  commerce: Commerce;
  executor: GraphQLExecutor;
  onInternalError: ((error: unknown, requestId: string) => void) | undefined;
}): ToolRunner {
  const { catalog } = options;
  const tools = new Map(catalog.map((tool) => [tool.name, tool]));
  const checkArguments = compileArgumentChecks(catalog);

  const runTool = async (name: string, args: Record<string, unknown>, caller: McpCaller): Promise<CallToolResult> => {
    const tool = tools.get(name);
    if (!tool)
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown tool "${name.slice(0, 100)}". tools/list names the ${tools.size} tools.`,
      );
    const problems = checkArguments(tool, args);
    if (problems.length) return errorResult(problems);
    try {
      const contextValue = createGraphQLContext({ commerce: options.commerce, ...caller });
      const result = await options.executor.run({
        query: tool.document,
        variables: args,
        operationName: tool.name,
        contextValue,
      });
      return toToolResult(result, {
        requestId: caller.requestId,
        maxBytes: options.executor.limits.maxResponseBytes,
        onInternalError: options.onInternalError,
      });
    } catch (error) {
      // Never let a fault's message reach the client: the SDK would send it as the JSON-RPC error.
      options.onInternalError?.(error, caller.requestId);
      return errorResult([
        {
          code: 'INTERNAL',
          message: `Internal error. Quote request id ${caller.requestId} to support.`,
          requestId: caller.requestId,
        },
      ]);
    }
  };

  return {
    listed: {
      tools: catalog.map((tool) => ({
        name: tool.name,
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema as ListToolsResult['tools'][number]['inputSchema'],
        outputSchema: tool.outputSchema as ListToolsResult['tools'][number]['outputSchema'],
        annotations: { title: tool.title, ...tool.annotations },
      })),
    },
    async call(name, args, caller, toolTexts) {
      const result = await runTool(name, args, caller);
      const text = result.content[0];
      if (toolTexts && text?.type === 'text') toolTexts.add(text.text);
      return result;
    },
  };
}
