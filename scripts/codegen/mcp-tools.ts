/**
 * Codegen plugin: packages/mcp/operations/*.graphql → the MCP tool catalog. Each file holds one
 * operation whose name is the tool's name; its leading comment is the tool's description (plus
 * `@title`, `@idempotent`, `@destructive` and `@param <variable> <description>` tags; a variable's
 * description is otherwise that of the argument or input field it fills). Arguments are the operation's variables as a
 * JSON Schema (types, enums, defaults, required-ness and the schema's descriptions); the result is
 * the selection set as a JSON Schema. No tool has hand-written code.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  getNamedType,
  type GraphQLEnumType,
  type GraphQLField,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLScalarType,
  type GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  Kind,
  type OperationDefinitionNode,
  print,
  type SelectionSetNode,
  TypeInfo,
  typeFromAST,
  valueFromAST,
  visit,
  visitWithTypeInfo,
} from 'graphql';

export interface McpToolsConfig {
  /** Root fields that need the shopper's id token: a root type (`Mutation`) or one field (`Query.basket`). */
  shopperFields: string[];
  /** Longest string argument accepted (bounds what an agent can send; default 2,000). */
  maxStringLength?: number;
  /** Most items in a list argument (default 500, the largest list the schema accepts). */
  maxListLength?: number;
}

