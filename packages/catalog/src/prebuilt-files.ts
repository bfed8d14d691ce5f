import { FEATHER_LANGS } from './catalog-record.ts';
import type { CatalogLogger } from './catalog-logger.ts';
import type { CatalogManifest } from './catalog-snapshot.ts';
import { featherFileName } from './feather-columns.ts';
import type { FeatherFile } from './feather-writer.ts';
import { snapshotVersionOf } from './file-digest.ts';

export type PublishedFileInfo = CatalogManifest['files'][number];

export function fileInfoOf(file: FeatherFile): PublishedFileInfo {
  return {
    name: file.name,
    lang: file.lang,
    bytes: file.body.byteLength,
    sha256: file.sha256,
    rows: file.rows,
    contentType: file.contentType,
  };
}

/**
 * The published files, when they can be served as they are: the `all` file in hand, and each
 * language of the same version either in hand or listed (`published`, loaded on first download),
 * written for this instance's public base URL (the `image_url` values must match its records).
 */
export async function usablePrebuiltFiles(
  files: readonly FeatherFile[] | undefined,
  published: readonly PublishedFileInfo[] | undefined,
  publicBaseUrl: string,
  log: CatalogLogger,
): Promise<{ version: string; files: readonly FeatherFile[]; infos: PublishedFileInfo[] } | null> {
  if (!files) return null;
  const all = files.find((file) => file.lang === 'all');
  const infos = FEATHER_LANGS.map((lang) => {
    const file = files.find((f) => f.lang === lang);
    return file
      ? file.version === all?.version
        ? fileInfoOf(file)
        : undefined
      : published?.find((info) => info.lang === lang);
  });
  const complete =
    all !== undefined &&
    infos.every((info) => info !== undefined && info.name === featherFileName(all.version, info.lang));
  if (!complete || snapshotVersionOf(all.sha256) !== all.version) {
    log('catalog snapshot: the published files are incomplete or inconsistent; writing them anew');
    return null;
  }
  // Arrow loads when files are in hand, not with the catalog.
  const { readFeatherInfo } = await import('./feather-reader.ts');
  const writtenFor = readFeatherInfo(all.body).publicBaseUrl;
  if (writtenFor !== publicBaseUrl) {
    log(
      `catalog snapshot: the published files link images on ${writtenFor}, this instance on ${publicBaseUrl}; writing them anew`,
    );
    return null;
  }
  const held = FEATHER_LANGS.flatMap((lang) => files.filter((file) => file.lang === lang));
  return { version: all.version, files: held, infos: infos as PublishedFileInfo[] };
}
