/** A fulfilment branch: the authority for price and where pickup and delivery start. */
export interface Branch {
  branchCode: string;
  name: string;
  nameTh: string;
  alcoholLicensed: boolean;
  deliveryAvailable: boolean;
  lat: number;
  lon: number;
  address: string;
  province: string;
  postcode: string;
  phone: string;
  /** Postcodes this branch delivers to (empty when it does not deliver). */
  deliveryPostcodes: string[];
  /** Largest delivery distance in kilometres, measured in a straight line. */
  deliveryRadiusKm: number;
}

/** A valid branch code: 2 to 8 letters or digits. */
export const BRANCH_CODE_PATTERN = /^[A-Za-z0-9]{2,8}$/;

/**
 * Checks a branch code from outside (an argument, a path) before it reaches the grocer.
 *
 * @example
 * isBranchCode('BKK01'); // true
 */
export function isBranchCode(value: unknown): value is string {
  return typeof value === 'string' && BRANCH_CODE_PATTERN.test(value);
}
