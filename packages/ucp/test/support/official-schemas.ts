/**
 * The official UCP 2026-04-08 JSON Schemas (`../shared/protocols/ucp-2026-04-08/source`, beside the
 * repository) loaded into Ajv (draft 2020-12, formats). Data read at test time, never copied into the
 * repository. One fix at load time: `discovery/profile_schema.json` says `$id`
 * `…/schemas/discovery/profile.json` but refers to `../schemas/ucp.json`, which resolves against that
 * `$id` to `…/schemas/schemas/ucp.json`; it is loaded under `…/discovery/profile.json`, where its
 * relative references reach the files they name in the release tree.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/** The release's `source/` directory; UCP_SCHEMAS_DIR overrides where shared/ is not beside the repository. */
const UCP_SOURCE_DIR =
  process.env.UCP_SCHEMAS_DIR ??
  fileURLToPath(new URL('../../../../../shared/protocols/ucp-2026-04-08/source/', import.meta.url));

/** The `$id` the profile schema is registered under. */
export const PROFILE_SCHEMA_ID = 'https://ucp.dev/discovery/profile.json';

function jsonFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    return entry.isDirectory() ? jsonFiles(path) : entry.name.endsWith('.json') ? [path] : [];
  });
}

/** An Ajv with every schema of `schemas/` and the profile schema registered under their `$id`s. */
export function officialSchemas(): Ajv2020 {
  // Vendor keywords (ucp_request, …) annotate; they do not validate.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const addFormats = addFormatsModule as unknown as (instance: Ajv2020) => Ajv2020;
  addFormats(ajv);
  for (const file of jsonFiles(join(UCP_SOURCE_DIR, 'schemas'))) {
    const schema = JSON.parse(readFileSync(file, 'utf8')) as { $id?: string };
    if (schema.$id === undefined) throw new Error(`${relative(UCP_SOURCE_DIR, file)} has no $id`);
    ajv.addSchema(schema);
  }
  const profile = JSON.parse(readFileSync(join(UCP_SOURCE_DIR, 'discovery/profile_schema.json'), 'utf8')) as object;
  ajv.addSchema({ ...profile, $id: PROFILE_SCHEMA_ID });
  return ajv;
}
