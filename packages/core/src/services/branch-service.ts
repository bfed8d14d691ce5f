import { CommerceError } from '../errors.ts';
import type { Branch } from '../model/branch.ts';
import type { Clock } from '../ports/clock.ts';
import type { GrocerGateway } from '../ports/grocer-gateway.ts';
import type { PostcodeDirectory } from '../ports/postcode-directory.ts';
import { requireBranchCode } from './input-validation.ts';

export interface BranchServiceOptions {
  grocer: GrocerGateway;
  clock: Clock;
  /** Branches change rarely; they are re-read from the grocer after this long. */
  cacheTtlMs?: number;
  /** Where a postcode's centre is, when known; `fulfilmentResolve` measures `distanceKm` from it. None known by default. */
  postcodes?: PostcodeDirectory | undefined;
  /** Farthest a shopper may be from the branch chosen for pickup; beyond it nothing serves them. Default 50 km. */
  maxPickupDistanceKm?: number | undefined;
  /** Branch for baskets and quotes that name none; otherwise the first by code that delivers and sells alcohol, so any product can be ordered either way. */
  defaultBranchCode?: string | undefined;
}

export interface ResolvedBranch {
  branch: Branch;
  distanceKm: number | null;
}

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in kilometres. */
export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

const NO_POSTCODES: PostcodeDirectory = { centreOf: async () => null };

function roundKm(km: number): number {
  return Math.round(km * 100) / 100;
}

/** Fulfilment branches, cached from the grocer, and resolution of the branch for a place. */
export class BranchService {
  readonly #grocer: GrocerGateway;
  readonly #clock: Clock;
  readonly #ttlMs: number;
  readonly #defaultBranchCode: string | undefined;
  readonly #postcodes: PostcodeDirectory;
  readonly #maxPickupDistanceKm: number;
  #cache: { at: number; branches: Branch[]; byCode: Map<string, Branch> } | null = null;
  #loading: Promise<Branch[]> | null = null;

  constructor(options: BranchServiceOptions) {
    this.#grocer = options.grocer;
    this.#clock = options.clock;
    this.#ttlMs = options.cacheTtlMs ?? 60_000;
    this.#defaultBranchCode = options.defaultBranchCode;
    this.#postcodes = options.postcodes ?? NO_POSTCODES;
    this.#maxPickupDistanceKm = options.maxPickupDistanceKm ?? 50;
  }

  async list(): Promise<Branch[]> {
    const now = this.#clock.now();
    if (this.#cache && now - this.#cache.at < this.#ttlMs) return this.#cache.branches;
    // One grocer call however many requests miss the cache at once.
    this.#loading ??= this.#grocer
      .branches()
      .then((branches) => {
        const sorted = [...branches].sort((a, b) => a.branchCode.localeCompare(b.branchCode));
        this.#cache = { at: now, branches: sorted, byCode: new Map(sorted.map((b) => [b.branchCode, b])) };
        return sorted;
      })
      .finally(() => {
        this.#loading = null;
      });
    return this.#loading;
  }

  /** The branch with that code; `INVALID_BRANCH` when malformed or unknown. */
  async require(code: unknown, field: string): Promise<Branch> {
    const branchCode = requireBranchCode(code, field);
    await this.list();
    const branch = this.#cache?.byCode.get(branchCode);
    if (!branch) throw new CommerceError('INVALID_BRANCH', `There is no branch ${branchCode}.`, { field });
    return branch;
  }

  async defaultBranch(): Promise<Branch> {
    const branches = await this.list();
    const branch =
      (this.#defaultBranchCode && this.#cache?.byCode.get(this.#defaultBranchCode)) ||
      branches.find((b) => b.deliveryAvailable && b.alcoholLicensed) ||
      branches.find((b) => b.deliveryAvailable) ||
      branches[0];
    if (!branch) throw new CommerceError('GROCER_UNAVAILABLE', 'The grocer has no branches.');
    return branch;
  }

  /**
   * Coordinates: the nearest branch that delivers there (within its radius), else the nearest
   * branch for pickup within `maxPickupDistanceKm`, else `OUT_OF_SERVICE_AREA`. Postcode: the
   * branch that delivers to it, nearest to the postcode's centre when that is known (else the
   * branch in that postcode first). `distanceKm` is measured from the coordinates, or from the
   * postcode's centre; null when neither is known.
   */
  async resolve(input: {
    lat?: number | null;
    lon?: number | null;
    postcode?: string | null;
  }): Promise<ResolvedBranch> {
    const { lat, lon, postcode } = input;
    const hasLat = lat !== null && lat !== undefined;
    const hasLon = lon !== null && lon !== undefined;
    if (hasLat !== hasLon)
      throw new CommerceError('INVALID_INPUT', 'Give both lat and lon, or neither.', {
        field: hasLat ? 'input.lon' : 'input.lat',
      });
    if (hasLat && hasLon) {
      if (!Number.isFinite(lat) || Math.abs(lat) > 90)
        throw new CommerceError('INVALID_INPUT', 'lat must be from -90 to 90.', { field: 'input.lat' });
      if (!Number.isFinite(lon) || Math.abs(lon) > 180)
        throw new CommerceError('INVALID_INPUT', 'lon must be from -180 to 180.', { field: 'input.lon' });
      const ranked = (await this.list())
        .map((branch) => ({ branch, distanceKm: haversineKm(lat, lon, branch.lat, branch.lon) }))
        .sort((a, b) => a.distanceKm - b.distanceKm);
      const delivering = ranked.find((r) => r.branch.deliveryAvailable && r.distanceKm <= r.branch.deliveryRadiusKm);
      const chosen = delivering ?? ranked[0];
      if (!chosen) throw new CommerceError('GROCER_UNAVAILABLE', 'The grocer has no branches.');
      if (!delivering && chosen.distanceKm > this.#maxPickupDistanceKm) {
        throw new CommerceError(
          'OUT_OF_SERVICE_AREA',
          `No branch serves this place: the nearest is ${Math.round(chosen.distanceKm)} km away, more than ${this.#maxPickupDistanceKm} km.`,
          {
            field: 'input',
            details: { nearestKm: Math.round(chosen.distanceKm) },
          },
        );
      }
      return { branch: chosen.branch, distanceKm: roundKm(chosen.distanceKm) };
    }
    if (postcode !== null && postcode !== undefined) {
      if (!/^[0-9]{5}$/.test(postcode))
        throw new CommerceError('INVALID_INPUT', 'A Thai postcode is five digits.', { field: 'input.postcode' });
      const branches = await this.list();
      const centre = await this.#postcodes.centreOf(postcode);
      const from = (branch: Branch) => (centre ? haversineKm(centre.lat, centre.lon, branch.lat, branch.lon) : null);
      const delivering = branches.filter(
        (b) => b.deliveryAvailable && (b.postcode === postcode || b.deliveryPostcodes.includes(postcode)),
      );
      const serving = centre
        ? delivering.sort((a, b) => from(a)! - from(b)!)[0]
        : (delivering.find((b) => b.postcode === postcode) ?? delivering[0]);
      const chosen = serving ?? branches.find((b) => b.postcode === postcode);
      if (!chosen)
        throw new CommerceError('DELIVERY_UNAVAILABLE', `No branch serves postcode ${postcode}.`, {
          field: 'input.postcode',
        });
      const distanceKm = from(chosen);
      return { branch: chosen, distanceKm: distanceKm === null ? null : roundKm(distanceKm) };
    }
    throw new CommerceError('INVALID_INPUT', 'Give coordinates (lat and lon) or a postcode.', { field: 'input' });
  }
}
