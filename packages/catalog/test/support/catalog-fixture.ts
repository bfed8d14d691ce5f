import type { PartnerContext, PartnerKeyVerifier } from '@grocery/core';
import type { HttpRequest, HttpResponse } from '@grocery/core/http';
import { ManualClock } from '@grocery/core/testing';
import { createGrocerSimulator, type GrocerSimulator } from '@grocery/grocer';
import { createCatalogHandler } from '../../src/catalog-handler.ts';
import { CatalogSnapshots } from '../../src/catalog-snapshots.ts';

export const PARTNER_KEY = 'pk_test_catalog_fixture_key';
export const PUBLIC_BASE_URL = 'https://api.example.test';
export const DOWNLOAD_SECRET = 'catalog-test-download-secret';

const partner: PartnerContext = {
  partnerId: 'partner-1',
  partnerName: 'Fixture partner',
  orderSource: 'FIXTURE',
  environment: 'sandbox',
  keyPrefix: 'pk_test_cat',
  clientIds: [],
  live: false,
};

/** Accepts exactly PARTNER_KEY, as the real verifier accepts exactly the keys it issued. */
export const verifyPartnerKey: PartnerKeyVerifier = async (key) => (key === PARTNER_KEY ? partner : null);

export interface CatalogFixture {
  clock: ManualClock;
  grocer: GrocerSimulator;
  snapshots: CatalogSnapshots;
  handle: (request: HttpRequest) => Promise<HttpResponse>;
  /** GET `pathWithQuery` with the partner key (unless `headers` says otherwise). */
  get: (pathWithQuery: string, headers?: Record<string, string | undefined>) => Promise<HttpResponse>;
  close: () => Promise<void>;
}

/** The real grocer simulator (small catalog), a snapshot manager without a database, and the handler. */
export async function openCatalogFixture(productCount = 3000): Promise<CatalogFixture> {
  const clock = new ManualClock();
  const grocer = createGrocerSimulator({ productCount, clock, log: () => {} });
  const snapshots = new CatalogSnapshots({ grocer, publicBaseUrl: PUBLIC_BASE_URL, clock });
  const outcome = await snapshots.refresh();
  if (outcome.action !== 'built') throw new Error(`first refresh did not build: ${JSON.stringify(outcome)}`);
  const handle = createCatalogHandler({
    snapshots,
    verifyPartnerKey,
    publicBaseUrl: PUBLIC_BASE_URL,
    downloadSecret: DOWNLOAD_SECRET,
    clock,
  });
  const get = (
    pathWithQuery: string,
    headers: Record<string, string | undefined> = { 'x-partner-key': PARTNER_KEY },
  ) => {
    const url = new URL(pathWithQuery, 'http://handler.test');
    return handle({ method: 'GET', path: url.pathname, query: url.searchParams, headers, body: new Uint8Array() });
  };
  return {
    clock,
    grocer,
    snapshots,
    handle,
    get,
    close: async () => {
      await snapshots.stop();
      await grocer.close();
    },
  };
}
