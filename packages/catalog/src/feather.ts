/**
 * @grocery/catalog/feather: reading the catalog's download files (Arrow IPC, Feather v2). Apart
 * from the main entry so that loading the catalog does not load Apache Arrow (half a second of a
 * start); what builds or reads files loads it when it runs.
 *
 * Every export of this file is public API of the package; anything not exported here is internal.
 */
export {
  readFeatherInfo,
  readFeatherProducts,
  readFeatherProductsAsync,
  readFeatherRecords,
  type FeatherFileInfo,
} from './feather-reader.ts';
