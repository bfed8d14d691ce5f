import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FEATHER_FILE_NAME_PATTERN } from './feather-columns.ts';
import type { FeatherFile } from './feather-writer.ts';

/**
 * A local copy of the snapshot being served: its `all` download file, and the snapshot itself
 * encoded (`encodeSnapshot`), so that a restart adopts the published snapshot by decoding it,
 * without fetching the file from the database or rebuilding from it. What it returns is checked
 * (the file against the manifest's SHA-256, the encoding against its own and the manifest's
 * version) before use, so a stale or damaged copy only costs the work it was meant to save.
 */
export interface SnapshotFileCache {
  /** The bytes kept under `name`, or null. */
  read(name: string): Promise<Uint8Array | null>;
  /** Keeps `file`, replacing the files kept before. */
  write(file: FeatherFile): Promise<void>;
  /** The encoded snapshot (`encodeSnapshot`) kept for `version`, or null. */
  readSnapshot(version: string): Promise<Uint8Array | null>;
  /** Keeps an encoded snapshot, replacing the ones kept before. */
  writeSnapshot(version: string, bytes: Uint8Array): Promise<void>;
}

const SNAPSHOT_FILE_PATTERN = /^snapshot-[0-9a-f]{8,64}\.bin$/;
const snapshotFileName = (version: string) => `snapshot-${version}.bin`;

/**
 * A {@link SnapshotFileCache} in a directory (e.g. DATA_DIR/catalog-snapshot beside PGlite's).
 *
 * @example
 * new CatalogSnapshots({ grocer, publicBaseUrl, repository, fileCache: createDirectorySnapshotCache(join(dataDir, 'catalog-snapshot')) });
 */
export function createDirectorySnapshotCache(dir: string): SnapshotFileCache {
  const read = async (name: string): Promise<Uint8Array | null> => {
    try {
      const bytes = await readFile(join(dir, name));
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };
  const write = async (name: string, body: Uint8Array, kind: RegExp): Promise<void> => {
    await mkdir(dir, { recursive: true });
    // Written aside and renamed: a reader never sees half a file.
    const aside = join(dir, `.${name}.${process.pid}.tmp`);
    await writeFile(aside, body);
    await rename(aside, join(dir, name));
    for (const entry of await readdir(dir)) {
      if (entry !== name && kind.test(entry)) await rm(join(dir, entry), { force: true });
    }
  };
  return {
    read: async (name) => (FEATHER_FILE_NAME_PATTERN.test(name) ? read(name) : null),
    async write(file) {
      if (!FEATHER_FILE_NAME_PATTERN.test(file.name)) throw new Error(`not a catalog file name: ${file.name}`);
      await write(file.name, file.body, FEATHER_FILE_NAME_PATTERN);
    },
    readSnapshot: async (version) =>
      SNAPSHOT_FILE_PATTERN.test(snapshotFileName(version)) ? read(snapshotFileName(version)) : null,
    async writeSnapshot(version, bytes) {
      const name = snapshotFileName(version);
      if (!SNAPSHOT_FILE_PATTERN.test(name)) throw new Error(`not a snapshot version: ${version}`);
      await write(name, bytes, SNAPSHOT_FILE_PATTERN);
    },
  };
}
