import { sha256Hex } from '@grocery/core';
import type { ActionHandlers, CognitoCaller } from './cognito-actions.ts';
import { CognitoError, COGNITO_MESSAGES } from './cognito-error.ts';
import { maskEmail, normalizeEmail } from './email-address.ts';
import { signInPrefix, type CognitoApiContext, type PoolHelpers } from './pool-helpers.ts';
import { toTokenUser, type SessionRow } from './pool-rows.ts';

/** Signing in: a password (then an e-mailed code when the pool asks for one) or a refresh token. */
export function signInActions(
  ctx: CognitoApiContext,
  h: PoolHelpers,
): Pick<ActionHandlers, 'InitiateAuth' | 'RespondToAuthChallenge'> {
  const { requireClient, findUserBySub, startSession } = h;
  return {
    async InitiateAuth(input, caller) {
      await requireClient(input.ClientId);
      const params = input.AuthParameters ?? {};
      if (input.AuthFlow === 'REFRESH_TOKEN_AUTH' || input.AuthFlow === 'REFRESH_TOKEN')
        return refreshTokenAuth(ctx, h, input.ClientId, params);
      if (input.AuthFlow !== 'USER_PASSWORD_AUTH') {
        throw new CognitoError(
          'InvalidParameterException',
          `Auth flow ${input.AuthFlow.slice(0, 64)} is not enabled for this client; use USER_PASSWORD_AUTH or REFRESH_TOKEN_AUTH.`,
        );
      }
      return passwordAuth(ctx, h, input.ClientId, params, caller);
    },

    async RespondToAuthChallenge(input) {
      await requireClient(input.ClientId);
      if (input.ChallengeName !== 'EMAIL_OTP') {
        throw new CognitoError(
          'InvalidParameterException',
          `Challenge ${input.ChallengeName.slice(0, 64)} is not supported; this pool only sends EMAIL_OTP.`,
        );
      }
      const responses = input.ChallengeResponses ?? {};
      if (!input.Session) throw new CognitoError('InvalidParameterException', 'Missing required parameter Session');
      if (!responses.USERNAME)
        throw new CognitoError('InvalidParameterException', 'Missing required parameter USERNAME');
      if (!responses.EMAIL_OTP_CODE)
        throw new CognitoError('InvalidParameterException', 'Missing required parameter EMAIL_OTP_CODE');
      const { sub } = await ctx.codes.redeemSession({
        session: input.Session,
        clientId: input.ClientId,
        username: responses.USERNAME,
        code: responses.EMAIL_OTP_CODE,
      });
      const user = await findUserBySub(sub);
      if (!user || user.status !== 'CONFIRMED')
        throw new CognitoError('NotAuthorizedException', COGNITO_MESSAGES.invalidSession);
      return startSession(user, input.ClientId);
    },
  };
}

/** REFRESH_TOKEN_AUTH: new access and id tokens for a live, unrevoked session of this client. */
async function refreshTokenAuth(
  ctx: CognitoApiContext,
  h: PoolHelpers,
  clientId: string,
  params: Record<string, string>,
): Promise<object> {
  const { db, clock } = ctx;
  const refreshToken = params.REFRESH_TOKEN;
  if (!refreshToken) throw new CognitoError('InvalidParameterException', 'Missing required parameter REFRESH_TOKEN');
  const { rows } = await db.query<SessionRow>('SELECT * FROM idp_sessions WHERE refresh_token_hash = $1', [
    sha256Hex(refreshToken),
  ]);
  const session = rows[0];
  if (!session || session.client_id !== clientId || session.expires_at <= clock.now()) {
    throw new CognitoError('NotAuthorizedException', COGNITO_MESSAGES.invalidRefreshToken);
  }
  if (session.revoked_at !== null)
    throw new CognitoError('NotAuthorizedException', COGNITO_MESSAGES.revokedRefreshToken);
  const user = await h.findUserBySub(session.sub);
  if (!user || user.status !== 'CONFIRMED')
    throw new CognitoError('NotAuthorizedException', COGNITO_MESSAGES.invalidRefreshToken);
  const tokens = await ctx.tokens.issue(toTokenUser(user), {
    originJti: session.id,
    clientId: session.client_id,
    authTime: session.auth_time,
  });
  return {
    AuthenticationResult: {
      AccessToken: tokens.accessToken,
      ExpiresIn: tokens.expiresIn,
      TokenType: 'Bearer',
      IdToken: tokens.idToken,
    },
    ChallengeParameters: {},
  };
}

/** USER_PASSWORD_AUTH: tokens, or the EMAIL_OTP challenge when the pool sends codes; failures slow the caller down. */
async function passwordAuth(
  ctx: CognitoApiContext,
  h: PoolHelpers,
  clientId: string,
  params: Record<string, string>,
  caller: CognitoCaller,
): Promise<object> {
  const { limits } = ctx;
  if (!params.USERNAME) throw new CognitoError('InvalidParameterException', 'Missing required parameter USERNAME');
  if (!params.PASSWORD) throw new CognitoError('InvalidParameterException', 'Missing required parameter PASSWORD');
  const email = normalizeEmail(params.USERNAME);
  // Per (address, client IP): wrong passwords from one place slow that place down, never the shopper elsewhere.
  const throttleKey = `${signInPrefix(email ?? params.USERNAME.toLowerCase().slice(0, 256))}${caller.clientAddress ?? 'unknown'}`;
  if ((await ctx.limiter.waitMs(throttleKey)) > 0)
    throw new CognitoError('NotAuthorizedException', COGNITO_MESSAGES.passwordAttemptsExceeded);
  const user = await h.findUser(email);
  const ok = user
    ? await ctx.hasher.verify(params.PASSWORD, user.password_hash)
    : await ctx.hasher.verifyDummy(params.PASSWORD);
  if (!user || !ok) {
    await ctx.limiter.fail(throttleKey, {
      free: limits.passwordFreeFailures,
      forgetAfterMs: limits.passwordFailureMemoryMs,
      firstDelayMs: limits.passwordFirstDelayMs,
      maxDelayMs: limits.passwordMaxDelayMs,
    });
    throw new CognitoError('NotAuthorizedException', COGNITO_MESSAGES.incorrectCredentials);
  }
  if (user.status !== 'CONFIRMED')
    throw new CognitoError('UserNotConfirmedException', COGNITO_MESSAGES.userNotConfirmed);
  await ctx.limiter.reset(throttleKey);
  if (!ctx.emailOtp) return h.startSession(user, clientId);
  await h.allowSend('EMAIL_OTP', user.email);
  const { session } = await h.sendCode(user, 'EMAIL_OTP', clientId);
  return {
    ChallengeName: 'EMAIL_OTP',
    Session: session,
    ChallengeParameters: {
      CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL',
      CODE_DELIVERY_DESTINATION: maskEmail(user.email),
      USER_ID_FOR_SRP: user.sub,
    },
  };
}
