/**
 * Validates real handler responses against openapi/search.yaml: the response schema of the
 * operation and status (JSON Schema 2020-12, as OpenAPI 3.1 uses), with the document's own refs.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import type { HttpResponse } from '@grocery/core/http';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: unknown[];
        responses: Record<string, { $ref?: string; content?: Record<string, { schema: unknown }> }>;
      }
    >
  >;
  components: Record<string, Record<string, unknown>>;
}

const openapiDocument = parse(
  readFileSync(new URL('../../../../openapi/search.yaml', import.meta.url), 'utf8'),
) as OpenApiDocument;

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ $id: 'search.yaml', components: openapiDocument.components });
const cache = new Map<string, ValidateFunction>();

/** Resolves `#/components/...` refs inside the document. */
function resolve<T>(value: T | { $ref: string }): T {
  if (typeof value === 'object' && value !== null && '$ref' in value && typeof value.$ref === 'string') {
    const parts = value.$ref.replace(/^#\//, '').split('/');
    let node: unknown = openapiDocument;
    for (const part of parts) node = (node as Record<string, unknown>)[part];
    return node as T;
  }
  return value as T;
}

/**
 * Asserts that `response` is what the document promises for `GET path` with its status: a
 * described status, JSON content, and a body valid against the schema. Throws with the errors.
 */
export function assertMatchesContract(path: string, response: HttpResponse): void {
  const operation = openapiDocument.paths[path]?.get;
  if (operation === undefined) throw new Error(`no GET ${path} in openapi/search.yaml`);
  const described = operation.responses[String(response.status)];
  if (described === undefined) throw new Error(`GET ${path}: status ${response.status} is not described`);
  const definition = resolve(described);
  const media = definition.content?.['application/json'];
  if (media === undefined) throw new Error(`GET ${path} ${response.status}: no application/json content described`);
  if (!response.headers['content-type']?.startsWith('application/json'))
    throw new Error(`GET ${path} ${response.status}: content-type ${response.headers['content-type']}`);
  const key = `${path} ${response.status}`;
  let validate = cache.get(key);
  if (validate === undefined) {
    const schema = rewriteRefs(media.schema);
    validate = ajv.compile(schema as object);
    cache.set(key, validate);
  }
  const body: unknown = JSON.parse(
    typeof response.body === 'string' ? response.body : new TextDecoder().decode(response.body ?? new Uint8Array()),
  );
  if (!validate(body))
    throw new Error(
      `GET ${path} ${response.status} does not match openapi/search.yaml: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`,
    );
}

/** Points the document's local refs at the schema registered above. */
function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `search.yaml${v}` : rewriteRefs(v),
    ]),
  );
}

/** The `schema` of a named query parameter of `GET path` (refs resolved). */
export function parameterSchema(path: string, name: string): Record<string, unknown> {
  const operation = openapiDocument.paths[path]?.get;
  for (const raw of operation?.parameters ?? []) {
    const parameter = resolve(raw as { name: string; schema: Record<string, unknown> } | { $ref: string });
    if (parameter.name === name) return parameter.schema;
  }
  throw new Error(`GET ${path} has no parameter ${name}`);
}
