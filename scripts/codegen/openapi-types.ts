/**
 * Codegen plugin: an OpenAPI 3.1 document → TypeScript types with openapi-typescript, so handlers
 * type their bodies from the same document the tests validate responses against.
 */
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

export const plugin = async (_schema: unknown, _documents: unknown, config: { openapi: string }): Promise<string> => {
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const ast = await openapiTS(pathToFileURL(resolve(config.openapi)), { alphabetize: true, exportType: true });
  return astToString(ast);
};
