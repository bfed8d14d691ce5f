/**
 * Validates real bodies against openapi/webhooks.yaml (JSON Schema 2020-12, as OpenAPI 3.1 uses),
 * with the document's own refs.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

const document = parse(readFileSync(new URL('../../openapi/webhooks.yaml', import.meta.url), 'utf8')) as {
  components: Record<string, unknown>;
};
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ $id: 'webhooks.yaml', components: document.components });
const cache = new Map<string, ValidateFunction>();

/** Throws unless `body` (parsed JSON) is valid against `components.schemas[name]`. */
export function assertMatchesSchema(name: string, body: unknown): void {
  let validate = cache.get(name);
  if (!validate) {
    validate = ajv.compile({ $ref: `webhooks.yaml#/components/schemas/${name}` });
    cache.set(name, validate);
  }
  if (!validate(body))
    throw new Error(
      `body does not match ${name} of openapi/webhooks.yaml: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`,
    );
}