interface DocumentFile {
  location?: string;
  document?: DocumentNode;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { [keyword: string]: Json };

const TAGS = new Set(['title', 'idempotent', 'destructive', 'param']);
const TOOL_NAME = /^[a-z][a-z0-9_]{0,63}$/;
const INT_RANGE = { minimum: -2_147_483_648, maximum: 2_147_483_647 };

export const plugin = (schema: GraphQLSchema, documents: DocumentFile[], config: McpToolsConfig): string => {
  const limits = { maxStringLength: config.maxStringLength ?? 2_000, maxListLength: config.maxListLength ?? 500 };
  const tools = documents
    .map((file) => toolOf(schema, file, config, limits))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
  const names = tools.map((tool) => tool.name);
  const duplicate = names.find((name, i) => names.indexOf(name) !== i);
  if (duplicate) throw new Error(`Two operation files define the tool ${duplicate}.`);
  return [
    `import type { ToolDefinition } from '../tool-definition.ts';`,
    ``,
    `/** The MCP tools, one per operation in packages/mcp/operations/, by name. */`,
    `export const toolCatalog: readonly ToolDefinition[] = ${JSON.stringify(tools, null, 2)};`,
    ``,
  ].join('\n');
};

interface Limits {
  maxStringLength: number;
  maxListLength: number;
}

function toolOf(schema: GraphQLSchema, file: DocumentFile, config: McpToolsConfig, limits: Limits) {
  const location = file.location ?? '(unknown file)';
  const fail = (message: string): never => {
    throw new Error(`${location}: ${message}`);
  };
  const document = file.document ?? fail('no document');
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  if (operations.length !== 1) fail(`holds ${operations.length} operations; a tool file holds exactly one.`);
  const operation = operations[0]!;
  const name = operation.name?.value ?? fail('the operation needs a name: it is the tool name.');
  if (!TOOL_NAME.test(name)) fail(`the tool name ${name} must be snake_case (a-z, 0-9, _).`);
  if (file.location && basename(file.location, '.graphql') !== name)
    fail(`the file must be named ${name}.graphql after its operation.`);
  if (operation.operation === 'subscription') fail('subscriptions cannot be tools.');
  const operationType = operation.operation;
  const rootType =
    (operationType === 'query' ? schema.getQueryType() : schema.getMutationType()) ??
    fail(`the schema has no ${operationType} type.`);

  // Read the file itself: the loaded document (and its rawSDL) has no comments.
  const comment = leadingComment(readFileSync(location, 'utf8'));
  for (const tag of comment.tags.keys())
    if (!TAGS.has(tag)) fail(`unknown tag @${tag}; known: ${[...TAGS].map((t) => `@${t}`).join(', ')}.`);
  if (!comment.text) fail('a leading # comment must say what the tool does, when to use it and what to do next.');
  if (comment.tags.has('param')) fail('write @param <variable> <description>.');
  const variables = new Set((operation.variableDefinitions ?? []).map((v) => v.variable.name.value));
  for (const param of comment.params.keys())
    if (!variables.has(param)) fail(`@param ${param} names no variable of the operation.`);
  if (operationType === 'query' && (comment.tags.has('idempotent') || comment.tags.has('destructive')))
    fail('queries only read; @idempotent and @destructive are for mutations.');

  const fragments = new Map(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );
  const rootFields = collectFields(operation.selectionSet, fragments, rootType, fail);
  const rootNames = [...new Set([...rootFields.values()].map((nodes) => `${rootType.name}.${nodes[0]!.name.value}`))];
  for (const [key, nodes] of rootFields) {
    const field = rootType.getFields()[nodes[0]!.name.value];
    const payload = field && getNamedType(field.type);
    if (operationType === 'mutation' && isObjectType(payload) && payload.getFields().userErrors) {
      const selected = collectFields(mergedSelection(nodes), fragments, payload, fail).get('userErrors');
      const inner =
        selected &&
        collectFields(
          mergedSelection(selected),
          fragments,
          getNamedType(payload.getFields().userErrors!.type) as GraphQLObjectType,
          fail,
        );
      if (!inner?.has('code') || !inner.has('message'))
        fail(`${key} must select userErrors { code message }: they are how the tool reports a refusal.`);
    }
  }
  const shopper = rootNames.some(
    (root) => config.shopperFields.includes(root) || config.shopperFields.includes(root.split('.')[0]!),
  );

  const descriptions = rootNames.map((root) =>
    `GraphQL \`${root}\`: ${rootType.getFields()[root.split('.')[1]!]?.description ?? ''}`.trim(),
  );
  const description = [
    comment.text,
    descriptions.join('\n'),
    shopper
      ? "Shopper-scoped: the MCP request must carry the shopper's id token (`Authorization: Bearer <id token>`); without it the result is an error with code UNAUTHENTICATED."
      : '',
  ]
    .filter(Boolean)
    .join('\n\n');

  const readOnly = operationType === 'query';
  return {
    name,
    title: comment.tags.get('title') || humanise(name),
    description,
    operationType,
    rootFields: rootNames,
    shopper,
    annotations: {
      readOnlyHint: readOnly,
      destructiveHint: !readOnly && comment.tags.has('destructive'),
      idempotentHint: readOnly || comment.tags.has('idempotent'),
      openWorldHint: false,
    },
    inputSchema: argumentsSchema(schema, document, operation, comment.params, limits, fail),
    outputSchema: resultSchema(rootType, rootFields, fragments, fail),
    document: print(document),
  };
}

/** The `#` lines before the first definition: free text (paragraphs joined) and `@tag value` lines. */
function leadingComment(source: string): { text: string; tags: Map<string, string>; params: Map<string, string> } {
  const paragraphs: string[][] = [[]];
  const tags = new Map<string, string>();
  const params = new Map<string, string>();
  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    if (!line.startsWith('#')) break;
    const text = line.replace(/^#\s?/, '').trimEnd();
    const tag = /^@([a-z]+)\s*(.*)$/.exec(text);
    const param = tag?.[1] === 'param' ? /^(\w+)\s+(.+)$/.exec(tag[2]!) : null;
    if (param) params.set(param[1]!, param[2]!.trim());
    else if (tag) tags.set(tag[1]!, tag[2]!.trim());
    else if (text === '') paragraphs.push([]);
    else paragraphs.at(-1)!.push(text);
  }
  return {
    text: paragraphs
      .filter((p) => p.length > 0)
      .map((p) => p.join(' '))
      .join('\n\n'),
    tags,
    params,
  };
}

function humanise(name: string): string {
  const words = name.split('_').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// ---- Arguments: the variables ------------------------------------------------------------------

/** The schema position a variable fills: an argument or an input field, with its type and default. */
interface Usage {
  /** Where, for messages: `Query.search(limit)` or `ProductFilter.alcoholOnly`. */
  where: string;
  type: GraphQLInputType;
  description: string | undefined;
  /** The schema's default; undefined when it has none. */
  defaultValue: unknown;
}

/** Where each variable is used: the argument or input field it fills (the first, if several). */
function variableUsages(schema: GraphQLSchema, document: DocumentNode): Map<string, Usage> {
  const usages = new Map<string, Usage>();
  const typeInfo = new TypeInfo(schema);
  const record = (variable: string, usage: Usage) => {
    if (!usages.has(variable)) usages.set(variable, usage);
  };
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Argument(node) {
        const argument = typeInfo.getArgument();
        if (node.value.kind !== Kind.VARIABLE || !argument) return;
        const where = `${typeInfo.getParentType()?.name ?? ''}.${typeInfo.getFieldDef()?.name ?? ''}(${argument.name})`;
        record(node.value.name.value, {
          where,
          type: argument.type,
          description: argument.description ?? undefined,
          defaultValue: argument.defaultValue,
        });
      },
      ObjectField(node) {
        if (node.value.kind !== Kind.VARIABLE) return;
        const parent = typeInfo.getParentInputType();
        const owner = parent ? getNamedType(parent) : undefined;
        const field = isInputObjectType(owner) ? owner.getFields()[node.name.value] : undefined;
        if (field)
          record(node.value.name.value, {
            where: `${owner!.name}.${field.name}`,
            type: field.type,
            description: field.description ?? undefined,
            defaultValue: field.defaultValue,
          });
      },
    }),
  );
  return usages;
}

