import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FEATHER_FILE_NAME_PATTERN } from './feather-columns.ts';
import type { FeatherFile } from './feather-writer.ts';

/**
 * A local copy of the `all` download file of the snapshot being served, so that a restart adopts
 * the published snapshot without fetching and decompressing the file from the database (on
 * PGlite most of the catalog's start). What it returns is checked against the manifest's SHA-256
 * before use, so a stale or damaged copy only costs the database read it was meant to save.
 */
export interface SnapshotFileCache {
  /** The bytes kept under `name`, or null. */
  read(name: string): Promise<Uint8Array | null>;
  /** Keeps `file`, replacing the files kept before. */
  write(file: FeatherFile): Promise<void>;
}

/**
 * A {@link SnapshotFileCache} in a directory (e.g. DATA_DIR/catalog-snapshot beside PGlite's).
 *
 * @example
 * new CatalogSnapshots({ grocer, publicBaseUrl, repository, fileCache: createDirectorySnapshotCache(join(dataDir, 'catalog-snapshot')) });
 */
export function createDirectorySnapshotCache(dir: string): SnapshotFileCache {
  return {
    async read(name) {
      if (!FEATHER_FILE_NAME_PATTERN.test(name)) return null;
      try {
        const bytes = await readFile(join(dir, name));
        return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async write(file) {
      if (!FEATHER_FILE_NAME_PATTERN.test(file.name)) throw new Error(`not a catalog file name: ${file.name}`);
      await mkdir(dir, { recursive: true });
      // Written aside and renamed: a reader never sees half a file.
      const aside = join(dir, `.${file.name}.${process.pid}.tmp`);
      await writeFile(aside, file.body);
      await rename(aside, join(dir, file.name));
      for (const entry of await readdir(dir)) {
        if (entry !== file.name && FEATHER_FILE_NAME_PATTERN.test(entry)) await rm(join(dir, entry), { force: true });
      }
    },
  };
}
