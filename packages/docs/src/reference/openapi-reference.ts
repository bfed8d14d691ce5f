import { cell, code, demoteHeadings, headingSlug, table } from '../markdown-text.ts';

/** A parsed OpenAPI 3.1 document (from YAML); read through the narrowing helpers below. */
export type OpenApiDocument = Record<string, unknown>;

type Json = Record<string, unknown>;

const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options'] as const;

function record(value: unknown): Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/**
 * A reference page generated from one OpenAPI document: servers, security, every path and webhook
 * operation with its parameters, body and responses, then every schema with its properties.
 *
 * @example
 * openapiReferenceMarkdown(parse(readFileSync('openapi/catalog.yaml', 'utf8')), { title: 'REST catalog reference', source: 'openapi/catalog.yaml' })
 */
export function openapiReferenceMarkdown(document: OpenApiDocument, options: { title: string; source: string; servers?: Record<string, string> }): string {
  const resolve = (value: unknown): Json => {
    const node = record(value);
    const ref = text(node.$ref);
    if (!ref.startsWith('#/')) return node;
    let target: unknown = document;
    for (const part of ref.slice(2).split('/')) target = record(target)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    return resolve(target);
  };
  const info = record(document.info);
  const components = record(document.components);
  const schemas = record(components.schemas);
  const security = list(document.security);

  const operations = (entries: [string, unknown][], kind: 'path' | 'webhook'): string[] =>
    entries.flatMap(([name, item]) => {
      const pathItem = record(item);
      const shared = list(pathItem.parameters);
      return METHODS.filter((method) => method in pathItem).flatMap((method) =>
        operation(kind === 'path' ? `${method.toUpperCase()} ${name}` : `Webhook ${name} (${method.toUpperCase()})`, record(pathItem[method]), shared),
      );
    });

  const operation = (heading: string, op: Json, shared: unknown[]): string[] => {
    const parameters = [...shared, ...list(op.parameters)].map(resolve);
    const opSecurity = Array.isArray(op.security) ? op.security : security;
    const body = record(resolve(op.requestBody));
    const responses = Object.entries(record(op.responses));
    return [
      `### ${heading}`,
      '',
      op.summary ? `**${text(op.summary)}**${op.operationId ? ` (${code(text(op.operationId))})` : ''}` : '',
      '',
      text(op.description),
      '',
      `Authentication: ${securityText(opSecurity, record(components.securitySchemes))}.`,
      '',
      ...(parameters.length
        ? [
            table(
              ['Parameter', 'In', 'Type', 'Required', 'Description'],
              parameters.map((p) => [code(text(p.name)), text(p.in), schemaType(resolveSchema(p.schema)), p.required === true ? 'yes' : 'no', cell(text(p.description))]),
            ),
            '',
          ]
        : []),
      ...(Object.keys(record(body.content)).length
        ? [
            `Request body${body.required === true ? ' (required)' : ''}: ${Object.entries(record(body.content))
              .map(([media, content]) => `${code(media)} ${schemaType(resolveSchema(record(content).schema))}`)
              .join('; ')}.`,
            '',
            ...Object.values(record(body.content)).flatMap((content) => inlineObject(resolveSchema(record(content).schema))),
          ]
        : []),
      ...responseTable(responses),
    ];
  };

  const responseTable = (responses: [string, unknown][]): string[] => [
      table(
        ['Status', 'Description', 'Body'],
        responses.map(([status, raw]) => {
          const response = resolve(raw);
          const content = Object.entries(record(response.content));
          const headers = Object.keys(record(response.headers));
          return [
            code(status),
            cell(text(response.description)) + (headers.length ? ` Headers: ${headers.map(code).join(', ')}.` : ''),
            content.map(([media, value]) => `${code(media)} ${schemaType(resolveSchema(record(value).schema))}`).join('; '),
          ];
        }),
      ),
      '',
      // Inline response objects have no schema section to link to: their fields follow the table.
      ...responses.flatMap(([status, raw]) =>
        Object.values(record(resolve(raw).content)).flatMap((content) => {
          const fields = inlineObject(resolveSchema(record(content).schema));
          return fields.length ? [`Body of ${code(status)}:`, '', ...fields] : [];
        }),
      ),
    ];

  /** A property's own description, else that of the schema it refers to. */
  const describe = (value: unknown): string => text(record(value).description) || text(resolve(value).description);

  // Schemas are shown by name; a `$ref` to a schema links to its section.
  const resolveSchema = (value: unknown): Json => record(value);
  const schemaType = (schema: Json): string => {
    const ref = text(schema.$ref);
    if (ref.startsWith('#/components/schemas/')) {
      const name = ref.slice('#/components/schemas/'.length);
      return `[${name}](#${headingSlug(name)})`;
    }
    if (ref) return schemaType(resolve(schema));
    if ('const' in schema) return code(JSON.stringify(schema.const));
    if (Array.isArray(schema.enum)) return schema.enum.map((v) => code(String(v))).join(' \\| ');
    for (const key of ['oneOf', 'anyOf'] as const) {
      if (Array.isArray(schema[key])) return schema[key].map((s) => schemaType(record(s))).join(' \\| ');
    }
    if (Array.isArray(schema.allOf)) return schema.allOf.map((s) => schemaType(record(s))).join(' and ');
    const types = Array.isArray(schema.type) ? schema.type.map(String) : typeof schema.type === 'string' ? [schema.type] : [];
    const shown = types.map((type) => (type === 'array' ? `array of ${schemaType(record(schema.items))}` : type === 'string' && schema.format ? `string (${text(schema.format)})` : type));
    return (shown.join(' \\| ') || 'any') + constraints(schema);
  };

  /** A request body's properties, when it is an inline object. */
  const inlineObject = (schema: Json): string[] => {
    const properties = Object.entries(record(schema.properties));
    if (properties.length === 0 || schema.$ref) return [];
    const required = list(schema.required).map(String);
    return [table(['Field', 'Type', 'Required', 'Description'], properties.map(([name, value]) => [code(name), schemaType(record(value)), required.includes(name) ? 'yes' : 'no', cell(describe(value))])), ''];
  };

  const schemaSection = ([name, raw]: [string, unknown]): string[] => {
    const schema = record(raw);
    const parts = [schema, ...list(schema.allOf).map((part) => resolve(part))];
    const properties = parts.flatMap((part) => Object.entries(record(part.properties)));
    const required = new Set(parts.flatMap((part) => list(part.required).map(String)));
    const variants = list(schema.oneOf ?? schema.anyOf);
    return [
      `### ${name}`,
      '',
      text(schema.description),
      '',
      variants.length ? `One of: ${variants.map((v) => schemaType(record(v))).join(', ')}.` : '',
      properties.length === 0 && !variants.length ? `Type: ${schemaType(schema)}.` : '',
      '',
      table(
        ['Property', 'Type', 'Required', 'Description'],
        dedupe(properties).map(([property, value]) => [code(property), schemaType(record(value)), required.has(property) ? 'yes' : 'no', cell(describe(value))]),
      ),
      schema.additionalProperties === false || schema.unevaluatedProperties === false ? '\nNo other properties.' : '',
      '',
    ];
  };

  const servers = list(document.servers).map(record);
  const webhooks = Object.entries(record(document.webhooks));
  const paths = Object.entries(record(document.paths));
  return [
    `# ${options.title}`,
    '',
    `Generated from ${code(options.source)} (${code(text(info.title))}, version ${text(info.version)}).`,
    '',
    demoteHeadings(text(info.description), 2),
    '',
    servers.length ? `Server: ${servers.map((s) => code(serverUrl(text(s.url), options.servers ?? {}))).join(', ')}.` : '',
    '',
    ...(paths.length ? ['## Operations', '', ...operations(paths, 'path')] : []),
    ...(webhooks.length ? ['## Webhooks (sent by the service)', '', ...operations(webhooks, 'webhook')] : []),
    ...(Object.keys(schemas).length ? ['## Schemas', '', ...Object.entries(schemas).flatMap(schemaSection)] : []),
  ].join('\n');
}

