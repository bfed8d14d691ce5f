/**
 * The grocer's branches as core `Branch` records, plus what the simulator alone knows about each
 * (format, price level), with delivery postcodes derived from the delivery radius.
 */
import type { Branch } from '@grocery/core';
import { haversineKm } from '@grocery/core';
import {
  BRANCH_SITES,
  POSTCODE_CENTROIDS,
  type BranchFormat,
  type BranchRegion,
  type BranchSite,
} from './vocabulary/branch-sites.ts';

/** A branch and the simulator's private facts about it. */
export interface BranchProfile {
  branch: Branch;
  /** Position in the directory; keys the seeded hash streams of the branch. */
  ordinal: number;
  format: BranchFormat;
  region: BranchRegion;
  tourist: boolean;
  /** Multiplier on the chain list price: tourist and premium branches are dearer. */
  priceFactor: number;
}

function priceFactorOf(site: BranchSite): number {
  let factor = site.format === 'FLAGSHIP' ? 1.04 : site.format === 'EXPRESS' ? 1.03 : 1;
  if (site.tourist) factor += site.code === 'HKT02' || site.code === 'USM01' ? 0.1 : 0.06;
  return Math.round(factor * 100) / 100;
}

/** Builds the branch directory; every branch delivers to the gazetteer postcodes inside its radius. */
export function buildBranchDirectory(sites: readonly BranchSite[] = BRANCH_SITES): BranchProfile[] {
  return sites.map((site, ordinal) => {
    const deliveryPostcodes = site.deliveryAvailable
      ? [
          ...new Set([
            site.postcode,
            ...POSTCODE_CENTROIDS.filter(
              ([, lat, lon]) => haversineKm(site.lat, site.lon, lat, lon) <= site.deliveryRadiusKm,
            ).map(([code]) => code),
          ]),
        ].sort()
      : [];
    const branch: Branch = {
      branchCode: site.code,
      name: site.name,
      nameTh: site.nameTh,
      alcoholLicensed: site.alcoholLicensed,
      deliveryAvailable: site.deliveryAvailable,
      lat: site.lat,
      lon: site.lon,
      address: site.address,
      province: site.province,
      postcode: site.postcode,
      phone: site.phone,
      deliveryPostcodes,
      deliveryRadiusKm: site.deliveryAvailable ? site.deliveryRadiusKm : 0,
    };
    return {
      branch,
      ordinal,
      format: site.format,
      region: site.region,
      tourist: site.tourist,
      priceFactor: priceFactorOf(site),
    };
  });
}

/** A copy of a branch that a caller may keep and change. */
export function cloneBranch(branch: Branch): Branch {
  return { ...branch, deliveryPostcodes: [...branch.deliveryPostcodes] };
}