/**
 * A tool's arguments are the operation's variables, but their defaults and optionality come from
 * the schema position each fills, so a tool cannot drift from the field it calls: a variable
 * declares no default of its own and is required exactly when that position is.
 */
function argumentsSchema(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  params: Map<string, string>,
  limits: Limits,
  fail: (m: string) => never,
): Schema {
  const usages = variableUsages(schema, document);
  const properties: Record<string, Json> = {};
  const required: string[] = [];
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    const declared =
      (typeFromAST(schema, definition.type) as GraphQLInputType | undefined) ??
      fail(`variable $${name} has an unknown type ${print(definition.type)}.`);
    const usage = usages.get(name);
    if (usage && definition.defaultValue)
      fail(
        `$${name} declares a default; it takes the default of ${usage.where} from the schema, so remove "= ${print(definition.defaultValue)}".`,
      );
    const optional = usage
      ? !isNonNullType(usage.type) || usage.defaultValue !== undefined
      : !isNonNullType(declared) || Boolean(definition.defaultValue);
    if (usage && optional && isNonNullType(declared))
      fail(
        `$${name} is required, but ${usage.where} is optional in the schema; declare it as ${print(definition.type).replace(/!$/, '')}.`,
      );
    // The schema position's type: a nullable variable filling `Int! = 20` may be omitted, never null.
    const property = described(
      params.get(name) ?? usage?.description,
      inputSchema(usage?.type ?? declared, limits, new Set()),
    );
    const defaultValue = usage
      ? usage.defaultValue
      : definition.defaultValue
        ? valueFromAST(definition.defaultValue, declared)
        : undefined;
    if (defaultValue !== undefined) property.default = toJson(defaultValue);
    if (!optional) required.push(name);
    properties[name] = property;
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false };
}

function inputSchema(type: GraphQLInputType, limits: Limits, path: Set<string>, isNullable = true): Schema {
  if (isNonNullType(type)) return inputSchema(type.ofType, limits, path, false);
  const nullable = (schema: Schema) => (isNullable ? orNull(schema) : schema);
  if (isListType(type))
    return nullable({ type: 'array', items: inputSchema(type.ofType, limits, path), maxItems: limits.maxListLength });
  if (isScalarType(type)) return nullable(scalarSchema(type, limits));
  if (isEnumType(type)) return nullable(enumSchema(type));
  return nullable(inputObjectSchema(type, limits, path));
}

