import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import type { Clock } from '../ports/clock.ts';

export interface JwksResolverOptions {
  /** The OIDC issuer, exactly as in the tokens' `iss`. */
  issuer: string;
  /** The JWKS URL; discovered when absent. */
  jwksUri: string | undefined;
  clock: Clock;
  /** Timeout of discovery and JWKS requests, in ms. */
  timeoutMs: number;
  /** Least time between two JWKS fetches caused by an unknown `kid`, in ms. */
  cooldownMs: number;
  /** How long fetched keys are trusted before a refetch, in ms. */
  cacheMaxAgeMs: number;
  /** For discovery. */
  fetch: typeof fetch;
}

const REDISCOVER_MS = 60_000;

/**
 * The issuer's signing keys for `jwtVerify`: a cached remote JWKS at `jwksUri`, else at the
 * `jwks_uri` of `<issuer>/.well-known/openid-configuration`, else at Cognito's fixed
 * `<issuer>/.well-known/jwks.json`. Discovery failing falls back to that path and is tried again a minute later.
 */
export function createJwksResolver(options: JwksResolverOptions): () => Promise<JWTVerifyGetKey> {
  const { issuer, clock } = options;
  const remote = (url: string): JWTVerifyGetKey =>
    createRemoteJWKSet(new URL(url), {
      cooldownDuration: options.cooldownMs,
      cacheMaxAge: options.cacheMaxAgeMs,
      timeoutDuration: options.timeoutMs,
    });

  let keys: { resolver: JWTVerifyGetKey; discovered: boolean; at: number } | undefined =
    options.jwksUri === undefined ? undefined : { resolver: remote(options.jwksUri), discovered: true, at: 0 };

  return async () => {
    if (keys && (keys.discovered || clock.now() - keys.at < REDISCOVER_MS)) return keys.resolver;
    const found = await discoverJwksUri(issuer, options.fetch, options.timeoutMs);
    keys = found
      ? { resolver: remote(found), discovered: true, at: clock.now() }
      : { resolver: remote(`${issuer.replace(/\/+$/, '')}/.well-known/jwks.json`), discovered: false, at: clock.now() };
    return keys.resolver;
  };
}

/** The issuer's `jwks_uri` by OIDC discovery; null when discovery fails or names another issuer. */
async function discoverJwksUri(issuer: string, doFetch: typeof fetch, timeoutMs: number): Promise<string | null> {
  try {
    const response = await doFetch(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
      redirect: 'error',
    });
    if (!response.ok) return null;
    const document = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
    if (document.issuer !== issuer || typeof document.jwks_uri !== 'string') return null;
    const url = new URL(document.jwks_uri);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
