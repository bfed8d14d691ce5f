/**
 * @grocery/catalog: the read-only REST product catalog served from an in-memory snapshot, its
 * manifest, the whole-catalog Feather downloads, and core's CatalogReader over the same snapshot.
 * Every export of this file is public API of the package; anything not exported here is internal.
 */
export {
  CATALOG_LANGS,
  CATALOG_RECORD_SCHEMA_VERSION,
  FEATHER_LANGS,
  RECORD_FIELDS,
  isRecordField,
  localisedRecordPart,
  pickRecordFields,
  productImageUrl,
  sharedRecordPart,
  toCatalogRecord,
  type CatalogLang,
  type CatalogRecord,
  type FeatherLang,
  type LocalisedRecordPart,
  type RecordField,
  type SharedRecordPart,
} from './catalog-record.ts';
export {
  identitySearchText,
  keywordSearchText,
  matchesWords,
  normalizeSearchText,
  productSearchText,
  searchWords,
} from './search-text.ts';
export {
  CatalogSnapshot,
  compareCprcode,
  type BuildStats,
  type CatalogFileInfo,
  type CatalogManifest,
  type SnapshotFilter,
} from './catalog-snapshot.ts';
export { buildCatalogSnapshot, buildSnapshotFromGrocer, type BuildSnapshotOptions } from './snapshot-builder.ts';
export type { CatalogLogger } from './catalog-logger.ts';
export {
  FEATHER_CONTENT_TYPE,
  FILE_COLUMNS,
  featherFileName,
  type FeatherColumnType,
  type FileColumn,
} from './feather-columns.ts';
export type { FeatherFile } from './feather-writer.ts';
export {
  CATALOG_MIGRATIONS,
  SnapshotRepository,
  migrateCatalog,
  type PublishedSnapshot,
} from './snapshot-repository.ts';
export { createDirectorySnapshotCache, type SnapshotFileCache } from './snapshot-file-cache.ts';
export {
  CatalogSnapshots,
  type CatalogSnapshotSource,
  type CatalogSnapshotsOptions,
  type RefreshOutcome,
} from './catalog-snapshots.ts';
export {
  createDownloadSigner,
  type DownloadSigner,
  type DownloadSignerOptions,
  type LinkVerdict,
  type SignedLink,
} from './download-signer.ts';
export { LIST_PARAMS, parseListQuery, type ListQuery } from './catalog-query.ts';
export {
  CATALOG_PATH,
  createCatalogHandler,
  type CatalogErrorCode,
  type CatalogHandlerOptions,
} from './catalog-handler.ts';
export { snapshotCatalogReader, toSnapshotFilter } from './snapshot-catalog-reader.ts';