function inputObjectSchema(type: GraphQLInputObjectType, limits: Limits, path: Set<string>): Schema {
  if (path.has(type.name))
    throw new Error(`The input type ${type.name} refers to itself; tool arguments must be finite.`);
  const inner = new Set(path).add(type.name);
  const properties: Record<string, Json> = {};
  const required: string[] = [];
  for (const field of declared(type.getFields(), type.astNode?.fields)) {
    const property = described(field.description, inputSchema(field.type, limits, inner));
    if (field.defaultValue !== undefined) property.default = toJson(field.defaultValue);
    else if (isNonNullType(field.type)) required.push(field.name);
    properties[field.name] = property;
  }
  return {
    type: 'object',
    ...(type.description ? { description: type.description } : {}),
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  };
}

/** Codegen hands plugins a sorted schema; the SDL's own order (lat, lon, postcode, ...) reads better. */
function declared<T>(byName: Record<string, T>, nodes: readonly { name: { value: string } }[] | undefined): T[] {
  return nodes
    ? nodes.map((node) => byName[node.name.value]).filter((item): item is T => item !== undefined)
    : Object.values(byName);
}

/** The field's own description first, then its type's (an enum's values, an input object's purpose). */
function described(description: string | null | undefined, schema: Schema): Schema {
  const { description: ofType, ...rest } = schema;
  const text = [description, typeof ofType === 'string' ? ofType : undefined].filter(Boolean).join(' ');
  return text ? { description: text, ...rest } : rest;
}

/** Nullable inputs and outputs accept `null` besides their type. */
function orNull(schema: Schema): Schema {
  if (typeof schema.type === 'string') {
    const out: Schema = { ...schema, type: [schema.type, 'null'] };
    if (Array.isArray(schema.enum)) out.enum = [...schema.enum, null];
    return out;
  }
  return schema;
}

function scalarSchema(type: GraphQLScalarType, limits: Limits | null): Schema {
  switch (type.name) {
    case 'ID':
    case 'String':
      return limits ? { type: 'string', maxLength: limits.maxStringLength } : { type: 'string' };
    case 'Int':
      // GraphQL Int is 32-bit: say so for arguments, where a larger number would only fail later.
      return limits ? { type: 'integer', ...INT_RANGE } : { type: 'integer' };
    case 'Float':
      return { type: 'number' };
    case 'Boolean':
      return { type: 'boolean' };
    default:
      // Custom scalars (JSON) take any JSON value.
      return type.description ? { description: type.description } : {};
  }
}

function enumSchema(type: GraphQLEnumType): Schema {
  const byName = Object.fromEntries(type.getValues().map((v) => [v.name, v]));
  const values = declared(byName, type.astNode?.values);
  const meaning = values
    .map((v) => `${v.name}${v.description ? ` (${v.description.replace(/\.$/, '')})` : ''}`)
    .join('; ');
  return {
    type: 'string',
    enum: values.map((v) => v.name),
    description: `${type.description ? `${type.description} ` : ''}One of: ${meaning}.`,
  };
}

function toJson(value: unknown): Json {
  return JSON.parse(JSON.stringify(value ?? null)) as Json;
}

// ---- Result: the selection set -----------------------------------------------------------------

/** Fields by response key, fragments inlined (the schema has only object types, so conditions are that type). */
function collectFields(
  selectionSet: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  parent: GraphQLObjectType,
  fail: (m: string) => never,
  out = new Map<string, FieldNode[]>(),
): Map<string, FieldNode[]> {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const key = selection.alias?.value ?? selection.name.value;
      out.set(key, [...(out.get(key) ?? []), selection]);
      continue;
    }
    const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : fragments.get(selection.name.value);
    if (!fragment) fail(`unknown fragment ${selection.kind === Kind.FRAGMENT_SPREAD ? selection.name.value : ''}.`);
    const condition = fragment!.typeCondition?.name.value;
    if (condition && condition !== parent.name)
      fail(`fragment on ${condition} inside ${parent.name}: tools select concrete object types only.`);
    collectFields(fragment!.selectionSet, fragments, parent, fail, out);
  }
  return out;
}

