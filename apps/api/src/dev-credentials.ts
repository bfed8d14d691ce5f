import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Commerce } from '@grocery/core';
import type { ApiConfig } from './config.ts';

/** What `dev-credentials.json` holds: everything a developer needs for a first request. */
export interface DevCredentials {
  baseUrl: string;
  searchUrl: string;
  shopUrl: string;
  idpUrl: string;
  partnerId: string;
  partnerKey: string;
  /** Null with an external identity provider until a client is registered for the partner. */
  clientId: string | null;
  adminToken: string;
}

/**
 * Outside production: a sandbox partner for the demo shop and first requests, created on first
 * start and kept in dev-credentials.json (its key is stored hashed, so the file is where it lives).
 */
export async function ensureDevPartner(
  commerce: Commerce,
  urls: { config: ApiConfig; publicBaseUrl: string; searchUrl: string; shopUrl: string; idpUrl: string },
): Promise<DevCredentials> {
  const file = join(urls.config.dataDir, 'dev-credentials.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as DevCredentials;
    if (await commerce.partners.verifyKey(saved.partnerKey)) {
      const current = {
        ...saved,
        baseUrl: urls.publicBaseUrl,
        searchUrl: urls.searchUrl,
        shopUrl: urls.shopUrl,
        idpUrl: urls.idpUrl,
        adminToken: urls.config.adminToken,
      };
      writeFileSync(file, `${JSON.stringify(current, null, 2)}\n`, { mode: 0o600 });
      return current;
    }
  }
  const created = await commerce.partners.createPartner({
    name: 'Demo Shop',
    environment: 'sandbox',
    redirectUris: [`${urls.shopUrl}/shop`],
  });
  const credentials: DevCredentials = {
    baseUrl: urls.publicBaseUrl,
    searchUrl: urls.searchUrl,
    shopUrl: urls.shopUrl,
    idpUrl: urls.idpUrl,
    partnerId: created.partner.partnerId,
    partnerKey: created.partnerKey,
    clientId: created.clientId,
    adminToken: urls.config.adminToken,
  };
  mkdirSync(urls.config.dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  return credentials;
}
