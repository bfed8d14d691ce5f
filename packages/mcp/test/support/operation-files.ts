/**
 * The operation files and schema.graphql as the tests read them, independently of the codegen
 * plugin, and an independent check that a tool's argument schema says what its variables say.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildSchema,
  type DocumentNode,
  getNamedType,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  Kind,
  type OperationDefinitionNode,
  parse,
  TypeInfo,
  visit,
  visitWithTypeInfo,
} from 'graphql';

const OPERATIONS_DIR = new URL('../../operations/', import.meta.url).pathname;
export const SCHEMA_SDL = readFileSync(new URL('../../../../schema.graphql', import.meta.url), 'utf8');

/** The 18 tools the spec names ("Agent tool interface (MCP)"). */
export const SPEC_TOOLS = [
  'search_products',
  'get_product',
  'get_inventory',
  'list_branches',
  'resolve_fulfilment',
  'list_categories',
  'list_products',
  'get_basket',
  'add_basket_line',
  'set_basket_quantity',
  'empty_basket',
  'create_quote',
  'apply_coupon',
  'create_order',
  'create_payment_link',
  'start_payment',
  'get_order',
  'list_orders',
] as const;

export interface OperationFile {
  file: string;
  source: string;
  document: DocumentNode;
  operation: OperationDefinitionNode;
}

export function schema(): GraphQLSchema {
  return buildSchema(SCHEMA_SDL);
}

export function operationFiles(): OperationFile[] {
  return readdirSync(OPERATIONS_DIR)
    .filter((file) => file.endsWith('.graphql'))
    .sort()
    .map((file) => {
      const source = readFileSync(join(OPERATIONS_DIR, file), 'utf8');
      const document = parse(source);
      const operation = document.definitions.find(
        (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
      );
      assert.ok(operation, `${file} holds an operation`);
      return { file, source, document, operation };
    });
}

type Schema = Record<string, unknown>;

const SCALARS: Record<string, string> = {
  String: 'string',
  ID: 'string',
  Int: 'integer',
  Float: 'number',
  Boolean: 'boolean',
};

/** The schema position each variable fills (an argument or an input field): its type and default. */
function variablePositions(
  operation: OperationDefinitionNode,
  graphqlSchema: GraphQLSchema,
): Map<string, { type: GraphQLInputType; defaultValue: unknown }> {
  const positions = new Map<string, { type: GraphQLInputType; defaultValue: unknown }>();
  const typeInfo = new TypeInfo(graphqlSchema);
  visit(
    operation,
    visitWithTypeInfo(typeInfo, {
      Argument(node) {
        const argument = typeInfo.getArgument();
        if (node.value.kind === Kind.VARIABLE && argument && !positions.has(node.value.name.value))
          positions.set(node.value.name.value, { type: argument.type, defaultValue: argument.defaultValue });
      },
      ObjectField(node) {
        const owner = typeInfo.getParentInputType();
        const field =
          owner && isInputObjectType(getNamedType(owner))
            ? (getNamedType(owner) as GraphQLInputObjectType).getFields()[node.name.value]
            : undefined;
        if (node.value.kind === Kind.VARIABLE && field && !positions.has(node.value.name.value))
          positions.set(node.value.name.value, { type: field.type, defaultValue: field.defaultValue });
      },
    }),
  );
  return positions;
}

/**
 * Asserts that `inputSchema` is exactly the operation's variables, each typed, defaulted and
 * required as the schema position it fills: names, types, nullability, defaults.
 */
export function assertArgumentsMatchVariables(
  inputSchema: Schema,
  operation: OperationDefinitionNode,
  graphqlSchema: GraphQLSchema,
): void {
  const name = operation.name?.value ?? '';
  const variables = operation.variableDefinitions ?? [];
  const positions = variablePositions(operation, graphqlSchema);
  const properties = (inputSchema.properties ?? {}) as Record<string, Schema>;
  assert.equal(inputSchema.type, 'object', `${name}: arguments are an object`);
  assert.equal(inputSchema.additionalProperties, false, `${name}: no arguments beyond the variables`);
  assert.deepEqual(
    Object.keys(properties),
    variables.map((v) => v.variable.name.value),
    `${name}: one argument per variable, in order`,
  );
  const required = variables.filter((v) => {
    const position = positions.get(v.variable.name.value)!;
    return isNonNullType(position.type) && position.defaultValue === undefined;
  });
  assert.deepEqual(
    inputSchema.required ?? [],
    required.map((v) => v.variable.name.value),
    `${name}: required = variables filling a non-null position without a default`,
  );
  for (const variable of variables) {
    const where = `${name}.${variable.variable.name.value}`;
    const property = properties[variable.variable.name.value]!;
    const position = positions.get(variable.variable.name.value)!;
    assert.equal(variable.defaultValue, undefined, `${where}: defaults come from the schema, not the operation`);
    assertTypeMatches(property, position.type, where);
    assert.deepEqual(property.default, position.defaultValue, `${where} default is the schema's`);
    assert.equal(typeof property.description, 'string', `${where} is described`);
  }
}

function assertTypeMatches(schema: Schema, type: GraphQLInputType, where: string): void {
  const nullable = !isNonNullType(type);
  const inner = isNonNullType(type) ? type.ofType : type;
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type];
  assert.equal(types.includes('null'), nullable, `${where}: null accepted exactly when the GraphQL type is nullable`);
  const named = getNamedType(inner);
  if (isListType(inner)) {
    assert.ok(types.includes('array'), `${where} is a list`);
    assertTypeMatches(schema.items as Schema, inner.ofType, `${where}[]`);
  } else if (isEnumType(named)) {
    assert.deepEqual(
      (schema.enum as unknown[]).filter((v) => v !== null),
      named.getValues().map((v) => v.name),
      `${where} enum values`,
    );
  } else if (isInputObjectType(named)) {
    assert.ok(types.includes('object'), `${where} is an object`);
    assert.equal(schema.additionalProperties, false, `${where} takes no extra fields`);
    const fields = Object.values(named.getFields());
    const properties = schema.properties as Record<string, Schema>;
    assert.deepEqual(
      Object.keys(properties),
      fields.map((f) => f.name),
      `${where} fields`,
    );
    assert.deepEqual(
      schema.required ?? [],
      fields.filter((f) => isNonNullType(f.type) && f.defaultValue === undefined).map((f) => f.name),
      `${where} required fields`,
    );
    for (const field of fields) {
      assertTypeMatches(properties[field.name]!, field.type, `${where}.${field.name}`);
      if (field.defaultValue !== undefined)
        assert.deepEqual(properties[field.name]!.default, field.defaultValue, `${where}.${field.name} default`);
    }
  } else {
    const expected = SCALARS[named.name];
    if (expected)
      assert.ok(types.includes(expected), `${where}: ${named.name} is ${expected}, got ${JSON.stringify(schema.type)}`);
  }
}

/** The smallest arguments a schema accepts (for calling every tool generically). */
export function sampleArguments(schema: Schema): unknown {
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (types.includes('object')) {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const required = (schema.required ?? []) as string[];
    return Object.fromEntries(required.map((key) => [key, sampleArguments(properties[key]!)]));
  }
  if (types.includes('array')) return [sampleArguments(schema.items as Schema)];
  if (types.includes('integer') || types.includes('number')) return 1;
  if (types.includes('boolean')) return false;
  return '1000001';
}
