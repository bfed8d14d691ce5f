import { type Commerce, type GraphQLExecutor, schemaSdl } from '@grocery/core';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type Implementation,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { toolCatalog } from './generated/tool-catalog.ts';
import type { McpCaller } from './mcp-caller.ts';
import { createMcpResources } from './mcp-resources.ts';
import type { ToolDefinition } from './tool-definition.ts';
import { toolGuideMarkdown } from './tool-guide.ts';
import { createToolRunner } from './tool-runner.ts';

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
  const tools = createToolRunner({
    catalog,
    commerce: options.commerce,
    executor: options.executor,
    onInternalError: options.onInternalError,
  });
  const resources = createMcpResources({
    sdl: options.schemaSdl ?? schemaSdl,
    docs: options.docsMarkdown ?? (() => toolGuideMarkdown(catalog)),
  });
  const serverInfo = options.serverInfo ?? {
    name: 'partner-grocery-commerce',
    title: 'Partner Grocery Commerce API',
    version: '0.1.0',
  };
  // The SDK would build an Ajv instance per server otherwise; one is enough for all of them.
  const jsonSchemaValidator = new AjvJsonSchemaValidator();

  // The protocol-level Server rather than McpServer: tools and resources are fixed lists answered
  // from values built once above, so the per-request server needs none of McpServer's registries.
  return (caller, toolTexts) => {
    const server = new Server(serverInfo, {
      capabilities: { tools: {}, resources: {} },
      instructions: INSTRUCTIONS,
      jsonSchemaValidator,
    });
    server.setRequestHandler(ListToolsRequestSchema, () => tools.listed);
    server.setRequestHandler(CallToolRequestSchema, (request) =>
      tools.call(request.params.name, request.params.arguments ?? {}, caller, toolTexts),
    );
    server.setRequestHandler(ListResourcesRequestSchema, () => resources.list);
    server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [] }));
    server.setRequestHandler(ReadResourceRequestSchema, (request) => resources.read(request.params.uri));
    return server;
  };
}
