import { nestedObject, schemaTypes, type JsonSchema, type ToolDefinition } from '@grocery/mcp';
import { cell, code, headingSlug, table } from '../markdown-text.ts';

/**
 * The MCP tool reference, generated from the tool catalog that `tools/list` serves: every tool with
 * its hints, description, arguments (nested fields included), the shape of its result and the
 * GraphQL operation it runs.
 *
 * @example
 * mcpReferenceMarkdown(toolCatalog, { graphqlReference: 'http://127.0.0.1:4000/docs/reference-graphql' })
 */
export function mcpReferenceMarkdown(
  catalog: readonly ToolDefinition[],
  options: { graphqlReference: string },
): string {
  return [
    '# MCP tool reference',
    '',
    `Generated from the tool catalog that \`tools/list\` returns (${catalog.length} tools). Each tool runs one GraphQL operation through the same executor as \`/graphql\`; its arguments are the operation's variables and \`structuredContent\` is the operation's \`data\`.`,
    '',
    table(
      ['Tool', 'Title', 'Changes data', 'Needs the shopper', 'Runs'],
      catalog.map((tool) => [
        `[${code(tool.name)}](#${headingSlug(tool.name)})`,
        cell(tool.title),
        tool.annotations.readOnlyHint ? 'no' : 'yes',
        tool.shopper ? 'yes' : 'no',
        tool.rootFields
          .map((field) => `[${code(field)}](${options.graphqlReference}#${headingSlug(field)})`)
          .join(', '),
      ]),
    ),
    '',
    ...catalog.flatMap((tool) => section(tool, options)),
  ].join('\n');
}

function section(tool: ToolDefinition, options: { graphqlReference: string }): string[] {
  const hints = [
    tool.annotations.readOnlyHint ? 'read-only' : 'changes data',
    tool.annotations.destructiveHint ? 'destructive' : '',
    !tool.annotations.readOnlyHint && tool.annotations.idempotentHint ? 'idempotent' : '',
    tool.annotations.openWorldHint ? 'open world' : '',
    tool.shopper ? "needs the shopper's id token" : 'partner key only',
  ].filter(Boolean);
  const rows = argumentRows(tool.inputSchema, '', (tool.inputSchema.required ?? []) as readonly string[]);
  return [
    `## ${tool.name}`,
    '',
    `**${tool.title}** · ${hints.join(' · ')} · runs ${tool.rootFields.map((field) => `[${code(field)}](${options.graphqlReference}#${headingSlug(field)})`).join(', ')}`,
    '',
    tool.description,
    '',
    '### Arguments',
    '',
    rows.length ? table(['Argument', 'Type', 'Required', 'Default', 'Description'], rows) : 'Takes no arguments.',
    '',
    '### Result',
    '',
    'On success `structuredContent` holds:',
    '',
    ...resultTree(tool.outputSchema, 0),
    '',
    "When the call fails, `isError` is true and `structuredContent.errors` lists `{ code, message, field? }`; refusals of mutations also come back in the payload's `userErrors`.",
    '',
    '### Operation',
    '',
    '```graphql',
    tool.document,
    '```',
    '',
  ];
}

function argumentRows(schema: JsonSchema, prefix: string, required: readonly string[]): string[][] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(properties).flatMap(([name, property]) => {
    const path = `${prefix}${name}`;
    const row = [
      code(path),
      typeLabel(property),
      required.includes(name) ? 'yes' : 'no',
      'default' in property ? code(JSON.stringify(property.default)) : '',
      cell(typeof property.description === 'string' ? property.description : ''),
    ];
    const nested = nestedObject(property);
    return nested
      ? [
          row,
          ...argumentRows(
            nested.schema,
            `${path}${nested.suffix}.`,
            (nested.schema.required ?? []) as readonly string[],
          ),
        ]
      : [row];
  });
}

/** The fields of a result as a nested list, with types, skipping the `errors` branch. */
function resultTree(schema: JsonSchema, depth: number): string[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(properties)
    .filter(([name]) => !(depth === 0 && name === 'errors'))
    .flatMap(([name, property]) => {
      const nested = nestedObject(property);
      const line = `${'  '.repeat(depth)}- ${code(name)}: ${typeLabel(property)}`;
      return nested ? [line, ...resultTree(nested.schema, depth + 1)] : [line];
    });
}

function typeLabel(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => code(JSON.stringify(value))).join(' or ');
  const names = schemaTypes(schema).map((type) =>
    type === 'array' ? `${typeLabel((schema.items ?? {}) as JsonSchema)} list` : type,
  );
  const limits = [
    typeof schema.maxLength === 'number' ? `≤ ${schema.maxLength} chars` : '',
    typeof schema.maxItems === 'number' ? `≤ ${schema.maxItems} items` : '',
  ].filter(Boolean);
  return (names.length ? names.join(' or ') : 'any JSON') + (limits.length ? ` (${limits.join(', ')})` : '');
}
