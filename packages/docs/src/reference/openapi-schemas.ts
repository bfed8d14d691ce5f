import { cell, code, headingSlug, table } from '../markdown-text.ts';
import { list, record, text, type Json, type Resolve } from './openapi-nodes.ts';

/** A schema in one line: a named schema links to its section, others show their type and constraints. */
export function schemaType(schema: Json, resolve: Resolve): string {
  const ref = text(schema.$ref);
  if (ref.startsWith('#/components/schemas/')) {
    const name = ref.slice('#/components/schemas/'.length);
    return `[${name}](#${headingSlug(name)})`;
  }
  if (ref) return schemaType(resolve(schema), resolve);
  if ('const' in schema) return code(JSON.stringify(schema.const));
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => code(String(v))).join(' \\| ');
  for (const key of ['oneOf', 'anyOf'] as const) {
    if (Array.isArray(schema[key])) return schema[key].map((s) => schemaType(record(s), resolve)).join(' \\| ');
  }
  if (Array.isArray(schema.allOf)) return schema.allOf.map((s) => schemaType(record(s), resolve)).join(' and ');
  const types = Array.isArray(schema.type)
    ? schema.type.map(String)
    : typeof schema.type === 'string'
      ? [schema.type]
      : [];
  const shown = types.map((type) =>
    type === 'array'
      ? `array of ${schemaType(record(schema.items), resolve)}`
      : type === 'string' && schema.format
        ? `string (${text(schema.format)})`
        : type,
  );
  return (shown.join(' \\| ') || 'any') + constraints(schema);
}

/** A property's own description, else that of the schema it refers to. */
function describe(value: unknown, resolve: Resolve): string {
  return text(record(value).description) || text(resolve(value).description);
}

/** A body's properties as a table, when it is an inline object (a named schema has its own section). */
export function inlineObject(schema: Json, resolve: Resolve): string[] {
  const properties = Object.entries(record(schema.properties));
  if (properties.length === 0 || schema.$ref) return [];
  const required = list(schema.required).map(String);
  return [
    table(
      ['Field', 'Type', 'Required', 'Description'],
      properties.map(([name, value]) => [
        code(name),
        schemaType(record(value), resolve),
        required.includes(name) ? 'yes' : 'no',
        cell(describe(value, resolve)),
      ]),
    ),
    '',
  ];
}

/** The section of one named schema: its description, variants, and properties (those of `allOf` parts merged). */
export function schemaSection([name, raw]: [string, unknown], resolve: Resolve): string[] {
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
    variants.length ? `One of: ${variants.map((v) => schemaType(record(v), resolve)).join(', ')}.` : '',
    properties.length === 0 && !variants.length ? `Type: ${schemaType(schema, resolve)}.` : '',
    '',
    table(
      ['Property', 'Type', 'Required', 'Description'],
      dedupe(properties).map(([property, value]) => [
        code(property),
        schemaType(record(value), resolve),
        required.has(property) ? 'yes' : 'no',
        cell(describe(value, resolve)),
      ]),
    ),
    schema.additionalProperties === false || schema.unevaluatedProperties === false ? '\nNo other properties.' : '',
    '',
  ];
}

function dedupe(entries: [string, unknown][]): [string, unknown][] {
  const seen = new Map<string, unknown>();
  for (const [name, value] of entries)
    if (!seen.has(name) || Object.keys(record(value)).length > Object.keys(record(seen.get(name))).length)
      seen.set(name, value);
  return [...seen];
}

function constraints(schema: Json): string {
  const parts: string[] = [];
  if (typeof schema.minimum === 'number' || typeof schema.maximum === 'number')
    parts.push(
      `${typeof schema.minimum === 'number' ? schema.minimum : '…'} to ${typeof schema.maximum === 'number' ? schema.maximum : '…'}`,
    );
  if (typeof schema.minLength === 'number' && schema.minLength > 0)
    parts.push(`at least ${schema.minLength} characters`);
  if (typeof schema.maxLength === 'number') parts.push(`at most ${schema.maxLength} characters`);
  if (typeof schema.maxItems === 'number') parts.push(`at most ${schema.maxItems} items`);
  if (typeof schema.pattern === 'string') parts.push(`pattern ${code(schema.pattern)}`);
  if ('default' in schema) parts.push(`default ${code(JSON.stringify(schema.default))}`);
  return parts.length ? `, ${parts.join(', ')}` : '';
}
