/**
 * @grocery/postcodes: reference data the project owns, behind core's ports. Every export of this
 * file is public API of the package; anything not exported here is internal.
 */
export { thaiPostcodeDirectory } from './thai-postcode-directory.ts';
