/** A point on the earth, in degrees (WGS 84). */
export interface GeoPoint {
  lat: number;
  lon: number;
}

/**
 * Where postcodes are: the centre of a postcode's area, from which `fulfilmentResolve` measures the
 * distance to branches and picks the nearest one that delivers there. Production's is reference
 * data the project owns (`thaiPostcodeDirectory` from @grocery/postcodes); another could ask a
 * geocoding service.
 *
 * @example
 * const centre = await postcodes.centreOf('10330'); // { lat: 13.741, lon: 100.532 }, or null when unknown
 */
export interface PostcodeDirectory {
  /** The centre of a five-digit postcode's area, or null when the directory does not know the postcode. */
  centreOf(postcode: string): Promise<GeoPoint | null>;
}