function mergedSelection(nodes: FieldNode[]): SelectionSetNode {
  return { kind: Kind.SELECTION_SET, selections: nodes.flatMap((node) => node.selectionSet?.selections ?? []) };
}

/** A field under @skip or @include may be absent from the result. */
function conditional(nodes: FieldNode[]): boolean {
  return nodes.every((node) => node.directives?.some((d) => d.name.value === 'skip' || d.name.value === 'include'));
}

const ERROR_ITEM: Schema = {
  type: 'object',
  description: 'Why the call failed: a stable `code` and a `message` for people.',
  properties: {
    code: {
      type: 'string',
      description: 'Stable error code, e.g. `UNAUTHENTICATED`, `INVALID_INPUT`, `QUERY_TOO_COMPLEX`.',
    },
    message: { type: 'string', description: 'Explanation for a person.' },
    field: { type: ['string', 'null'], description: 'Argument the error is about, when known.' },
    path: {
      type: 'array',
      items: { type: ['string', 'integer'] },
      description: 'Where in the result the error happened.',
    },
    requestId: { type: 'string', description: 'Quote it to support (internal errors only).' },
  },
  required: ['code', 'message'],
  additionalProperties: false,
};

function resultSchema(
  rootType: GraphQLObjectType,
  rootFields: Map<string, FieldNode[]>,
  fragments: Map<string, FragmentDefinitionNode>,
  fail: (m: string) => never,
): Schema {
  const object = objectSchema(rootType, rootFields, fragments, fail);
  const properties = object.properties as Record<string, Json>;
  properties.errors = {
    type: 'array',
    items: ERROR_ITEM,
    description: 'Present when the call failed; then `isError` is true.',
  };
  const roots = (object.required as string[] | undefined) ?? [];
  return {
    type: 'object',
    properties,
    additionalProperties: false,
    // Either the operation's data, or the errors that stopped it.
    anyOf: [{ required: roots }, { required: ['errors'] }],
  };
}

function objectSchema(
  type: GraphQLObjectType,
  fields: Map<string, FieldNode[]>,
  fragments: Map<string, FragmentDefinitionNode>,
  fail: (m: string) => never,
): Schema {
  const properties: Record<string, Json> = {};
  const required: string[] = [];
  for (const [key, nodes] of fields) {
    const name = nodes[0]!.name.value;
    if (name === '__typename') {
      properties[key] = { type: 'string', const: type.name };
    } else {
      const field: GraphQLField<unknown, unknown> =
        type.getFields()[name] ?? fail(`${type.name} has no field ${name}.`);
      properties[key] = described(field.description, outputSchema(field.type, nodes, fragments, fail));
    }
    if (!conditional(nodes)) required.push(key);
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false };
}

function outputSchema(
  type: GraphQLOutputType,
  nodes: FieldNode[],
  fragments: Map<string, FragmentDefinitionNode>,
  fail: (m: string) => never,
  isNullable = true,
): Schema {
  if (isNonNullType(type)) return outputSchema(type.ofType, nodes, fragments, fail, false);
  const nullable = (schema: Schema) => (isNullable ? orNull(schema) : schema);
  if (isListType(type)) return nullable({ type: 'array', items: outputSchema(type.ofType, nodes, fragments, fail) });
  const named: GraphQLNamedType = type;
  if (isScalarType(named)) return nullable(scalarSchema(named, null));
  if (isEnumType(named)) return nullable(enumSchema(named));
  if (!isObjectType(named)) return fail(`${named.name} is abstract; tools select concrete object types only.`);
  return nullable(objectSchema(named, collectFields(mergedSelection(nodes), fragments, named, fail), fragments, fail));
}
