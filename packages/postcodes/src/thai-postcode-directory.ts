import type { GeoPoint, PostcodeDirectory } from '@grocery/core/ports';
import { THAI_POSTCODE_CENTROIDS } from './generated/thai-postcode-centroids.ts';

const CENTRES: ReadonlyMap<string, GeoPoint> = new Map(
  THAI_POSTCODE_CENTROIDS.map(([postcode, lat, lon]) => [postcode, { lat, lon }]),
);

/**
 * The centres of Thai postcodes (959 of them), derived from the government's sub-district
 * coordinates and Thailand Post's postcodes by scripts/derive-postcode-centroids.ts.
 *
 * @example
 * createCommerce({ ..., postcodes: thaiPostcodeDirectory });
 * await thaiPostcodeDirectory.centreOf('10330'); // { lat: 13.741, lon: 100.532 }
 */
export const thaiPostcodeDirectory: PostcodeDirectory = {
  async centreOf(postcode) {
    const centre = CENTRES.get(postcode);
    return centre ? { ...centre } : null;
  },
};
