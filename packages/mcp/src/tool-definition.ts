/**
 * The shape of one generated MCP tool (src/generated/tool-catalog.ts): everything the server needs
 * to list and run a tool, derived by `npm run codegen` from one operation file.
 */

/** A JSON Schema (2020-12 keywords that draft-07 validators read the same way). */
export interface JsonSchema {
  readonly [keyword: string]: unknown;
}

/** The JSON types a schema allows (`type` as a string or a list; none when it says nothing). */
export function schemaTypes(schema: JsonSchema): string[] {
  return Array.isArray(schema.type) ? schema.type.map(String) : typeof schema.type === 'string' ? [schema.type] : [];
}

/**
 * The object inside a property (itself, or its list's items, then with `suffix` `[]`), so that
 * guides can list its fields under it; null for scalars.
 */
export function nestedObject(schema: JsonSchema): { schema: JsonSchema; suffix: string } | null {
  if (schemaTypes(schema).includes('object') && schema.properties) return { schema, suffix: '' };
  const items = schema.items as JsonSchema | undefined;
  if (schemaTypes(schema).includes('array') && items && schemaTypes(items).includes('object') && items.properties)
    return { schema: items, suffix: '[]' };
  return null;
}

/** The root schema of a tool's arguments or result: MCP requires `type: "object"`. */
export interface ObjectJsonSchema extends JsonSchema {
  readonly type: 'object';
  readonly properties: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
}

/** MCP tool annotations; all four are always given, so clients never fall back to the defaults. */
export interface ToolHints {
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

/**
 * One tool: a GraphQL operation whose name is the tool's name.
 *
 * @example
 * const tool = toolCatalog.find((t) => t.name === 'get_product');
 * executor.run({ query: tool.document, operationName: tool.name, variables: { cprcode: '100001' }, contextValue });
 */
export interface ToolDefinition {
  /** The operation name, e.g. `add_basket_line`. */
  readonly name: string;
  /** Human-readable name, e.g. `Add to basket`. */
  readonly title: string;
  /** What the tool does, when to use it and what to do next, then the schema's field descriptions. */
  readonly description: string;
  /** `query` tools only read. */
  readonly operationType: 'query' | 'mutation';
  /** Root fields the operation selects, e.g. `Mutation.basketAdd`. */
  readonly rootFields: readonly string[];
  /** Whether the tool needs the shopper's id token (`Authorization: Bearer <id token>`). */
  readonly shopper: boolean;
  readonly annotations: ToolHints;
  /** JSON Schema of the arguments: the operation's variables. */
  readonly inputSchema: ObjectJsonSchema;
  /** JSON Schema of `structuredContent`: the operation's `data`, or `errors` when it failed. */
  readonly outputSchema: ObjectJsonSchema;
  /** The operation document, printed without comments. */
  readonly document: string;
}
