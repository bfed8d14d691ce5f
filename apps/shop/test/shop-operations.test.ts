import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildSchema, getOperationAST, parse, validate } from 'graphql';
import * as generated from '../web/generated/operations.ts';
import { operationName } from '../web/lib/operation-name.ts';

const root = new URL('../../..', import.meta.url).pathname;
const web = join(root, 'apps/shop/web');

/** The generated documents of the shop's operations (fragment documents are only parts of them). */
const documents = Object.entries(generated).filter(([name]) => name.endsWith('Document'));

test('every document the shop sends is valid against schema.graphql, and is sent under its own operation name', () => {
  const schema = buildSchema(readFileSync(join(root, 'schema.graphql'), 'utf8'));
  const operations = readdirSync(join(root, 'apps/shop/operations')).flatMap((file) =>
    parse(readFileSync(join(root, 'apps/shop/operations', file), 'utf8')).definitions.filter(
      (d) => d.kind === 'OperationDefinition',
    ),
  );
  assert.equal(documents.length, operations.length);
  assert.ok(documents.length >= 19);
  for (const [name, document] of documents) {
    const text = String(document);
    const ast = parse(text);
    assert.deepEqual(
      validate(schema, ast).map((e) => e.message),
      [],
      name,
    );
    const operation = getOperationAST(ast)?.name?.value;
    assert.equal(`${operation}Document`, name);
    assert.equal(operationName(text), operation);
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
      [...readFileSync(file, 'utf8').matchAll(/^import (type )?[^'"]*['"]([^'"]+)['"]/gm)].map((m) => ({
        file: file.slice(web.length + 1),
        typeOnly: Boolean(m[1]),
        from: m[2]!,
      })),
    );
  assert.ok(imports.length > 50);
  for (const { file, typeOnly, from } of imports) {
    if (from.startsWith('.')) {
      // Only the public config's type comes from the server side of the shop.
      assert.ok(
        !from.includes('../src/') || (typeOnly && from.endsWith('/src/shop-config.ts')),
        `${file} imports ${from}`,
      );
      assert.ok(!from.includes('packages/'), `${file} imports ${from}`);
    } else if (file.startsWith('generated/')) {
      // The typed documents name their type interface, which leaves nothing in the bundle.
      assert.ok(typeOnly && from === '@graphql-typed-document-node/core', `${file} imports ${from}`);
    } else {
      assert.match(from, /^preact(\/hooks)?$/, `${file} imports ${from}`);
    }
  }
});
