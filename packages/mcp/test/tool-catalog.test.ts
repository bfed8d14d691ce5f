import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { parse, print, specifiedRules, validate } from 'graphql';
import { toolCatalog } from '../src/index.ts';
import { plugin } from '../../../scripts/codegen/mcp-tools.ts';
import { assertArgumentsMatchVariables, operationFiles, schema, SPEC_TOOLS } from './support/operation-files.ts';

const graphqlSchema = schema();
const files = operationFiles();

describe('tool catalog parity with the operation files and schema.graphql', () => {
  test('the operations are exactly the 18 tools of the spec, one file each, named after its operation', () => {
    assert.deepEqual(files.map((f) => f.operation.name?.value).sort(), [...SPEC_TOOLS].sort());
    for (const f of files) {
      assert.equal(f.file, `${f.operation.name?.value}.graphql`);
      assert.equal(f.document.definitions.length, 1, `${f.file} holds one definition`);
    }
  });

  test('every operation file is a tool and every tool is an operation file, with the same document', () => {
    assert.deepEqual(
      toolCatalog.map((t) => t.name),
      files.map((f) => f.operation.name?.value),
    );
    for (const f of files) {
      const tool = toolCatalog.find((t) => t.name === f.operation.name?.value)!;
      assert.equal(tool.document, print(f.document), `${tool.name}: the catalog is up to date (npm run codegen)`);
      assert.equal(tool.operationType, f.operation.operation);
    }
  });

  test('every operation validates against schema.graphql', () => {
    for (const f of files)
      assert.deepEqual(
        validate(graphqlSchema, f.document, specifiedRules).map((e) => e.message),
        [],
        f.file,
      );
    for (const tool of toolCatalog)
      assert.deepEqual(
        validate(graphqlSchema, parse(tool.document)).map((e) => e.message),
        [],
        tool.name,
      );
  });

  test("every argument schema is the operation's variables: types, enums, nested inputs, defaults, required-ness", () => {
    for (const f of files) {
      const tool = toolCatalog.find((t) => t.name === f.operation.name?.value)!;
      assertArgumentsMatchVariables(tool.inputSchema, f.operation, graphqlSchema);
    }
  });

  test('queries are read-only; mutations are shopper-scoped and select userErrors { code message }', () => {
    for (const tool of toolCatalog) {
      assert.equal(tool.annotations.readOnlyHint, tool.operationType === 'query', tool.name);
      if (tool.annotations.readOnlyHint) assert.equal(tool.annotations.destructiveHint, false, tool.name);
      if (tool.operationType === 'mutation') {
        assert.equal(tool.shopper, true, `${tool.name} is shopper-scoped`);
        const payload = Object.values(tool.outputSchema.properties)[0] as {
          properties: Record<string, { items: { required: string[] } }>;
        };
        assert.deepEqual(
          payload.properties.userErrors?.items.required.slice(0, 2),
          ['code', 'message'],
          `${tool.name} selects userErrors`,
        );
      }
    }
    const shopperQueries = toolCatalog.filter((t) => t.operationType === 'query' && t.shopper).map((t) => t.name);
    assert.deepEqual(shopperQueries, ['get_basket', 'get_order', 'list_orders']);
    assert.deepEqual(
      toolCatalog.filter((t) => t.annotations.destructiveHint).map((t) => t.name),
      ['empty_basket', 'set_basket_quantity'],
    );
  });

  test('descriptions combine the operation comment with the schema, and say when the shopper token is needed', () => {
    for (const tool of toolCatalog) {
      const comment = files
        .find((f) => f.operation.name?.value === tool.name)!
        .source.split('\n')[0]!
        .replace(/^#\s*/, '');
      assert.ok(tool.description.startsWith(comment), `${tool.name} starts with its comment`);
      assert.match(
        tool.description,
        /GraphQL `(Query|Mutation)\.\w+`: \S/,
        `${tool.name} names its field and its description`,
      );
      assert.equal(tool.description.includes('Authorization: Bearer'), tool.shopper, tool.name);
      assert.ok(tool.title.length > 3 && !tool.title.includes('_'), tool.name);
    }
  });
});

describe('the mcp-tools codegen plugin', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-tools-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const config = { shopperFields: ['Mutation', 'Query.basket', 'Query.order', 'Query.orders'] };
  const generate = (name: string, source: string) => {
    const location = join(dir, `${name}.graphql`);
    writeFileSync(location, source);
    return plugin(graphqlSchema, [{ location, document: parse(source) }], config);
  };
  const catalogOf = (code: string) =>
    JSON.parse(code.slice(code.indexOf('= [') + 2, code.lastIndexOf(';'))) as {
      name: string;
      inputSchema: Record<string, unknown>;
      outputSchema: Record<string, unknown>;
      annotations: Record<string, boolean>;
      shopper: boolean;
      title: string;
    }[];

  test('a new operation file becomes a tool: nested inputs, enums, defaults, nullability and the result shape', () => {
    const [tool] = catalogOf(
      generate(
        'set_branch_then_quote',
        `# Moves the basket to a branch.\n#\n# @idempotent\n# @param code The branch.\nmutation set_branch_then_quote($code: ID!, $address: AddressInput, $mode: SearchMode = AUTOCOMPLETE) {\n  basketSetBranch(branchCode: $code) { basket { basketId lines { quantity } } userErrors { code message } }\n}\n`,
      ),
    );
    assert.equal(tool!.name, 'set_branch_then_quote');
    assert.equal(tool!.title, 'Set branch then quote');
    assert.equal(tool!.shopper, true);
    assert.deepEqual(tool!.annotations, {
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    const properties = tool!.inputSchema.properties as Record<string, Record<string, unknown>>;
    assert.deepEqual(tool!.inputSchema.required, ['code']);
    assert.equal(properties.code!.description, 'The branch.');
    assert.deepEqual(properties.address!.type, ['object', 'null']);
    assert.deepEqual(Object.keys(properties.address!.properties as object), [
      'lat',
      'lon',
      'postcode',
      'address',
      'firstName',
      'lastName',
      'phone',
      'email',
    ]);
    assert.deepEqual(properties.mode!.enum, ['AUTOCOMPLETE', 'SEMANTIC', null]);
    assert.equal(properties.mode!.default, 'AUTOCOMPLETE');
    const payload = (tool!.outputSchema.properties as Record<string, Record<string, unknown>>).basketSetBranch!;
    assert.deepEqual(payload.required, ['basket', 'userErrors']);
    assert.deepEqual(tool!.outputSchema.anyOf, [{ required: ['basketSetBranch'] }, { required: ['errors'] }]);
  });

  test('refuses files that would make a bad tool, with the file and the reason', () => {
    const cases: [string, string, RegExp][] = [
      ['named_wrong', '# Reads.\nquery other_name { categories { name } }', /must be named other_name\.graphql/],
      ['no_comment', 'query no_comment { categories { name } }', /leading # comment/],
      [
        'no_user_errors',
        '# Empties.\nmutation no_user_errors { basketEmpty { basket { basketId } } }',
        /must select userErrors/,
      ],
      ['query_tagged', '# Reads.\n# @destructive\nquery query_tagged { categories { name } }', /queries only read/],
      ['unknown_tag', '# Reads.\n# @cached\nquery unknown_tag { categories { name } }', /unknown tag @cached/],
      [
        'bad_param',
        '# Reads.\n# @param nope Nothing.\nquery bad_param { categories { name } }',
        /@param nope names no variable/,
      ],
      ['CamelCase', '# Reads.\nquery CamelCase { categories { name } }', /snake_case/],
      // Defaults and optionality are the schema's: an operation can neither change nor tighten them.
      [
        'own_default',
        '# Reads.\nquery own_default($l: Int! = 10) { search(query: "x", limit: $l) { cprcode } }',
        /\$l declares a default; it takes the default of Query\.search\(limit\) from the schema/,
      ],
      [
        'tighter',
        '# Reads.\nquery tighter($c: [ID!]!) { inventory(branchCode: "BKK01", cprcodes: $c) { cprcode } }',
        /\$c is required, but Query\.inventory\(cprcodes\) is optional in the schema; declare it as \[ID!\]/,
      ],
      [
        'tighter_field',
        '# Reads.\nquery tighter_field($a: Boolean!) { products(filter: { alcoholOnly: $a }) { totalCount } }',
        /\$a is required, but ProductFilter\.alcoholOnly is optional/,
      ],
    ];
    for (const [name, source, message] of cases)
      assert.throws(
        () => generate(name, source),
        (error: Error) => message.test(error.message) && error.message.includes(`${name}.graphql`),
        name,
      );
  });
});
