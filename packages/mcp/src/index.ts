/**
 * @grocery/mcp: the agent tool interface. One GraphQL operation per tool (packages/mcp/operations),
 * a catalog generated from them by `npm run codegen`, a server factory that runs every tool through
 * the API's GraphQL executor, and the `/mcp` handler (MCP streamable HTTP, stateless).
 * Every export of this file is public API of the package; anything not exported here is internal.
 */
export { createMcpHandler, type McpHandlerOptions } from './mcp-handler.ts';
export { mcpRateLimitedResponse } from './json-rpc-errors.ts';
export { type McpCaller } from './mcp-caller.ts';
export { MCP_RESOURCES } from './mcp-resources.ts';
export { createMcpServerFactory, type McpServerFactory, type McpServerFactoryOptions } from './mcp-server-factory.ts';
export { createOriginPolicy, type OriginVerdict } from './origin-policy.ts';
export { PostTransport } from './post-transport.ts';
export { readMcpRequest, type McpRequestBody } from './mcp-request.ts';
export { compileArgumentChecks, type ArgumentCheck, type ArgumentProblem } from './tool-arguments.ts';
export { toToolResult, errorResult, type ToolError, type ToolResultOptions } from './tool-results.ts';
export { toolGuideMarkdown } from './tool-guide.ts';
export { toolCatalog } from './generated/tool-catalog.ts';
export {
  nestedObject,
  schemaTypes,
  type JsonSchema,
  type ObjectJsonSchema,
  type ToolDefinition,
  type ToolHints,
} from './tool-definition.ts';
