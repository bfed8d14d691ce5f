import { nestedObject, schemaTypes, type JsonSchema, type ToolDefinition } from './tool-definition.ts';

/**
 * The agent's guide to the shop as markdown (`shop://docs` until the written guide replaces it):
 * how to connect, the purchase flow, and every tool with its arguments and result, built from the
 * generated catalog so it never disagrees with `tools/list`.
 *
 * @example
 * createMcpHandler({ commerce, executor, docsMarkdown: () => toolGuideMarkdown(toolCatalog) });
 */
export function toolGuideMarkdown(catalog: readonly ToolDefinition[]): string {
  const reads = catalog.filter((tool) => tool.annotations.readOnlyHint);
  const changes = catalog.filter((tool) => !tool.annotations.readOnlyHint);
  return [
    '# Shopping with the Partner Grocery Commerce API over MCP',
    '',
    'This server lets an agent shop for groceries on behalf of a signed-in shopper: find products, fill the basket, get the bill, place the order and hand the shopper a payment link. Every tool runs one GraphQL operation of the API (`shop://schema` holds the schema), so tools and `/graphql` answer alike.',
    '',
    '## Connecting',
    '',
    '- Endpoint: `POST {base_url}/mcp`, MCP streamable HTTP, stateless (no session id), answered with JSON.',
    '- Every request carries `X-Partner-Key: <partner key>`; without a valid key the answer is HTTP 401 with a JSON-RPC error whose `error.data.code` is `PARTNER_KEY_INVALID`.',
    "- Shopper-scoped tools (basket, quote, order, payment) also need `Authorization: Bearer <id token>`, the shopper's id token from the identity provider. Without it they return an error result with code `UNAUTHENTICATED`.",
    '- Browsers: a request whose `Origin` is not the service itself or an origin the operator allowed is refused with HTTP 403.',
    "- Request bodies and JSON-RPC batches are bounded (HTTP 413 or a JSON-RPC error past the limit); string and list arguments carry `maxLength` and `maxItems` in each tool's `inputSchema`.",
    '',
    '## A purchase, step by step',
    '',
    "1. `resolve_fulfilment` with the shopper's coordinates or postcode gives the `branchCode` that prices and fulfils the order.",
    '2. `search_products` (or `list_products` to browse a category) with that `branchCode` finds products; each carries its `cprcode`, the branch price and stock.',
    '3. `add_basket_line` puts a product in the basket (`set_basket_quantity` corrects a quantity, `get_basket` shows the basket).',
    "4. `create_quote` prices the basket with the grocer's calculator. Its `grandTotal` is the bill: never add up line prices yourself, and never show a total that did not come from a quote.",
    "5. `apply_coupon` prices it again with the shopper's coupon codes; unusable codes come back in `failedCoupons` with a reason.",
    '6. `create_order` (same `couponCodes` and delivery settings) places the order. It takes no payment and reserves no stock; it returns `paymentLink.url`, where the shopper pays.',
    '7. `get_order` shows whether it is paid (`payment.isPaid`) and how fulfilment progresses. `create_payment_link` issues a fresh link if the first one expired (links last 24 hours).',
    '',
    'If the price changes between ordering and paying, the payment page refuses the payment with `PRICE_CHANGED`; the shopper places the order again.',
    '',
    '## Results and errors',
    '',
    "- A tool result has `structuredContent` (the operation's data, shaped by the tool's `outputSchema`) and the same JSON in one text block.",
    "- `isError: true` means the call did not do what was asked: `structuredContent.errors` (or the payload's `userErrors`) names a stable `code` and a `message` to relay to the shopper. Common codes: `INVALID_INPUT` (the arguments do not match the tool's `inputSchema`), `UNAUTHENTICATED`, `INVALID_CPRCODE`, `INVALID_QUANTITY`, `PRICE_UNAVAILABLE`, `EMPTY_BASKET`, `ADDRESS_REQUIRED`, `NOT_FOUND`, `ALREADY_PAID`, `QUERY_TOO_COMPLEX`.",
    '- An unknown tool name or a malformed request is a JSON-RPC error, not a tool result.',
    '',
    '## Tools',
    '',
    '| Tool | What it does | Changes data | Needs the shopper |',
    '| --- | --- | --- | --- |',
    ...catalog.map(
      (tool) =>
        `| \`${tool.name}\` | ${tool.title} | ${tool.annotations.readOnlyHint ? 'no' : 'yes'} | ${tool.shopper ? 'yes' : 'no'} |`,
    ),
    '',
    `${reads.length} tools only read; ${changes.length} change the basket, quotes, orders or payment links.`,
    '',
    ...catalog.flatMap(toolSection),
    '## Resources',
    '',
    '- `shop://schema`: the GraphQL schema (SDL) the tools run against, with a description on every type and field.',
    '- `shop://docs`: this guide.',
    '',
  ].join('\n');
}

function toolSection(tool: ToolDefinition): string[] {
  const rows = argumentRows(tool.inputSchema, '', tool.inputSchema.required ?? []);
  const hints = [
    tool.annotations.readOnlyHint ? 'read-only' : 'changes data',
    tool.annotations.destructiveHint ? 'destructive' : null,
    !tool.annotations.readOnlyHint && tool.annotations.idempotentHint ? 'idempotent' : null,
    tool.shopper ? "needs the shopper's id token" : null,
  ].filter(Boolean);
  return [
    `### \`${tool.name}\`: ${tool.title}`,
    '',
    `_${hints.join(', ')}_`,
    '',
    tool.description,
    '',
    ...(rows.length
      ? ['| Argument | Type | Required | Default | Meaning |', '| --- | --- | --- | --- | --- |', ...rows, '']
      : ['Takes no arguments.', '']),
    `Returns: ${resultSummary(tool)}.`,
    '',
  ];
}

function argumentRows(schema: JsonSchema, prefix: string, required: readonly string[]): string[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(properties).flatMap(([name, property]) => {
    const path = `${prefix}${name}`;
    const row = `| \`${path}\` | ${typeLabel(property)} | ${required.includes(name) ? 'yes' : 'no'} | ${'default' in property ? `\`${JSON.stringify(property.default)}\`` : ''} | ${cell(property.description)} |`;
    const nested = nestedObject(property);
    return nested
      ? [row, ...argumentRows(nested.schema, `${path}${nested.suffix}.`, (nested.schema.required ?? []) as string[])]
      : [row];
  });
}

function typeLabel(schema: JsonSchema): string {
  if (Array.isArray(schema.enum))
    return (
      schema.enum
        .filter((v) => v !== null)
        .map((v) => `\`${String(v)}\``)
        .join(' \\| ') + (schema.enum.includes(null) ? ' \\| null' : '')
    );
  const names = schemaTypes(schema).map((type) =>
    type === 'array' ? `${typeLabel((schema.items ?? {}) as JsonSchema)}[]` : type,
  );
  return names.length ? names.join(' \\| ') : 'any JSON';
}

function cell(text: unknown): string {
  return typeof text === 'string' ? text.replace(/\|/g, '\\|').replace(/\n+/g, ' ') : '';
}

function resultSummary(tool: ToolDefinition): string {
  const roots = Object.entries(tool.outputSchema.properties).filter(([name]) => name !== 'errors');
  return roots
    .map(([name, schema]) => {
      const inner = nestedObject(schema);
      const fields = inner ? Object.keys((inner.schema.properties ?? {}) as Record<string, unknown>) : [];
      return `\`${name}\`${fields.length ? ` with ${fields.map((f) => `\`${f}\``).join(', ')}` : ''}`;
    })
    .join('; ');
}
