import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildSchema, getOperationAST, parse, validate } from 'graphql';
import { ALL_OPERATIONS } from '../web/lib/operations.ts';

const root = new URL('../../..', import.meta.url).pathname;
const web = join(root, 'apps/shop/web');

test('every GraphQL operation of the shop is valid against schema.graphql', () => {
  const schema = buildSchema(readFileSync(join(root, 'schema.graphql'), 'utf8'));
  assert.ok(ALL_OPERATIONS.length >= 19);
  for (const operation of ALL_OPERATIONS) {
    const document = parse(operation.document);
    assert.deepEqual(
      validate(schema, document).map((e) => e.message),
      [],
      operation.name,
    );
    assert.equal(getOperationAST(document)?.name?.value, operation.name);
  }
});

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

test('the browser code imports only Preact and its own files: it uses the public API, not the service code', () => {
  const imports = files(web)
    .filter((file) => /\.tsx?$/.test(file))
    .flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^import (type )?[^'"]*['"]([^'"]+)['"]/gm)].map((m) => ({ file: file.slice(web.length + 1), typeOnly: Boolean(m[1]), from: m[2]! })),
    );
  assert.ok(imports.length > 50);
  for (const { file, typeOnly, from } of imports) {
    if (from.startsWith('.')) {
      // Only the public config's type comes from the server side of the shop.
      assert.ok(!from.includes('../src/') || (typeOnly && from.endsWith('/src/shop-config.ts')), `${file} imports ${from}`);
      assert.ok(!from.includes('packages/'), `${file} imports ${from}`);
    } else {
      assert.match(from, /^preact(\/hooks)?$/, `${file} imports ${from}`);
    }
  }
});
