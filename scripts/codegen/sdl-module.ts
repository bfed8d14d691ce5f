/**
 * Codegen plugin: embeds schema.graphql verbatim as a TypeScript string, so the running service
 * serves and executes exactly the file (the parity test checks the two are equal).
 */
import { readFileSync } from 'node:fs';

export const plugin = (_schema: unknown, _documents: unknown, config: { file: string }): string => {
  const sdl = readFileSync(config.file, 'utf8');
  return `/** schema.graphql, verbatim. */\nexport const typeDefs: string = ${JSON.stringify(sdl)};\n`;
};
