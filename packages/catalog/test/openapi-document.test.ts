import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import openapiTS, { astToString } from 'openapi-typescript';
import { RECORD_FIELDS } from '../src/catalog-record.ts';
import { FILE_COLUMNS } from '../src/feather-columns.ts';
import { LIST_PARAMS } from '../src/catalog-query.ts';
import { OPENAPI_PATH, OpenApiChecker } from './support/openapi.ts';

type Json = Record<string, unknown>;

describe('openapi/catalog.yaml', () => {
  const openapi = new OpenApiChecker();
  const schemas = (openapi.document.components as Json).schemas as Record<string, Json>;

  test('is a valid OpenAPI 3.1 document (the project codegen reads it)', async () => {
    assert.equal(openapi.document.openapi, '3.1.0');
    const types = astToString(await openapiTS(OPENAPI_PATH));
    for (const operation of ['listProducts', 'getProduct', 'getCatalogManifest', 'downloadCatalog', 'getCatalogFile'])
      assert.match(types, new RegExp(operation));
  });

  test('describes every record field, in record order, all required in a whole record', () => {
    const properties = Object.keys(schemas.CatalogRecordFields!.properties as Json);
    assert.deepEqual(properties, [...RECORD_FIELDS]);
    const required = (schemas.CatalogRecord!.allOf as Json[])[1]!.required as string[];
    assert.deepEqual(required, [...RECORD_FIELDS]);
    for (const field of RECORD_FIELDS)
      assert.ok(
        ((schemas.CatalogRecordFields!.properties as Json)[field] as Json).description,
        `${field} is described`,
      );
    // The en and th download files hold exactly the record fields.
    assert.deepEqual(
      FILE_COLUMNS.en.map((c) => c.name),
      [...RECORD_FIELDS],
    );
  });

  test('documents every list parameter with its limits and defaults', () => {
    const list = ((openapi.document.paths as Json)['/v1/products'] as Json).get as Json;
    const parameters = (list.parameters as Json[]).map((p) =>
      p.$ref ? (((openapi.document.components as Json).parameters as Json).lang as Json) : p,
    );
    assert.deepEqual(
      parameters.map((p) => p.name),
      [...LIST_PARAMS],
    );
    const size = parameters.find((p) => p.name === 'size')!.schema as Json;
    assert.deepEqual([size.minimum, size.maximum, size.default], [1, 200, 50]);
    const q = parameters.find((p) => p.name === 'q')!.schema as Json;
    assert.equal(q.maxLength, 200);
    assert.equal((parameters.find((p) => p.name === 'page')!.schema as Json).default, 1);
  });

  test('every route but the signed file requires the partner key', () => {
    assert.deepEqual(openapi.document.security, [{ partnerKey: [] }]);
    const paths = openapi.document.paths as Record<string, Record<string, Json>>;
    for (const [path, item] of Object.entries(paths)) {
      const security = item.get!.security;
      if (path === '/v1/products/files/{file}') assert.deepEqual(security, []);
      else assert.equal(security, undefined, path);
    }
  });
});
