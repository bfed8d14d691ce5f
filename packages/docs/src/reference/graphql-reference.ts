import {
  astFromValue,
  buildSchema,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLInputType,
  type GraphQLNamedType,
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
    .filter((type) => !type.name.startsWith('__') && type !== query && type !== mutation && !isSpecifiedScalarType(type))
    .sort((a, b) => a.name.localeCompare(b.name));
  const objects = named.filter(isObjectType);
  const inputs = named.filter(isInputObjectType);
  const enums = named.filter(isEnumType);
  const scalars = named.filter(isScalarType);

  return [
    '# GraphQL reference',
    '',
    `Generated from the schema the API serves at [${options.baseUrl}/schema.graphql](${options.baseUrl}/schema.graphql), so it always matches \`POST ${options.baseUrl}/graphql\`.`,
    '',
    schema.description ?? '',
    '',
    'Notation: `T!` is non-null, `[T]` is a list, and a default is shown as written in the schema. Types link to their section below.',
    '',
    '## Queries',
    '',
    table(
      ['Query', 'Returns', 'Shopper', 'Description'],
      Object.values(query?.getFields() ?? {}).map((field) => [`[${field.name}](#${headingSlug(`Query.${field.name}`)})`, typeLink(field.type), SHOPPER_QUERIES.includes(field.name) ? 'yes' : 'no', cell(field.description)]),
    ),
    '',
    ...Object.values(query?.getFields() ?? {}).flatMap((field) => rootField('Query', field, SHOPPER_QUERIES.includes(field.name))),
    '## Mutations',
    '',
    'Every mutation is shopper-scoped: send the shopper\'s id token as `Authorization: Bearer <id token>`. Refusals come back in the payload\'s `userErrors`, each with a stable `code`.',
    '',
    table(
      ['Mutation', 'Returns', 'Description'],
      Object.values(mutation?.getFields() ?? {}).map((field) => [`[${field.name}](#${headingSlug(`Mutation.${field.name}`)})`, typeLink(field.type), cell(field.description)]),
    ),
    '',
    ...Object.values(mutation?.getFields() ?? {}).flatMap((field) => rootField('Mutation', field, true)),
    '## Object types',
    '',
    ...objects.flatMap((type) => [
      `### ${type.name}`,
      '',
      type.description ?? '',
      '',
      table(
        ['Field', 'Type', 'Description'],
        Object.values(type.getFields()).map((field) => [code(field.name), typeLink(field.type), cell(field.description)]),
      ),
      '',
    ]),
    '## Input types',
    '',
    ...inputs.flatMap((type) => [
      `### ${type.name}`,
      '',
      type.description ?? '',
      '',
      table(
        ['Field', 'Type', 'Default', 'Description'],
        Object.values(type.getFields()).map((field) => [code(field.name), typeLink(field.type), defaultOf(field), cell(field.description)]),
      ),
      '',
    ]),
    '## Enums',
    '',
    ...enums.flatMap((type) => [
      `### ${type.name}`,
      '',
      type.description ?? '',
      '',
      table(
        ['Value', 'Description'],
        type.getValues().map((value) => [code(value.name), cell(value.description)]),
      ),
      '',
    ]),
    '## Scalars',
    '',
    ...scalars.flatMap((type) => [`### ${type.name}`, '', type.description ?? '', '']),
    'The built-in scalars `ID`, `String`, `Int`, `Float` and `Boolean` are as in the GraphQL specification; `ID` values are strings in JSON.',
    '',
  ].join('\n');
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
      ? [table(['Argument', 'Type', 'Default', 'Description'], field.args.map((arg) => [code(arg.name), typeLink(arg.type), defaultOf(arg), cell(arg.description)])), '']
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
  const [before, after] = text.split(namedType.name).map((part) => part.replace(/[[\]]/g, (c) => `\\${c}`)) as [string, string];
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
