/**
 * Hostile requests at /graphql: introspection used as an amplifier, documents and bodies that never
 * reach execution. Every answer carries a code of the error catalog; none is a 500.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createGraphQLSchema, ERROR_CODES, GraphQLExecutor } from '@grocery/core';
import { createGraphQLHandler } from '@grocery/core/http';
import { SURFACE_ERROR_CODES } from '../packages/docs/src/reference/error-catalog.ts';
import { getIntrospectionQuery } from 'graphql';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  errors: { message: string; extensions?: { code?: string; field?: string } }[];
}

const KNOWN_CODES = new Set<string>([...ERROR_CODES, ...SURFACE_ERROR_CODES.map((entry) => entry.code)]);

describe('/graphql under hostile requests', () => {
  let t: TestSystem;
  const statuses: number[] = [];

  async function send(init: {
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    search?: string;
  }): Promise<Answer> {
    const response = await fetch(`${t.baseUrl}/graphql${init.search ?? ''}`, {
      method: init.method ?? 'POST',
      headers: { 'content-type': 'application/json', 'x-partner-key': t.partnerKey, ...init.headers },
      body: init.method === 'GET' ? undefined : init.body,
    });
    statuses.push(response.status);
    const text = await response.text();
    let errors: Answer['errors'] = [];
    try {
      errors = (JSON.parse(text) as { errors?: Answer['errors'] }).errors ?? [];
    } catch {
      // Checked by the caller: every refusal must be JSON.
    }
    return { status: response.status, headers: response.headers, text, errors };
  }
  const query = (document: string, variables?: unknown) =>
    send({ body: JSON.stringify({ query: document, variables }) });
  const units = (answer: Answer) => Number(/r=(\d+)/.exec(answer.headers.get('ratelimit') ?? '')?.[1]);

  before(async () => {
    t = await startTestSystem({ productCount: 300 });
  });
  after(async () => {
    await t?.close();
    assert.ok(statuses.length > 10 && statuses.every((status) => status < 500), `no 5xx: ${statuses.join(',')}`);
  });

  test('introspection: the standard query works and costs what the schema weighs; repeated __schema and __type are capped', async () => {
    const standard = await query(getIntrospectionQuery());
    assert.equal(standard.status, 200);
    assert.ok(
      standard.text.includes('"__schema"') && standard.errors.length === 0,
      'the standard introspection query stays within the limits',
    );
    const cheap = await query('{ categories { name } }');
    assert.ok(
      units(cheap) - units(await query(getIntrospectionQuery())) >= 10,
      'the whole schema costs ten units or more, not one',
    );

    // Thirty aliased copies of the schema once answered 1.7 MB for one unit.
    const aliased = `{ ${Array.from({ length: 30 }, (_, i) => `s${i}: __schema { types { name fields { name type { name } } } }`).join(' ')} }`;
    const amplified = await query(aliased);
    assert.equal(amplified.errors[0]?.extensions?.code, 'QUERY_TOO_COMPLEX');
    assert.match(amplified.errors[0]!.message, /selects __schema 30 times; at most 1/);
    assert.ok(amplified.text.length < 1_000, `refused in ${amplified.text.length} bytes`);
    const viaFragments = await query(
      '{ ...A ...B } fragment A on Query { a: __schema { queryType { name } } } fragment B on Query { b: __schema { queryType { name } } }',
    );
    assert.equal(viaFragments.errors[0]?.extensions?.code, 'QUERY_TOO_COMPLEX', 'fragments are expanded');
    const types = (n: number) =>
      `{ ${Array.from({ length: n }, (_, i) => `t${i}: __type(name: "Product") { fields { name } }`).join(' ')} }`;
    assert.deepEqual((await query(types(10))).errors, []);
    assert.match((await query(types(11))).errors[0]?.message ?? '', /selects __type 11 times; at most 10/);
  });

  test('a response over the size limit is replaced by RESPONSE_TOO_LARGE, whatever the cost', async () => {
    // The handler as a function of a request, with a small limit: the real domain behind it.
    const handler = createGraphQLHandler({
      commerce: t.system.commerce,
      executor: new GraphQLExecutor(createGraphQLSchema(), { maxResponseBytes: 20_000 }),
    });
    const call = async (document: string) => {
      const response = await handler({
        method: 'POST',
        path: '/graphql',
        query: new URLSearchParams(),
        headers: { 'content-type': 'application/json', 'x-partner-key': t.partnerKey },
        body: Buffer.from(JSON.stringify({ query: document })),
      });
      return {
        status: response.status,
        body: JSON.parse(String(response.body)) as { data: unknown; errors?: Answer['errors'] },
      };
    };
    const small = await call('{ categories { name } }');
    assert.equal(small.body.errors, undefined);
    const big = await call(getIntrospectionQuery());
    assert.equal(big.status, 200);
    assert.equal(big.body.data, null);
    assert.equal(big.body.errors?.[0]?.extensions?.code, 'RESPONSE_TOO_LARGE');
    assert.match(big.body.errors![0]!.message, /more than the limit of 20000/);
  });

  test('every refusal before execution carries a catalog code and a JSON body', async () => {
    const cases: [string, Promise<Answer>, number, string, string?][] = [
      ['unparsable JSON', send({ body: '{bad json' }), 400, 'INVALID_INPUT'],
      ['missing query', send({ body: '{}' }), 400, 'INVALID_INPUT', 'query'],
      ['query not a string', send({ body: '{"query":42}' }), 400, 'INVALID_INPUT', 'query'],
      ['variables not an object', query('{ categories { name } }', 'nope'), 400, 'INVALID_INPUT', 'variables'],
      [
        'variables that do not coerce',
        query('query($n: Int!) { products(first: $n) { totalCount } }', { n: 'ten' }),
        200,
        'GRAPHQL_VALIDATION_FAILED',
      ],
      [
        'a mutation over GET',
        send({
          method: 'GET',
          search: `?query=${encodeURIComponent('mutation { basketEmpty { userErrors { code } } }')}`,
        }),
        405,
        'METHOD_NOT_ALLOWED',
      ],
      ['PUT', send({ method: 'PUT', body: '{"query":"{ categories { name } }"}' }), 405, 'METHOD_NOT_ALLOWED'],
      ['a JSON array batch', send({ body: ' [{"query":"{ categories { name } }"}]' }), 400, 'INVALID_INPUT'],
      [
        'text/plain',
        send({ body: '{ categories { name } }', headers: { 'content-type': 'text/plain' } }),
        415,
        'INVALID_INPUT',
      ],
      [
        'Accept text/html only',
        send({ body: '{"query":"{ categories { name } }"}', headers: { accept: 'text/html' } }),
        406,
        'INVALID_INPUT',
      ],
      ['over the token limit', query(`{ ${'categories { name } '.repeat(1_500)}}`), 200, 'QUERY_TOO_COMPLEX'],
      ['a syntax error', query('{ categories { name }'), 200, 'GRAPHQL_PARSE_FAILED'],
      [
        'an unknown operation name',
        send({ body: JSON.stringify({ query: '{ categories { name } }', operationName: 'Nope' }) }),
        200,
        'GRAPHQL_VALIDATION_FAILED',
      ],
    ];
    for (const [what, pending, status, code, field] of cases) {
      const answer = await pending;
      assert.equal(answer.status, status, `${what}: ${answer.text}`);
      assert.match(
        answer.headers.get('content-type') ?? '',
        /^application\/(graphql-response\+)?json/,
        `${what} answers JSON`,
      );
      assert.ok(answer.errors.length > 0, `${what} has errors: ${answer.text}`);
      for (const error of answer.errors) {
        assert.equal(error.extensions?.code, code, `${what}: ${answer.text}`);
        assert.ok(KNOWN_CODES.has(code), `${code} is in the error catalog`);
        assert.ok(error.message.length > 0);
      }
      if (field) assert.equal(answer.errors[0]!.extensions?.field, field, what);
    }
  });

  test('fulfilmentResolve: far away is OUT_OF_SERVICE_AREA, not a branch 8,949 km off; a postcode answers with its distance', async () => {
    const RESOLVE =
      'query($i: FulfilmentResolveInput!) { fulfilmentResolve(input: $i) { branchCode deliveryAvailable distanceKm } }';
    type Resolved = {
      fulfilmentResolve: { branchCode: string; deliveryAvailable: boolean; distanceKm: number | null } | null;
    };
    const london = await t.graphql<Resolved>(RESOLVE, { i: { lat: 51.5074, lon: -0.1278 } });
    assert.equal(london.errors?.[0]?.extensions?.code, 'OUT_OF_SERVICE_AREA');
    assert.match(london.errors![0]!.message, /nearest is \d+ km away, more than 50 km/);
    assert.ok(KNOWN_CODES.has('OUT_OF_SERVICE_AREA'));
    const ayutthaya = await t.graphql<Resolved>(RESOLVE, { i: { lat: 14.3535, lon: 100.5685 } });
    assert.deepEqual(
      ayutthaya.data?.fulfilmentResolve && {
        ...ayutthaya.data.fulfilmentResolve,
        distanceKm: Math.round(ayutthaya.data.fulfilmentResolve.distanceKm!),
      },
      { branchCode: 'AYU01', deliveryAvailable: false, distanceKm: 0 },
      'pickup nearby still resolves',
    );
    const postcode = await t.graphql<Resolved>(RESOLVE, { i: { postcode: '10110' } });
    const resolved = postcode.data!.fulfilmentResolve!;
    assert.equal(resolved.deliveryAvailable, true);
    assert.ok(
      typeof resolved.distanceKm === 'number' && resolved.distanceKm < 5,
      `distance from the postcode's centre: ${resolved.distanceKm}`,
    );
  });
});
