import {
  astFromValue,
  buildSchema,
  type GraphQLArgument,
  type GraphQLEnumType,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLType,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isObjectType,
  isScalarType,
  isSpecifiedScalarType,
  print,
} from 'graphql';
import { cell, code, headingSlug, table } from '../markdown-text.ts';

/** Root fields that need the shopper's id token (they call `ctx.shopper()`): every mutation, and these queries. */
export const SHOPPER_QUERIES: readonly string[] = ['basket', 'order', 'orders'];

/**
 * The GraphQL reference page, generated from the SDL the API serves: every query and mutation with
 * its arguments and defaults, then every type, input, enum and scalar, each with its description.
 *
 * @example
 * graphqlReferenceMarkdown(schemaSdl, { baseUrl: 'http://127.0.0.1:4000' })
 */
export function graphqlReferenceMarkdown(sdl: string, options: { baseUrl: string }): string {
  const schema = buildSchema(sdl);
  const query = schema.getQueryType();
  const mutation = schema.getMutationType();
  const named = Object.values(schema.getTypeMap())
    .filter(
      (type) => !type.name.startsWith('__') && type !== query && type !== mutation && !isSpecifiedScalarType(type),
    )
    .sort((a, b) => a.name.localeCompare(b.name));

  return [
    '# GraphQL reference',
    '',
    `Generated from the schema the API serves at [${options.baseUrl}/schema.graphql](${options.baseUrl}/schema.graphql), so it always matches \`POST ${options.baseUrl}/graphql\`.`,
    '',
    schema.description ?? '',
    '',
    'Notation: `T!` is non-null, `[T]` is a list, and a default is shown as written in the schema. Types link to their section below.',
    '',
    ...queriesSection(Object.values(query?.getFields() ?? {})),
    ...mutationsSection(Object.values(mutation?.getFields() ?? {})),
    '## Object types',
    '',
    ...named.filter(isObjectType).flatMap(objectTypeSection),
    '## Input types',
    '',
    ...named.filter(isInputObjectType).flatMap(inputTypeSection),
    '## Enums',
    '',
    ...named.filter(isEnumType).flatMap(enumSection),
    '## Scalars',
    '',
    ...named.filter(isScalarType).flatMap((type) => [`### ${type.name}`, '', type.description ?? '', '']),
    'The built-in scalars `ID`, `String`, `Int`, `Float` and `Boolean` are as in the GraphQL specification; `ID` values are strings in JSON.',
    '',
  ].join('\n');
}

/** The queries: a summary table, then each query with its arguments. */
function queriesSection(fields: GraphQLField<unknown, unknown>[]): string[] {
  return [
    '## Queries',
    '',
    table(
      ['Query', 'Returns', 'Shopper', 'Description'],
      fields.map((field) => [
        `[${field.name}](#${headingSlug(`Query.${field.name}`)})`,
        typeLink(field.type),
        SHOPPER_QUERIES.includes(field.name) ? 'yes' : 'no',
        cell(field.description),
      ]),
    ),
    '',
    ...fields.flatMap((field) => rootField('Query', field, SHOPPER_QUERIES.includes(field.name))),
  ];
}

/** The mutations, every one shopper-scoped: a summary table, then each mutation with its arguments. */
function mutationsSection(fields: GraphQLField<unknown, unknown>[]): string[] {
  return [
    '## Mutations',
    '',
    "Every mutation is shopper-scoped: send the shopper's id token as `Authorization: Bearer <id token>`. Refusals come back in the payload's `userErrors`, each with a stable `code`.",
    '',
    table(
      ['Mutation', 'Returns', 'Description'],
      fields.map((field) => [
        `[${field.name}](#${headingSlug(`Mutation.${field.name}`)})`,
        typeLink(field.type),
        cell(field.description),
      ]),
    ),
    '',
    ...fields.flatMap((field) => rootField('Mutation', field, true)),
  ];
}

function objectTypeSection(type: GraphQLObjectType): string[] {
  return [
    `### ${type.name}`,
    '',
    type.description ?? '',
    '',
    table(
      ['Field', 'Type', 'Description'],
      Object.values(type.getFields()).map((field) => [code(field.name), typeLink(field.type), cell(field.description)]),
    ),
    '',
  ];
}

function inputTypeSection(type: GraphQLInputObjectType): string[] {
  return [
    `### ${type.name}`,
    '',
    type.description ?? '',
    '',
    table(
      ['Field', 'Type', 'Default', 'Description'],
      Object.values(type.getFields()).map((field) => [
        code(field.name),
        typeLink(field.type),
        defaultOf(field),
        cell(field.description),
      ]),
    ),
    '',
  ];
}

function enumSection(type: GraphQLEnumType): string[] {
  return [
    `### ${type.name}`,
    '',
    type.description ?? '',
    '',
    table(
      ['Value', 'Description'],
      type.getValues().map((value) => [code(value.name), cell(value.description)]),
    ),
    '',
  ];
}

function rootField(root: 'Query' | 'Mutation', field: GraphQLField<unknown, unknown>, shopper: boolean): string[] {
  const signature = `${field.name}${field.args.length ? `(${field.args.map((arg) => `${arg.name}: ${String(arg.type)}${defaultSuffix(arg)}`).join(', ')})` : ''}: ${String(field.type)}`;
  return [
    `### ${root}.${field.name}`,
    '',
    field.description ?? '',
    '',
    code(signature),
    '',
    shopper ? 'Shopper-scoped: needs `Authorization: Bearer <id token>`.' : 'Needs only the partner key.',
    '',
    ...(field.args.length
      ? [
          table(
            ['Argument', 'Type', 'Default', 'Description'],
            field.args.map((arg) => [code(arg.name), typeLink(arg.type), defaultOf(arg), cell(arg.description)]),
          ),
          '',
        ]
      : ['Takes no arguments.', '']),
    `Returns ${typeLink(field.type)}.`,
    '',
  ];
}

/** `[Product!]!` with the named type linked to its section (built-in scalars stay plain). */
function typeLink(type: GraphQLType): string {
  const namedType: GraphQLNamedType = getNamedType(type);
  const text = String(type);
  if (isSpecifiedScalarType(namedType)) return code(text);
  // Brackets escaped so markdown keeps them as text around the link: [Product!]!
  const [before, after] = text.split(namedType.name).map((part) => part.replace(/[[\]]/g, (c) => `\\${c}`)) as [
    string,
    string,
  ];
  return `${before}[${namedType.name}](#${headingSlug(namedType.name)})${after}`;
}

function defaultOf(input: GraphQLArgument | GraphQLInputField): string {
  if (input.defaultValue === undefined) return '';
  const ast = astFromValue(input.defaultValue, input.type as GraphQLInputType);
  return ast ? code(print(ast)) : '';
}

function defaultSuffix(input: GraphQLArgument): string {
  const value = defaultOf(input);
  return value ? ` = ${value.replace(/^`+ ?| ?`+$/g, '')}` : '';
}