function dedupe(entries: [string, unknown][]): [string, unknown][] {
  const seen = new Map<string, unknown>();
  for (const [name, value] of entries) if (!seen.has(name) || Object.keys(record(value)).length > Object.keys(record(seen.get(name))).length) seen.set(name, value);
  return [...seen];
}

function serverUrl(url: string, values: Record<string, string>): string {
  return url.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

function securityText(requirements: unknown[], schemes: Json): string {
  if (requirements.length === 0) return 'none';
  return requirements
    .map((requirement) =>
      Object.keys(record(requirement))
        .map((name) => {
          const scheme = record(schemes[name]);
          if (scheme.type === 'apiKey') return `header ${code(text(scheme.name))}`;
          if (scheme.type === 'http') return `${code(`Authorization: ${text(scheme.scheme) === 'bearer' ? 'Bearer' : text(scheme.scheme)} …`)}`;
          return code(name);
        })
        .join(' and ') || 'none',
    )
    .join(', or ');
}

function constraints(schema: Json): string {
  const parts: string[] = [];
  if (typeof schema.minimum === 'number' || typeof schema.maximum === 'number') parts.push(`${typeof schema.minimum === 'number' ? schema.minimum : '…'} to ${typeof schema.maximum === 'number' ? schema.maximum : '…'}`);
  if (typeof schema.minLength === 'number' && schema.minLength > 0) parts.push(`at least ${schema.minLength} characters`);
  if (typeof schema.maxLength === 'number') parts.push(`at most ${schema.maxLength} characters`);
  if (typeof schema.maxItems === 'number') parts.push(`at most ${schema.maxItems} items`);
  if (typeof schema.pattern === 'string') parts.push(`pattern ${code(schema.pattern)}`);
  if ('default' in schema) parts.push(`default ${code(JSON.stringify(schema.default))}`);
  return parts.length ? `, ${parts.join(', ')}` : '';
}
