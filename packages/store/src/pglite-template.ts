import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * A new PGlite database costs its initdb: seconds of WebAssembly on every first start and every
 * throwaway test database. PGlite can start from a tarball of a data directory instead
 * (`dumpDataDir` / `loadDataDir`), so one freshly initialised database is kept per PGlite version
 * and loaded for every new one, in memory or in a directory. It is built the first time it is
 * missing (at `npm install`, see scripts/prepare-pglite-template.ts, or by the first start),
 * checked against its SHA-256 on every load, and rebuilt when damaged.
 */

/** The installed PGlite's version (its package.json is not exported: read beside its entry, dist/). */
const PGLITE_VERSION = (
  JSON.parse(
    readFileSync(
      join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json'),
      'utf8',
    ),
  ) as { version: string }
).version;

/** Where the template lives: PGLITE_TEMPLATE_DIR, else the user's cache directory (XDG). */
export function pgliteTemplateDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.PGLITE_TEMPLATE_DIR ?? join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'partner-grocery-api');
}

const templateFile = (dir: string) => join(dir, `pglite-${PGLITE_VERSION}.tar`);
const digestFile = (dir: string) => `${templateFile(dir)}.sha256`;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The file this process has already checked against its digest, as it was then (path, size, mtime). */
let checked: string | null = null;

/**
 * The kept template when it is whole, else null (missing, unreadable, or not matching its digest).
 * It is hashed once per process and file version, not for every database a test suite opens.
 */
function readTemplate(dir: string): Uint8Array | null {
  try {
    const file = templateFile(dir);
    const { size, mtimeMs } = statSync(file);
    const version = `${file}|${size}|${mtimeMs}`;
    const bytes = readFileSync(file);
    if (version === checked) return bytes;
    if (sha256(bytes) !== readFileSync(digestFile(dir), 'utf8').trim()) return null;
    checked = version;
    return bytes;
  } catch {
    return null;
  }
}

/**
 * Builds the template with PGlite's own initdb and keeps it (written aside and renamed, digest
 * last, so a reader never takes a half-written file for whole; two builders racing both succeed).
 * Returns the bytes even when the cache directory cannot be written.
 */
async function buildTemplate(dir: string): Promise<Uint8Array> {
  const pg = await PGlite.create('memory://');
  const bytes = new Uint8Array(await (await pg.dumpDataDir('none')).arrayBuffer());
  await pg.close();
  try {
    mkdirSync(dir, { recursive: true });
    const suffix = `.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(templateFile(dir) + suffix, bytes);
    renameSync(templateFile(dir) + suffix, templateFile(dir));
    writeFileSync(digestFile(dir) + suffix, sha256(bytes));
    renameSync(digestFile(dir) + suffix, digestFile(dir));
  } catch {
    // A read-only or full cache: this start uses the bytes, the next one builds again.
  }
  return bytes;
}

/**
 * The template as a Blob for PGlite's `loadDataDir`, built and kept when missing or damaged.
 *
 * @example
 * const pg = await PGlite.create(dataDir, { loadDataDir: await pgliteTemplate() });
 */
export async function pgliteTemplate(dir: string = pgliteTemplateDir()): Promise<Blob> {
  const bytes = readTemplate(dir) ?? (await buildTemplate(dir));
  return new Blob([bytes as Uint8Array<ArrayBuffer>]);
}

/** Removes the kept template (a load from it failed): the next call builds it again. */
export function discardPgliteTemplate(dir: string = pgliteTemplateDir()): void {
  rmSync(templateFile(dir), { force: true });
  rmSync(digestFile(dir), { force: true });
  checked = null;
}
