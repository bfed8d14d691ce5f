import { decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import { CommerceError } from '../errors.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdentityVerifier, VerifiedShopper } from '../ports/identity-verifier.ts';
import { createJwksResolver } from './jwks-resolver.ts';

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
  const limits = {
    maxSkew: options.maxIssuedAtSkewSeconds ?? 300,
    maxLifetime: options.maxLifetimeSeconds ?? 3600,
  };
  const resolver = createJwksResolver({
    issuer,
    jwksUri: options.jwksUri,
    clock,
    timeoutMs: options.timeoutMs ?? 5_000,
    cooldownMs: options.jwksCooldownMs ?? 30_000,
    cacheMaxAgeMs: options.jwksCacheMaxAgeMs ?? 600_000,
    fetch: options.fetch ?? fetch,
  });

  return {
    async verify(idToken: string, allowedClientIds: readonly string[]): Promise<VerifiedShopper> {
      checkHeader(idToken);
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
      return shopperOf(payload, allowedClientIds, clock.now() / 1000, limits);
    },
  };
}

/** Refuses, before any key is fetched, a token that is not a compact RS256 JWS naming a sane `kid` and no key of its own. */
function checkHeader(idToken: string): void {
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
}

/** The shopper of a verified payload, after the checks jose does not make (issued-at skew, lifetime, token use, audience, subject). */
function shopperOf(
  payload: JWTPayload,
  allowedClientIds: readonly string[],
  nowSeconds: number,
  limits: { maxSkew: number; maxLifetime: number },
): VerifiedShopper {
  // jose checks exp and nbf; a token minted for the future or to outlive what the issuer issues is forged or misissued.
  const { iat, exp } = payload as { iat: number; exp: number };
  if (iat > nowSeconds + limits.maxSkew) throw rejection(`iat ${iat} is more than ${limits.maxSkew} s ahead`);
  if (exp - iat > limits.maxLifetime) throw rejection(`lifetime ${exp - iat} s is longer than ${limits.maxLifetime} s`);
  if (payload.token_use !== 'id') throw rejection(`token_use ${String(payload.token_use)}`);
  const aud = Array.isArray(payload.aud) && payload.aud.length === 1 ? payload.aud[0] : payload.aud;
  if (typeof aud !== 'string' || !allowedClientIds.includes(aud))
    throw rejection('aud is not an app client of this partner');
  const sub = payload.sub;
  if (typeof sub !== 'string' || sub.length === 0 || sub.length > 255 || /[\u0000-\u001f\u007f]/.test(sub))
    throw rejection('missing or malformed sub');
  return { ownerId: sub, email: typeof payload.email === 'string' ? payload.email : null, clientId: aud };
}
