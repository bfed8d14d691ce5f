import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { haversineKm } from '@grocery/core';
import { BRANCH_SITES } from '@grocery/grocer';
import { thaiPostcodeDirectory } from '@grocery/postcodes';
import { THAI_POSTCODE_CENTROIDS } from '../src/generated/thai-postcode-centroids.ts';

describe('thaiPostcodeDirectory', () => {
  it('holds five-digit postcodes, each once and in order, with centres inside Thailand', () => {
    assert.ok(THAI_POSTCODE_CENTROIDS.length > 900, String(THAI_POSTCODE_CENTROIDS.length));
    const codes = THAI_POSTCODE_CENTROIDS.map(([postcode]) => postcode);
    assert.deepEqual(codes, [...new Set(codes)].sort());
    for (const [postcode, lat, lon] of THAI_POSTCODE_CENTROIDS) {
      assert.match(postcode, /^[1-9]\d{4}$/);
      // Thailand lies between 5.6° and 20.5° north, 97.3° and 105.7° east.
      assert.ok(lat > 5.6 && lat < 20.5 && lon > 97.3 && lon < 105.7, `${postcode} at ${lat}, ${lon}`);
    }
  });

  it('answers the centre of a known postcode and null for any other string', async () => {
    assert.deepEqual(await thaiPostcodeDirectory.centreOf('10330'), { lat: 13.741, lon: 100.532 });
    for (const unknown of ['00000', '99999', '1033', '103300', '', ' 10330'])
      assert.equal(await thaiPostcodeDirectory.centreOf(unknown), null, unknown);
  });

  it("puts every branch of the grocer simulator within 25 km of its own postcode's centre", async () => {
    for (const site of BRANCH_SITES) {
      const centre = await thaiPostcodeDirectory.centreOf(site.postcode);
      assert.ok(centre, `${site.code}: postcode ${site.postcode} unknown`);
      const km = haversineKm(site.lat, site.lon, centre.lat, centre.lon);
      assert.ok(km < 25, `${site.code} is ${km.toFixed(1)} km from the centre of ${site.postcode}`);
    }
  });
});
