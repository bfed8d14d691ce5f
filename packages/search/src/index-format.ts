/**
 * The identity of the code that builds an index: a persisted index is only loaded by the code
 * that would have built the same one. It hashes this package's modules and data (tokenising,
 * lexicons, ranking data), the stemmer's version and the ICU data Thai segmentation uses, so a
 * deploy that changes any of them rebuilds instead of loading an index its queries would misread.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { INDEX_CODEC_VERSION } from './index-codec.ts';

let cached: string | null = null;

/**
 * The index format of this build of the package, e.g. `gsix1-3f2a9c0e5b7d1a42`; computed once
 * (a few milliseconds: it reads the package's own files).
 *
 * @example
 * const bytes = encodeIndexData(data, { format: searchIndexFormat(), snapshotVersion, version, builtAt });
 */
export function searchIndexFormat(): string {
  cached ??= computeFormat();
  return cached;
}

function computeFormat(): string {
  const hash = createHash('sha256');
  hash.update(
    `codec ${INDEX_CODEC_VERSION}\0icu ${process.versions.icu ?? '-'}\0unicode ${process.versions.unicode ?? '-'}\0`,
  );
  const moduleDir = new URL('./', import.meta.url);
  const dataDir = new URL('../data/', import.meta.url);
  for (const [dir, keep] of [
    [moduleDir, (name: string) => /\.(?:js|ts)$/.test(name) && !name.endsWith('.d.ts')],
    [dataDir, (name: string) => name.endsWith('.json')],
  ] as const) {
    for (const name of safeList(dir).filter(keep).sort()) {
      hash.update(`${name}\0`);
      hash.update(readFileSync(new URL(name, dir)));
    }
  }
  hash.update(`stemmer ${stemmerVersion()}`);
  return `gsix${INDEX_CODEC_VERSION}-${hash.digest('hex').slice(0, 16)}`;
}

function safeList(dir: URL): string[] {
  try {
    return readdirSync(fileURLToPath(dir));
  } catch {
    return [];
  }
}

function stemmerVersion(): string {
  try {
    const require = createRequire(import.meta.url);
    const { version } = require('wink-porter2-stemmer/package.json') as { version?: unknown };
    return typeof version === 'string' ? version : '?';
  } catch {
    return '?';
  }
}
