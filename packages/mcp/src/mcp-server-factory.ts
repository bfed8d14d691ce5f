import {
  type Commerce,
  createGraphQLContext,
  type GraphQLExecutor,
  type PartnerContext,
  schemaSdl,
} from '@grocery/core';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  type Implementation,
  ListResourcesRequestSchema,
  type ListResourcesResult,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  type ListToolsResult,
  McpError,
  ReadResourceRequestSchema,
  type ReadResourceResult,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { toolCatalog } from './generated/tool-catalog.ts';
import { compileArgumentChecks } from './tool-arguments.ts';
import type { ToolDefinition } from './tool-definition.ts';
import { toolGuideMarkdown } from './tool-guide.ts';
import { errorResult, toToolResult } from './tool-results.ts';

/** The URIs of the server's resources. */
export const MCP_RESOURCES = { schema: 'shop://schema', docs: 'shop://docs' } as const;

export interface McpServerFactoryOptions {
  commerce: Commerce;
  /** The executor /graphql uses: the same schema, caches and limits. */
  executor: GraphQLExecutor;
  /** The tools; the generated catalog by default. */
  catalog?: readonly ToolDefinition[];
  /** `shop://docs`; a guide generated from the catalog by default. */
  docsMarkdown?: () => string | Promise<string>;
  /** `shop://schema`; schema.graphql by default. */
  schemaSdl?: string;
  serverInfo?: Implementation;
  /** Called with every fault that was masked, for logs. */
  onInternalError?: (error: unknown, requestId: string) => void;
}

/** Who is calling, as the transport learnt it from the HTTP request. */
export interface McpCaller {
  partner: PartnerContext;
  /** The caller's key, forwarded to the search service; never logged. */
  partnerKey: string;
  requestId: string;
  /** The `Authorization` header value: the shopper's id token for shopper-scoped tools. */
  authorization: string | undefined;
  /** From the `Idempotency-Key` header, for create_order. */
  idempotencyKey: string | null;
}

/**
 * Makes a fresh MCP server for one caller; servers are never shared across requests. The text
 * block of every tool result it makes (the JSON of its `structuredContent`) goes into `toolTexts`
 * when given, so that the answer can reuse it rather than serialise the same data again.
 */
export type McpServerFactory = (caller: McpCaller, toolTexts?: Set<string>) => Server;

const INSTRUCTIONS =
  'Grocery shopping for a signed-in shopper. Find the branch (resolve_fulfilment), find products (search_products), ' +
  'fill the basket (add_basket_line), get the bill (create_quote, apply_coupon), then create_order and give the shopper ' +
  'its paymentLink.url. Only quote totals are bills. Read shop://docs for the full guide.';

/**
 * Builds the per-request MCP server. Everything that does not depend on the caller (the tool list,
 * compiled argument schemas, the validator the SDK needs) is built once here; each call of the
 * returned function constructs only the SDK objects, with the caller closed over.
 *
 * @example
 * const serverFor = createMcpServerFactory({ commerce, executor });
 * await serverFor({ partner, partnerKey, requestId, authorization, idempotencyKey: null }).connect(transport);
 */
export function createMcpServerFactory(options: McpServerFactoryOptions): McpServerFactory {
  const catalog = options.catalog ?? toolCatalog;
  const tools = new Map(catalog.map((tool) => [tool.name, tool]));
  const listed: ListToolsResult = {
    tools: catalog.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema as ListToolsResult['tools'][number]['inputSchema'],
      outputSchema: tool.outputSchema as ListToolsResult['tools'][number]['outputSchema'],
      annotations: { title: tool.title, ...tool.annotations },
    })),
  };
  const checkArguments = compileArgumentChecks(catalog);
  const sdl = options.schemaSdl ?? schemaSdl;
  const docs = options.docsMarkdown ?? (() => toolGuideMarkdown(catalog));
  const serverInfo = options.serverInfo ?? {
    name: 'partner-grocery-commerce',
    title: 'Partner Grocery Commerce API',
    version: '0.1.0',
  };
  // The SDK would build an Ajv instance per server otherwise; one is enough for all of them.
  const jsonSchemaValidator = new AjvJsonSchemaValidator();

  const callTool = async (
    name: string,
    args: Record<string, unknown>,
    caller: McpCaller,
    toolTexts: Set<string> | undefined,
  ): Promise<CallToolResult> => {
    const result = await runTool(name, args, caller);
    const text = result.content[0];
    if (toolTexts && text?.type === 'text') toolTexts.add(text.text);
    return result;
  };

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

  // Each resource once: what resources/list describes and what resources/read returns.
  const contents: Record<
    string,
    { name: string; title: string; description: string; mimeType: string; text: () => string | Promise<string> }
  > = {
    [MCP_RESOURCES.schema]: {
      name: 'schema',
      title: 'GraphQL schema',
      description: 'The GraphQL schema (SDL) every tool runs against, with a description on every type and field.',
      mimeType: 'application/graphql',
      text: () => sdl,
    },
    [MCP_RESOURCES.docs]: {
      name: 'docs',
      title: 'Agent guide',
      description: 'How to shop with these tools: connecting, the purchase flow, every tool, errors.',
      mimeType: 'text/markdown',
      text: docs,
    },
  };
  const resources: ListResourcesResult = {
    resources: Object.entries(contents).map(([uri, { name, title, description, mimeType }]) => ({
      uri,
      name,
      title,
      description,
      mimeType,
    })),
  };
  const readResource = async (uri: string): Promise<ReadResourceResult> => {
    const resource = Object.hasOwn(contents, uri) ? contents[uri] : undefined;
    if (!resource) throw new McpError(ErrorCode.InvalidParams, `Resource ${uri.slice(0, 200)} not found`);
    return { contents: [{ uri, mimeType: resource.mimeType, text: await resource.text() }] };
  };

  // The protocol-level Server rather than McpServer: tools and resources are fixed lists answered
  // from values built once above, so the per-request server needs none of McpServer's registries.
  return (caller, toolTexts) => {
    const server = new Server(serverInfo, {
      capabilities: { tools: {}, resources: {} },
      instructions: INSTRUCTIONS,
      jsonSchemaValidator,
    });
    server.setRequestHandler(ListToolsRequestSchema, () => listed);
    server.setRequestHandler(CallToolRequestSchema, (request) =>
      callTool(request.params.name, request.params.arguments ?? {}, caller, toolTexts),
    );
    server.setRequestHandler(ListResourcesRequestSchema, () => resources);
    server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [] }));
    server.setRequestHandler(ReadResourceRequestSchema, (request) => readResource(request.params.uri));
    return server;
  };
}
