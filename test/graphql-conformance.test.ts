import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { buildSchema, type GraphQLField, type GraphQLObjectType, isObjectType } from 'graphql';
import { serverAudits } from 'graphql-http';
import { createGraphQLSchema, DEFAULT_RESOLVED_TYPES } from '@grocery/core';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

const sdl = readFileSync(new URL('../schema.graphql', import.meta.url), 'utf8');

describe('GraphQL conformance and schema parity', () => {
  let t: TestSystem;
  before(async () => {
    t = await startTestSystem();
  });
  after(async () => t?.close());

  test('GET /schema.graphql serves schema.graphql byte for byte, without a partner key', async () => {
    const response = await fetch(`${t.baseUrl}/schema.graphql`);
    assert.equal(response.status, 200);
    assert.equal(await response.text(), sdl);
  });

  test('the executable schema is schema.graphql, and every field resolves on purpose', () => {
    const executable = createGraphQLSchema();
    const declared = buildSchema(sdl);
    const missing: string[] = [];
    for (const type of Object.values(declared.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith('__')) continue;
      const live = executable.getType(type.name) as GraphQLObjectType | undefined;
      assert.ok(live && isObjectType(live), `${type.name} exists`);
      for (const field of Object.values(type.getFields())) {
        const liveField: GraphQLField<unknown, unknown> | undefined = live.getFields()[field.name];
        assert.ok(liveField, `${type.name}.${field.name} exists`);
        assert.equal(String(liveField.type), String(field.type), `${type.name}.${field.name} type`);
        if (!liveField.resolve && !DEFAULT_RESOLVED_TYPES.includes(type.name))
          missing.push(`${type.name}.${field.name}`);
      }
    }
    assert.deepEqual(missing, [], 'fields without a resolver outside the deliberate-default types');
    for (const name of DEFAULT_RESOLVED_TYPES)
      assert.ok(isObjectType(declared.getType(name)), `${name} is an object type`);
  });

  test('every type and field of schema.graphql has a description', () => {
    const declared = buildSchema(sdl);
    const undocumented: string[] = [];
    for (const type of Object.values(declared.getTypeMap())) {
      if (type.name.startsWith('__') || ['String', 'Int', 'Float', 'Boolean', 'ID'].includes(type.name)) continue;
      if (!type.description) undocumented.push(type.name);
      if ('getFields' in type)
        for (const field of Object.values(type.getFields()))
          if (!field.description) undocumented.push(`${type.name}.${field.name}`);
    }
    assert.deepEqual(undocumented, []);
  });

  test("graphql-http's GraphQL-over-HTTP audits all pass against /graphql with a partner key", async () => {
    const audits = serverAudits({
      url: `${t.baseUrl}/graphql`,
      fetchFn: (input: RequestInfo | URL, init?: RequestInit) => {
        const headers = new Headers(init?.headers);
        headers.set('x-partner-key', t.partnerKey);
        return fetch(input, { ...init, headers });
      },
    });
    const failures: string[] = [];
    for (const audit of audits) {
      const result = await audit.fn();
      if (result.status !== 'ok')
        failures.push(`${audit.id} ${audit.name}: ${result.status} ${'reason' in result ? result.reason : ''}`);
    }
    assert.deepEqual(failures, []);
    assert.ok(audits.length > 50);
  });
});
