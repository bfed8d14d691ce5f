import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import type { Clock } from '@grocery/core/ports';
import { CognitoError, COGNITO_MESSAGES } from './cognito-error.ts';
import type { SigningKeys } from './signing-keys.ts';

/** Who a token is about. */
export interface TokenUser {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
}

/** One sign-in: the refresh-token session the tokens descend from (`origin_jti`, as Cognito names it). */
export interface TokenSession {
  originJti: string;
  clientId: string;
  /** Unix milliseconds of the sign-in that started the session. */
  authTime: number;
}

/** The claims of one of the pool's access tokens that were checked. */
export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  client_id: string;
  origin_jti: string;
  token_use: 'access';
}

/** The scope Cognito gives tokens from its user-pool API: the user may call GetUser and GlobalSignOut. */
export const ACCESS_TOKEN_SCOPE = 'aws.cognito.signin.user.admin';

/** Signs the pool's RS256 id and access tokens and checks its own access tokens. */
export interface TokenIssuer {
  issue(user: TokenUser, session: TokenSession): Promise<{ idToken: string; accessToken: string; expiresIn: number }>;
  /** Checks signature, issuer, expiry and `token_use`; revocation is the caller's job. */
  verifyAccessToken(token: string): Promise<AccessTokenClaims>;
}

export function createTokenIssuer(options: {
  issuer: string;
  keys: SigningKeys;
  clock: Clock;
  idTokenTtlSeconds: number;
  accessTokenTtlSeconds: number;
}): TokenIssuer {
  const { issuer, keys, clock } = options;
  return {
    async issue(user, session) {
      const { kid, privateKey } = await keys.current();
      const iat = Math.floor(clock.now() / 1000);
      const authTime = Math.floor(session.authTime / 1000);
      const idToken = await new SignJWT({
        email: user.email,
        email_verified: user.emailVerified,
        ...(user.name === null ? {} : { name: user.name }),
        'cognito:username': user.sub,
        origin_jti: session.originJti,
        token_use: 'id',
        auth_time: authTime,
      })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setSubject(user.sub)
        .setAudience(session.clientId)
        .setIssuer(issuer)
        .setIssuedAt(iat)
        .setExpirationTime(iat + options.idTokenTtlSeconds)
        .setJti(randomUUID())
        .sign(privateKey);
      const accessToken = await new SignJWT({
        client_id: session.clientId,
        origin_jti: session.originJti,
        token_use: 'access',
        scope: ACCESS_TOKEN_SCOPE,
        auth_time: authTime,
        username: user.sub,
      })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setSubject(user.sub)
        .setIssuer(issuer)
        .setIssuedAt(iat)
        .setExpirationTime(iat + options.accessTokenTtlSeconds)
        .setJti(randomUUID())
        .sign(privateKey);
      return { idToken, accessToken, expiresIn: options.accessTokenTtlSeconds };
    },

    async verifyAccessToken(token) {
      try {
        const { payload } = await jwtVerify(token, await keys.verificationKeys(), {
          issuer,
          algorithms: ['RS256'],
          currentDate: new Date(clock.now()),
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        if (
          payload.token_use !== 'access' ||
          typeof payload.client_id !== 'string' ||
          typeof payload.origin_jti !== 'string'
        ) {
          throw new Error('not an access token');
        }
        return payload as AccessTokenClaims;
      } catch (error) {
        throw new CognitoError('NotAuthorizedException', COGNITO_MESSAGES.invalidAccessToken, { cause: error });
      }
    },
  };
}
