import { readFileSync } from 'node:fs';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import type { HttpResponse } from '@grocery/core/http';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';

export const OPENAPI_PATH = new URL('../../../../openapi/catalog.yaml', import.meta.url);

type Json = Record<string, unknown>;

/** Points OpenAPI component references at the `$defs` document registered with ajv. */
function rewriteRefs(json: string): string {
  return json.replaceAll('"#/components/schemas/', '"https://catalog.test/components#/$defs/');
}

/** The response body as text, undoing Content-Encoding. */
export function bodyText(response: HttpResponse): string {
  const body = response.body;
  if (body === null) return '';
  if (typeof body === 'string') return body;
  const encoding = response.headers['content-encoding'];
  const raw =
    encoding === 'gzip' ? gunzipSync(body) : encoding === 'br' ? brotliDecompressSync(body) : Buffer.from(body);
  return raw.toString('utf8');
}

/**
 * Validates real responses against openapi/catalog.yaml: the status must be declared for the
 * operation, and a JSON body must match the declared schema.
 */
export class OpenApiChecker {
  readonly document: Json;
  readonly #ajv: Ajv2020;
  readonly #validators = new Map<string, ValidateFunction>();

  constructor() {
    this.document = parse(readFileSync(OPENAPI_PATH, 'utf8')) as Json;
    // ajv-formats is CommonJS; its default export arrives as the module object under ESM.
    const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
      addFormatsModule) as unknown as (ajv: Ajv2020) => void;
    this.#ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
    addFormats(this.#ajv);
    const components = JSON.parse(rewriteRefs(JSON.stringify((this.document.components as Json).schemas))) as Json;
    this.#ajv.addSchema({ $id: 'https://catalog.test/components', $defs: components });
  }

  #resolve(node: Json): Json {
    const ref = node.$ref;
    if (typeof ref !== 'string') return node;
    const [, ...path] = ref.split('/');
    let target: unknown = this.document;
    for (const part of path) target = (target as Json)[part];
    return this.#resolve(target as Json);
  }

  #validator(schema: Json): ValidateFunction {
    const key = JSON.stringify(schema);
    let validate = this.#validators.get(key);
    if (!validate) {
      // Point component references at the registered $defs document.
      const rewritten = JSON.parse(rewriteRefs(key)) as Json;
      validate = this.#ajv.compile(rewritten);
      this.#validators.set(key, validate);
    }
    return validate;
  }

  /** The schema of `component` (e.g. `CatalogRecord`) as a validator. */
  component(name: string): ValidateFunction {
    return this.#validator({ $ref: `#/components/schemas/${name}` });
  }

  /** Throws unless `response` is a declared answer of `method pathTemplate` and its body matches. */
  check(method: string, pathTemplate: string, response: HttpResponse): void {
    const paths = this.document.paths as Json;
    const operation = (paths[pathTemplate] as Json | undefined)?.[method.toLowerCase()] as Json | undefined;
    if (!operation) throw new Error(`${method} ${pathTemplate} is not in the OpenAPI document`);
    const declared = this.#resolve(((operation.responses as Json)[String(response.status)] as Json | undefined) ?? {});
    if (Object.keys(declared).length === 0)
      throw new Error(`${method} ${pathTemplate} does not declare status ${response.status}`);
    const content = declared.content as Json | undefined;
    if (response.status === 304 || !content) return;
    const contentType = (response.headers['content-type'] ?? '').split(';')[0]!.trim();
    const media = content[contentType] as Json | undefined;
    if (!media) throw new Error(`${method} ${pathTemplate} ${response.status} does not declare ${contentType}`);
    if (contentType !== 'application/json') return;
    const validate = this.#validator(media.schema as Json);
    const body: unknown = JSON.parse(bodyText(response));
    if (!validate(body))
      throw new Error(
        `${method} ${pathTemplate} ${response.status}: ${this.#ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`,
      );
  }
}
