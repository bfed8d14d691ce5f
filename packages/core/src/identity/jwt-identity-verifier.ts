import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { CommerceError } from '../errors.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdentityVerifier, VerifiedShopper } from '../ports/identity-verifier.ts';

export interface JwtIdentityVerifierOptions {
  /** The OIDC issuer, exactly as in the tokens' `iss` (e.g. `http://127.0.0.1:4000/idp` or a Cognito pool URL). */
  issuer: string;
  /** The JWKS URL; when absent it is discovered from `<issuer>/.well-known/openid-configuration`, else `<issuer>/.well-known/jwks.json`. */
  jwksUri?: string | undefined;
  clock?: Clock | undefined;
  /** Leeway for `exp` and `nbf`, in seconds. Default 5. */
  clockToleranceSeconds?: number | undefined;
  /** How far in the future `iat` may be (the issuer's clock ahead of ours), in seconds. Default 300. */
  maxIssuedAtSkewSeconds?: number | undefined;
  /** Longest lifetime (`exp - iat`) accepted: what the issuer issues. Default 3600, the id token of Cognito and of the embedded pool. */
  maxLifetimeSeconds?: number | undefined;
  /** Least time between two JWKS fetches caused by an unknown `kid`, in ms. Default 30 s. */
  jwksCooldownMs?: number | undefined;
  /** How long fetched keys are trusted before a refetch, in ms. Default 10 min. */
  jwksCacheMaxAgeMs?: number | undefined;
  /** Timeout of discovery and JWKS requests, in ms. Default 5 s. */
  timeoutMs?: number | undefined;
  /** For discovery; defaults to the global fetch. */
  fetch?: typeof fetch | undefined;
}

/** The message of every rejection: it tells the caller nothing about why (the reason is in `cause`). */
export const ID_TOKEN_NOT_ACCEPTED = 'The shopper id token is missing, invalid or expired.';

const MAX_TOKEN_LENGTH = 16_384;
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
// A kid is base64url, or padded standard base64 as Cognito publishes: no dots, quotes, spaces, backslashes or a leading slash.
const KID_BASE64URL = /^[A-Za-z0-9_-]{1,128}$/;
const KID_BASE64 = /^(?!\/)(?=.{4,128}$)(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
// Headers that would let a token name its own key; never honoured, so refused outright.
const FORBIDDEN_HEADERS = ['jwk', 'jku', 'x5u', 'x5c', 'crit'] as const;
const REDISCOVER_MS = 60_000;

/** True when `kid` is safe to look up (base64 or base64url, at most 128 characters). */
export function isSaneKid(kid: unknown): kid is string {
  return typeof kid === 'string' && (KID_BASE64URL.test(kid) || KID_BASE64.test(kid));
}

function rejection(reason: string, cause?: unknown): CommerceError {
  return new CommerceError('UNAUTHENTICATED', ID_TOKEN_NOT_ACCEPTED, {
    cause: new Error(`id token rejected: ${reason}`, cause === undefined ? undefined : { cause }),
  });
}

/**
 * The `IdentityVerifier` for RS256 id tokens of one OIDC issuer (the embedded pool or AWS Cognito),
 * with a cached remote JWKS that is refetched at most once per cooldown when an unknown `kid` appears.
 *
 * @example
 * const verifier = createJwtIdentityVerifier({ issuer: 'http://127.0.0.1:4000/idp' });
 * const { ownerId } = await verifier.verify(idToken, partner.clientIds);
 */
export function createJwtIdentityVerifier(options: JwtIdentityVerifierOptions): IdentityVerifier {
  const issuer = options.issuer;
  const clock = options.clock ?? { now: () => Date.now() };
  const tolerance = options.clockToleranceSeconds ?? 5;
  const maxSkew = options.maxIssuedAtSkewSeconds ?? 300;
  const maxLifetime = options.maxLifetimeSeconds ?? 3600;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const doFetch = options.fetch ?? fetch;
  const remote = (url: string): JWTVerifyGetKey =>
    createRemoteJWKSet(new URL(url), {
      cooldownDuration: options.jwksCooldownMs ?? 30_000,
      cacheMaxAge: options.jwksCacheMaxAgeMs ?? 600_000,
      timeoutDuration: timeoutMs,
    });

  let keys: { resolver: JWTVerifyGetKey; discovered: boolean; at: number } | undefined =
    options.jwksUri === undefined ? undefined : { resolver: remote(options.jwksUri), discovered: true, at: 0 };

  async function discover(): Promise<string | null> {
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

  // Discovery failing falls back to Cognito's fixed path, and is tried again a minute later.
  async function resolver(): Promise<JWTVerifyGetKey> {
    if (keys && (keys.discovered || clock.now() - keys.at < REDISCOVER_MS)) return keys.resolver;
    const found = await discover();
    keys = found
      ? { resolver: remote(found), discovered: true, at: clock.now() }
      : { resolver: remote(`${issuer.replace(/\/+$/, '')}/.well-known/jwks.json`), discovered: false, at: clock.now() };
    return keys.resolver;
  }

  return {
    async verify(idToken: string, allowedClientIds: readonly string[]): Promise<VerifiedShopper> {
      if (typeof idToken !== 'string' || idToken.length > MAX_TOKEN_LENGTH || !COMPACT_JWS.test(idToken))
        throw rejection('not a signed compact JWT');
      let header: ReturnType<typeof decodeProtectedHeader>;
      try {
        header = decodeProtectedHeader(idToken);
      } catch (error) {
        throw rejection('unreadable header', error);
      }
      if (header.alg !== 'RS256') throw rejection(`alg ${String(header.alg)} not allowed`);
      const forbidden = FORBIDDEN_HEADERS.find((name) => name in header);
      if (forbidden) throw rejection(`header ${forbidden} not allowed`);
      if (!isSaneKid(header.kid)) throw rejection('missing or malformed kid');
      if (allowedClientIds.length === 0) throw rejection('no app client is allowed for this caller');

      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(idToken, await resolver(), {
          issuer,
          algorithms: ['RS256'],
          clockTolerance: tolerance,
          currentDate: new Date(clock.now()),
          requiredClaims: ['sub', 'exp', 'iat', 'aud'],
        }));
      } catch (error) {
        const code =
          typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'verification failed';
        throw rejection(code, error);
      }
      // jose checks exp and nbf; a token minted for the future or to outlive what the issuer issues is forged or misissued.
      const { iat, exp } = payload as { iat: number; exp: number };
      if (iat > clock.now() / 1000 + maxSkew) throw rejection(`iat ${iat} is more than ${maxSkew} s ahead`);
      if (exp - iat > maxLifetime) throw rejection(`lifetime ${exp - iat} s is longer than ${maxLifetime} s`);
      if (payload.token_use !== 'id') throw rejection(`token_use ${String(payload.token_use)}`);
      const aud = Array.isArray(payload.aud) && payload.aud.length === 1 ? payload.aud[0] : payload.aud;
      if (typeof aud !== 'string' || !allowedClientIds.includes(aud))
        throw rejection('aud is not an app client of this partner');
      const sub = payload.sub;
      if (typeof sub !== 'string' || sub.length === 0 || sub.length > 255 || /[\u0000-\u001f\u007f]/.test(sub))
        throw rejection('missing or malformed sub');
      return { ownerId: sub, email: typeof payload.email === 'string' ? payload.email : null, clientId: aud };
    },
  };
}
