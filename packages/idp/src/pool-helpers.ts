import { randomUUID } from 'node:crypto';
import type { Db } from '@grocery/store';
import { sha256Hex } from '@grocery/core';
import type { Clock } from '@grocery/core/ports';
import type { AppClients } from './app-clients.ts';
import type { AttemptLimiter } from './attempt-limiter.ts';
import { CognitoError, COGNITO_MESSAGES } from './cognito-error.ts';
import { maskEmail } from './email-address.ts';
import { codeMessage, type CodePurpose } from './mail-messages.ts';
import type { Mailer } from './mailer.ts';
import type { OneTimeCodes } from './one-time-codes.ts';
import type { PasswordHasher } from './password-hasher.ts';
import { passwordPolicyViolation, type PasswordPolicy } from './password-policy.ts';
import type { PoolDurations, PoolLimits } from './pool-settings.ts';
import { toTokenUser, type SessionRow, type UserRow } from './pool-rows.ts';
import { newOpaqueToken } from './random-ids.ts';
import type { TokenIssuer } from './token-issuer.ts';

/** Everything the actions need. */
export interface CognitoApiContext {
  db: Db;
  clock: Clock;
  clients: AppClients;
  codes: OneTimeCodes;
  limiter: AttemptLimiter;
  hasher: PasswordHasher;
  tokens: TokenIssuer;
  mailer: Mailer;
  emailOtp: boolean;
  appName: string;
  passwordPolicy: PasswordPolicy;
  durations: PoolDurations;
  limits: PoolLimits;
}

/** The throttle keys of one e-mail address's password sign-ins, one per client IP. */
export const signInPrefix = (address: string) => `signin:${address} `;

/** The pool's building blocks the actions share: lookups, codes, sessions. */
export function poolHelpers(ctx: CognitoApiContext) {
  const lookups = accountLookups(ctx);
  return { ...lookups, ...codeDelivery(ctx), ...poolSessions(ctx, lookups) };
}

export type PoolHelpers = ReturnType<typeof poolHelpers>;

/** Finding the app client and the user an action names, and checking a new password. */
function accountLookups(ctx: CognitoApiContext) {
  const { db } = ctx;
  return {
    requireClient: async (id: string) => {
      const client = await ctx.clients.find(id);
      if (!client) throw new CognitoError('ResourceNotFoundException', `User pool client ${id} does not exist.`);
      return client;
    },

    findUser: async (email: string | null): Promise<UserRow | null> => {
      if (email === null) return null;
      const { rows } = await db.query<UserRow>('SELECT * FROM idp_users WHERE email = $1', [email]);
      return rows[0] ?? null;
    },

    findUserBySub: async (sub: string): Promise<UserRow | null> => {
      const { rows } = await db.query<UserRow>('SELECT * FROM idp_users WHERE sub = $1', [sub]);
      return rows[0] ?? null;
    },

    checkPassword: (value: string) => {
      const violation = passwordPolicyViolation(value, ctx.passwordPolicy);
      if (violation) throw new CognitoError('InvalidPasswordException', violation);
    },
  };
}

type AccountLookups = ReturnType<typeof accountLookups>;

/** E-mailing six-digit codes: how long each purpose's code lives, how often an address may get one. */
function codeDelivery(ctx: CognitoApiContext) {
  const { limits, durations } = ctx;
  const codeTtl = (purpose: CodePurpose) =>
    purpose === 'SIGN_UP'
      ? durations.signUpCodeMs
      : purpose === 'FORGOT_PASSWORD'
        ? durations.forgotPasswordCodeMs
        : durations.emailOtpMs;

  return {
    deliveryDetails: (email: string) => ({
      Destination: maskEmail(email),
      DeliveryMedium: 'EMAIL',
      AttributeName: 'email',
    }),

    // Counted per address whether or not it is a user, so the limit itself reveals nothing.
    allowSend: async (purpose: CodePurpose, address: string) => {
      if (
        !(await ctx.limiter.consume(`send:${purpose}:${address}`, {
          max: limits.codeSendsPerHour,
          windowMs: 3_600_000,
        }))
      ) {
        throw new CognitoError('LimitExceededException', COGNITO_MESSAGES.limitExceeded);
      }
    },

    sendCode: async (user: UserRow, purpose: CodePurpose, clientId?: string) => {
      const maxAttempts = purpose === 'EMAIL_OTP' ? limits.emailOtpAttempts : limits.codeAttempts;
      const issued = await ctx.codes.issue({
        sub: user.sub,
        purpose,
        ttlMs: codeTtl(purpose),
        maxAttempts,
        ...(clientId ? { clientId } : {}),
      });
      const message = codeMessage(purpose, issued.code, codeTtl(purpose), ctx.appName);
      await ctx.mailer.send({ to: user.email, subject: message.subject, text: message.text });
      return issued;
    },
  };
}

/** Sign-ins as `idp_sessions` rows: starting one with its tokens, revoking them, and the user an access token speaks for. */
function poolSessions(ctx: CognitoApiContext, { findUserBySub }: AccountLookups) {
  const { db, clock, durations } = ctx;
  return {
    startSession: async (user: UserRow, clientId: string) => {
      const originJti = randomUUID();
      const refreshToken = newOpaqueToken();
      const now = clock.now();
      await db.query(
        `INSERT INTO idp_sessions (id, sub, client_id, refresh_token_hash, auth_time, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $5, $6)`,
        [originJti, user.sub, clientId, sha256Hex(refreshToken), now, now + durations.refreshTokenSeconds * 1000],
      );
      const tokens = await ctx.tokens.issue(toTokenUser(user), { originJti, clientId, authTime: now });
      return {
        AuthenticationResult: {
          AccessToken: tokens.accessToken,
          ExpiresIn: tokens.expiresIn,
          TokenType: 'Bearer',
          RefreshToken: refreshToken,
          IdToken: tokens.idToken,
        },
        ChallengeParameters: {},
      };
    },

    revokeAllSessions: async (tx: Db, sub: string) => {
      await tx.query('UPDATE idp_sessions SET revoked_at = $2 WHERE sub = $1 AND revoked_at IS NULL', [
        sub,
        clock.now(),
      ]);
    },

    // An access token is accepted only while the sign-in it descends from is not revoked.
    userOfAccessToken: async (accessToken: string): Promise<UserRow> => {
      const claims = await ctx.tokens.verifyAccessToken(accessToken);
      const { rows } = await db.query<SessionRow>('SELECT * FROM idp_sessions WHERE id = $1', [claims.origin_jti]);
      const session = rows[0];
      if (!session || session.sub !== claims.sub || session.revoked_at !== null) {
        throw new CognitoError('NotAuthorizedException', COGNITO_MESSAGES.revokedAccessToken);
      }
      const user = await findUserBySub(claims.sub);
      if (!user) throw new CognitoError('NotAuthorizedException', COGNITO_MESSAGES.invalidAccessToken);
      return user;
    },
  };
}
