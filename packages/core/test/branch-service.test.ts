import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Branch } from '@grocery/core';
import { InMemoryGrocer, ManualClock, testBranch } from '@grocery/core/testing';
import { BranchService } from '../src/services/branch-service.ts';
import { rejectsWith } from './support/commerce-world.ts';

/** Silom delivers within 5 km; Bang Na (12 km south-east) only takes pickups; Chiang Mai is 580 km away. */
const SILOM = testBranch({
  branchCode: 'SLM',
  lat: 13.7286,
  lon: 100.5341,
  postcode: '10500',
  deliveryPostcodes: ['10500', '10330'],
  deliveryRadiusKm: 5,
  alcoholLicensed: false,
});
const BANGNA = testBranch({
  branchCode: 'BNA',
  lat: 13.668,
  lon: 100.6345,
  postcode: '10260',
  deliveryAvailable: false,
  deliveryPostcodes: [],
});
const CHIANGMAI = testBranch({
  branchCode: 'CNX',
  lat: 18.7883,
  lon: 98.9853,
  postcode: '50200',
  deliveryPostcodes: ['50200'],
});

function world(
  branches: Branch[] = [SILOM, BANGNA, CHIANGMAI],
  options: Partial<ConstructorParameters<typeof BranchService>[0]> = {},
) {
  const clock = new ManualClock();
  const grocer = new InMemoryGrocer({ products: [], branches, clock });
  let calls = 0;
  const read = grocer.branches.bind(grocer);
  grocer.branches = async () => {
    calls += 1;
    return read();
  };
  const service = new BranchService({ grocer, clock, cacheTtlMs: 60_000, ...options });
  return { clock, service, calls: () => calls };
}

describe('BranchService.list', () => {
  it('answers branches by code, from one grocer call however many ask at once, again after the cache time', async () => {
    const { service, clock, calls } = world();
    const all = await Promise.all([service.list(), service.list(), service.list()]);
    assert.deepEqual(
      all[0].map((b) => b.branchCode),
      ['BNA', 'CNX', 'SLM'],
    );
    assert.equal(calls(), 1);
    clock.advance(59_999);
    await service.list();
    assert.equal(calls(), 1);
    clock.advance(1);
    await service.list();
    assert.equal(calls(), 2);
  });
});

describe('BranchService.require and defaultBranch', () => {
  it('finds a branch by code; a malformed or unknown code is INVALID_BRANCH naming the field', async () => {
    const { service } = world();
    assert.equal((await service.require('SLM', 'input.branchCode')).branchCode, 'SLM');
    for (const bad of ['', 'x', 'TOO-LONG-CODE', 'slm;drop', 42, null, { toString: () => 'SLM' }]) {
      await rejectsWith(service.require(bad, 'input.branchCode'), 'INVALID_BRANCH', 'input.branchCode');
    }
    await rejectsWith(service.require('NOPE', 'branchCode'), 'INVALID_BRANCH', 'branchCode');
  });

  it('defaults to the configured branch, else the first that delivers and sells alcohol, else one that delivers', async () => {
    assert.equal(
      (await world([SILOM, BANGNA, CHIANGMAI], { defaultBranchCode: 'BNA' }).service.defaultBranch()).branchCode,
      'BNA',
    );
    assert.equal((await world().service.defaultBranch()).branchCode, 'CNX');
    assert.equal((await world([SILOM, BANGNA]).service.defaultBranch()).branchCode, 'SLM');
    assert.equal((await world([BANGNA]).service.defaultBranch()).branchCode, 'BNA');
    await rejectsWith(world([]).service.defaultBranch(), 'GROCER_UNAVAILABLE');
  });
});

describe('BranchService.resolve', () => {
  it('coordinates: the nearest branch that delivers there, with the distance to it', async () => {
    const { service } = world();
    const near = await service.resolve({ lat: 13.73, lon: 100.53 });
    assert.equal(near.branch.branchCode, 'SLM');
    assert.ok(near.distanceKm !== null && near.distanceKm < 1);
  });

  it('coordinates out of every delivery radius: the nearest branch for pickup, then OUT_OF_SERVICE_AREA past the limit', async () => {
    const { service } = world();
    assert.equal((await service.resolve({ lat: 13.66, lon: 100.64 })).branch.branchCode, 'BNA');
    const far = await rejectsWith(service.resolve({ lat: 7.88, lon: 98.39 }), 'OUT_OF_SERVICE_AREA', 'input');
    assert.ok(Number(far.details?.nearestKm) > 50);
    assert.equal(
      (await world(undefined, { maxPickupDistanceKm: 1_000 }).service.resolve({ lat: 7.88, lon: 98.39 })).branch
        .branchCode,
      'BNA',
    );
  });

  it('postcode: the branch that delivers there, nearest the postcode’s centre when known', async () => {
    assert.equal((await world().service.resolve({ postcode: '10330' })).branch.branchCode, 'SLM');
    const centred = world(undefined, {
      postcodes: { centreOf: async (postcode) => (postcode === '10330' ? { lat: 13.745, lon: 100.534 } : null) },
    });
    const resolved = await centred.service.resolve({ postcode: '10330' });
    assert.equal(resolved.branch.branchCode, 'SLM');
    assert.ok(resolved.distanceKm !== null && resolved.distanceKm > 1 && resolved.distanceKm < 3);
    assert.equal(
      (await world().service.resolve({ postcode: '10260' })).branch.branchCode,
      'BNA',
      'a branch in the postcode for pickup when none delivers',
    );
    await rejectsWith(world().service.resolve({ postcode: '90110' }), 'DELIVERY_UNAVAILABLE', 'input.postcode');
  });

  it('refuses half or impossible coordinates and malformed postcodes with INVALID_INPUT naming the field', async () => {
    const { service, calls } = world();
    await rejectsWith(service.resolve({ lat: 13.7 }), 'INVALID_INPUT', 'input.lon');
    await rejectsWith(service.resolve({ lon: 100.5, lat: null }), 'INVALID_INPUT', 'input.lat');
    for (const lat of [90.0001, -91, Number.NaN, Number.POSITIVE_INFINITY])
      await rejectsWith(service.resolve({ lat, lon: 100 }), 'INVALID_INPUT', 'input.lat');
    for (const lon of [180.5, Number.NEGATIVE_INFINITY])
      await rejectsWith(service.resolve({ lat: 13, lon }), 'INVALID_INPUT', 'input.lon');
    for (const postcode of ['', '1050', '105000', '1050O', '10500\n', '１０５００'])
      await rejectsWith(service.resolve({ postcode }), 'INVALID_INPUT', 'input.postcode');
    await rejectsWith(service.resolve({}), 'INVALID_INPUT', 'input');
    assert.equal(calls(), 0, 'bad input is refused before the grocer is asked');
  });
});
