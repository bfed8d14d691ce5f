import type { ShopPublicConfig } from '../../src/shop-config.ts';

export type { ShopPublicConfig };

function isConfig(value: unknown): value is ShopPublicConfig {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    ['graphqlUrl', 'partnerKey', 'clientId', 'idpEndpoint', 'shopUrl'].every((key) => typeof v[key] === 'string') &&
    typeof v.sandbox === 'boolean'
  );
}

let loaded: ShopPublicConfig | null = null;

/** Reads `/shop/config.json` once, at start. */
export async function loadShopConfig(): Promise<ShopPublicConfig> {
  const response = await fetch('/shop/config.json', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  const body: unknown = await response.json();
  if (!isConfig(body)) throw new Error('config.json is not a shop config');
  loaded = body;
  return body;
}

/** The config read at start (the app renders only after it is loaded). */
export function shopConfig(): ShopPublicConfig {
  if (!loaded) throw new Error('The shop config is not loaded yet.');
  return loaded;
}
