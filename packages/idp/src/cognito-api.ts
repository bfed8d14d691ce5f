import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { onlyRow, type Db } from '@grocery/store';
import { sha256Hex } from '@grocery/core';
import type { Clock } from '@grocery/core/ports';
import type { AppClients } from './app-clients.ts';
import type { AttemptLimiter } from './attempt-limiter.ts';
import { CognitoError, COGNITO_MESSAGES } from './cognito-error.ts';
import { codeMessage, type CodePurpose } from './mail-messages.ts';
import type { Mailer } from './mailer.ts';
import type { OneTimeCodes } from './one-time-codes.ts';
import type { PasswordHasher } from './password-hasher.ts';
import { MAXIMUM_PASSWORD_LENGTH, passwordPolicyViolation, type PasswordPolicy } from './password-policy.ts';
import type { PoolDurations, PoolLimits } from './pool-settings.ts';
import { newOpaqueToken } from './random-ids.ts';
import type { TokenIssuer, TokenUser } from './token-issuer.ts';

/** The Cognito user-pool actions this pool serves (`X-Amz-Target: AWSCognitoIdentityProviderService.<action>`). */
export const COGNITO_ACTIONS = [
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'InitiateAuth',
  'RespondToAuthChallenge',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'GetUser',
  'GlobalSignOut',
  'RevokeToken',
] as const;

export type CognitoAction = (typeof COGNITO_ACTIONS)[number];

export function isCognitoAction(value: string): value is CognitoAction {
  return (COGNITO_ACTIONS as readonly string[]).includes(value);
}

/** Who is calling, as the HTTP request tells. */
export interface CognitoCaller {
  /** The client's IP address: password failures are throttled per (address, client IP). */
  clientAddress?: string | undefined;
}

/** The throttle keys of one e-mail address's password sign-ins, one per client IP. */
const signInPrefix = (address: string) => `signin:${address} `;

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

// Field shapes follow Cognito's API reference (lengths and patterns).
const clientId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[\w+]+$/, 'Member must satisfy regular expression pattern: [\\w+]+');
const username = z.string().min(1).max(128);
const password = z.string().min(1).max(MAXIMUM_PASSWORD_LENGTH);
const confirmationCode = z.string().min(1).max(2048);
const token = z.string().min(1).max(16_384);
const stringMap = z.record(z.string().max(128), z.string().max(16_384));

const SCHEMAS = {
  SignUp: z.object({
    ClientId: clientId,
    Username: username,
    Password: password,
    UserAttributes: z
      .array(z.object({ Name: z.string().min(1).max(32), Value: z.string().max(2048).optional() }))
      .max(50)
      .optional(),
  }),
  ConfirmSignUp: z.object({ ClientId: clientId, Username: username, ConfirmationCode: confirmationCode }),
  ResendConfirmationCode: z.object({ ClientId: clientId, Username: username }),
  InitiateAuth: z.object({
    ClientId: clientId,
    AuthFlow: z.string().min(1).max(64),
    AuthParameters: stringMap.optional(),
  }),
  RespondToAuthChallenge: z.object({
    ClientId: clientId,
    ChallengeName: z.string().min(1).max(64),
    Session: z.string().min(20).max(2048).optional(),
    ChallengeResponses: stringMap.optional(),
  }),
  ForgotPassword: z.object({ ClientId: clientId, Username: username }),
  ConfirmForgotPassword: z.object({
    ClientId: clientId,
    Username: username,
    ConfirmationCode: confirmationCode,
    Password: password,
  }),
  GetUser: z.object({ AccessToken: token }),
  GlobalSignOut: z.object({ AccessToken: token }),
  RevokeToken: z.object({ ClientId: clientId, Token: token }),
} satisfies Record<CognitoAction, z.ZodType>;

type Input<A extends CognitoAction> = z.infer<(typeof SCHEMAS)[A]>;

const emailSchema = z.email();

/** The canonical form of an e-mail username (lower case), or null when it is not an address we accept. */
export function normalizeEmail(value: string): string | null {
  const lower = value.toLowerCase();
  const at = lower.lastIndexOf('@');
  if (lower.length > 254 || at < 1 || at > 64 || !emailSchema.safeParse(lower).success) return null;
  return lower;
}

/** Cognito's masked destination: `a***@e***`. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return `${email.slice(0, 1)}***`;
  return `${email.slice(0, 1)}***@${email.slice(at + 1, at + 2)}***`;
}

interface UserRow {
  sub: string;
  email: string;
  name: string | null;
  password_hash: string;
  status: 'UNCONFIRMED' | 'CONFIRMED';
  email_verified: boolean;
  updated_at: number;
}

interface SessionRow {
  id: string;
  sub: string;
  client_id: string;
  auth_time: number;
  expires_at: number;
  revoked_at: number | null;
}

const toTokenUser = (row: UserRow): TokenUser => ({
  sub: row.sub,
  email: row.email,
  emailVerified: row.email_verified,
  name: row.name,
});

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/**
 * The Cognito user-pool JSON API as functions: `call(action, body)` validates the body and answers
 * the response object, or throws `CognitoError`.
 */
export function createCognitoApi(ctx: CognitoApiContext): {
  call(action: CognitoAction, body: unknown, caller?: CognitoCaller): Promise<object>;
} {
  const h = poolHelpers(ctx);
  const actions: Actions = {
    ...signUpActions(ctx, h),
    ...signInActions(ctx, h),
    ...passwordActions(ctx, h),
    ...sessionActions(ctx, h),
  };
  return {
    call(action, body, caller = {}) {
      const handler = actions[action] as (input: unknown, caller: CognitoCaller) => Promise<object>;
      return handler(h.parse(action, body), caller);
    },
  };
}

/** The pool's building blocks the actions share: lookups, codes, sessions. */
function poolHelpers(ctx: CognitoApiContext) {
  const { db, clock, limits, durations } = ctx;
  const passwordBackoff = {
    free: limits.passwordFreeFailures,
    forgetAfterMs: limits.passwordFailureMemoryMs,
    firstDelayMs: limits.passwordFirstDelayMs,
    maxDelayMs: limits.passwordMaxDelayMs,
  };

  const parse = <A extends CognitoAction>(action: A, body: unknown): Input<A> => {
    const result = SCHEMAS[action].safeParse(body);
    if (result.success) return result.data as Input<A>;
    const issues = result.error.issues;
    const detail = issues
      .slice(0, 5)
      .map(
        (issue) =>
          `Value at '${issue.path.map(String).join('.') || '(body)'}' failed to satisfy constraint: ${issue.message}`,
      )
      .join('; ');
    throw new CognitoError(
      'InvalidParameterException',
      `${issues.length} validation error${issues.length === 1 ? '' : 's'} detected: ${detail}`,
    );
  };

  const requireClient = async (id: string) => {
    const client = await ctx.clients.find(id);
    if (!client) throw new CognitoError('ResourceNotFoundException', `User pool client ${id} does not exist.`);
    return client;
  };

  const findUser = async (email: string | null): Promise<UserRow | null> => {
    if (email === null) return null;
    const { rows } = await db.query<UserRow>('SELECT * FROM idp_users WHERE email = $1', [email]);
    return rows[0] ?? null;
  };

  const findUserBySub = async (sub: string): Promise<UserRow | null> => {
    const { rows } = await db.query<UserRow>('SELECT * FROM idp_users WHERE sub = $1', [sub]);
    return rows[0] ?? null;
  };

  const checkPassword = (value: string) => {
    const violation = passwordPolicyViolation(value, ctx.passwordPolicy);
    if (violation) throw new CognitoError('InvalidPasswordException', violation);
  };

  const codeTtl = (purpose: CodePurpose) =>
    purpose === 'SIGN_UP'
      ? durations.signUpCodeMs
      : purpose === 'FORGOT_PASSWORD'
        ? durations.forgotPasswordCodeMs
        : durations.emailOtpMs;

  const deliveryDetails = (email: string) => ({
    Destination: maskEmail(email),
    DeliveryMedium: 'EMAIL',
    AttributeName: 'email',
  });

  // Counted per address whether or not it is a user, so the limit itself reveals nothing.
  const allowSend = async (purpose: CodePurpose, address: string) => {
    if (
      !(await ctx.limiter.consume(`send:${purpose}:${address}`, { max: limits.codeSendsPerHour, windowMs: 3_600_000 }))
    ) {
      throw new CognitoError('LimitExceededException', COGNITO_MESSAGES.limitExceeded);
    }
  };

  const sendCode = async (user: UserRow, purpose: CodePurpose, clientId?: string) => {
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
  };

  const startSession = async (user: UserRow, clientId: string) => {
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
  };

  const revokeAllSessions = async (tx: Db, sub: string) => {
    await tx.query('UPDATE idp_sessions SET revoked_at = $2 WHERE sub = $1 AND revoked_at IS NULL', [sub, clock.now()]);
  };

  // An access token is accepted only while the sign-in it descends from is not revoked.
  const userOfAccessToken = async (accessToken: string): Promise<UserRow> => {
    const claims = await ctx.tokens.verifyAccessToken(accessToken);
    const { rows } = await db.query<SessionRow>('SELECT * FROM idp_sessions WHERE id = $1', [claims.origin_jti]);
    const session = rows[0];
    if (!session || session.sub !== claims.sub || session.revoked_at !== null) {
      throw new CognitoError('NotAuthorizedException', COGNITO_MESSAGES.revokedAccessToken);
    }
    const user = await findUserBySub(claims.sub);
    if (!user) throw new CognitoError('NotAuthorizedException', COGNITO_MESSAGES.invalidAccessToken);
    return user;
  };

  return {
    passwordBackoff,
    parse,
    requireClient,
    findUser,
    findUserBySub,
    checkPassword,
    deliveryDetails,
    allowSend,
    sendCode,
    startSession,
    revokeAllSessions,
    userOfAccessToken,
  };
}

type PoolHelpers = ReturnType<typeof poolHelpers>;
type Actions = { [A in CognitoAction]: (input: Input<A>, caller: CognitoCaller) => Promise<object> };

/** The `name` among sign-up attributes (null when absent); `email` must equal the username and nothing else is known. */
function nameOfAttributes(
  attributes: readonly { Name: string; Value?: string | undefined }[],
  email: string,
): string | null {
  let name: string | null = null;
  for (const attribute of attributes) {
    if (attribute.Name === 'email') {
      if (normalizeEmail(attribute.Value ?? '') !== email)
        throw new CognitoError('InvalidParameterException', 'The email attribute must equal the username.');
    } else if (attribute.Name === 'name') {
      name = (attribute.Value ?? '').trim().slice(0, 256) || null;
    } else {
      throw new CognitoError(
        'InvalidParameterException',
        `Attributes did not conform to the schema: ${attribute.Name}: Attribute does not exist in the schema.`,
      );
    }
  }
  return name;
}

/** Signing up and confirming the address. */
function signUpActions(
  ctx: CognitoApiContext,
  h: PoolHelpers,
): Pick<Actions, 'SignUp' | 'ConfirmSignUp' | 'ResendConfirmationCode'> {
  const { db, clock, durations } = ctx;
  const { requireClient, findUser, checkPassword, allowSend, sendCode, deliveryDetails } = h;
  return {
    async SignUp(input) {
      await requireClient(input.ClientId);
      const email = normalizeEmail(input.Username);
      if (email === null) throw new CognitoError('InvalidParameterException', 'Username should be an email.');
      const name = nameOfAttributes(input.UserAttributes ?? [], email);
      checkPassword(input.Password);
      const existing = await findUser(email);
      if (existing) {
        // An address left unconfirmed past its code's lifetime may be signed up afresh, so nobody can squat it.
        const stale = existing.status === 'UNCONFIRMED' && existing.updated_at + durations.signUpCodeMs <= clock.now();
        if (!stale) throw new CognitoError('UsernameExistsException', COGNITO_MESSAGES.usernameExists);
        await db.query(`DELETE FROM idp_users WHERE sub = $1 AND status = 'UNCONFIRMED'`, [existing.sub]);
      }
      await allowSend('SIGN_UP', email);
      const passwordHash = await ctx.hasher.hash(input.Password);
      const now = clock.now();
      let user: UserRow;
      try {
        const { rows } = await db.query<UserRow>(
          `INSERT INTO idp_users (sub, email, name, password_hash, status, email_verified, created_at, updated_at)
           VALUES ($1, $2, $3, $4, 'UNCONFIRMED', false, $5, $5) RETURNING *`,
          [randomUUID(), email, name, passwordHash, now],
        );
        user = onlyRow(rows, 'user insert');
      } catch (error) {
        if (isUniqueViolation(error))
          throw new CognitoError('UsernameExistsException', COGNITO_MESSAGES.usernameExists);
        throw error;
      }
      await sendCode(user, 'SIGN_UP');
      return { UserConfirmed: false, UserSub: user.sub, CodeDeliveryDetails: deliveryDetails(email) };
    },

    async ConfirmSignUp(input) {
      await requireClient(input.ClientId);
      const user = await findUser(normalizeEmail(input.Username));
      if (!user) throw new CognitoError('CodeMismatchException', COGNITO_MESSAGES.codeMismatch);
      if (user.status === 'CONFIRMED')
        throw new CognitoError('NotAuthorizedException', COGNITO_MESSAGES.alreadyConfirmed);
      await ctx.codes.redeem({ sub: user.sub, purpose: 'SIGN_UP', code: input.ConfirmationCode }, async (tx) => {
        await tx.query(
          `UPDATE idp_users SET status = 'CONFIRMED', email_verified = true, updated_at = $2 WHERE sub = $1`,
          [user.sub, clock.now()],
        );
      });
      return {};
    },

    async ResendConfirmationCode(input) {
      await requireClient(input.ClientId);
      const email = normalizeEmail(input.Username);
      if (email === null) return { CodeDeliveryDetails: deliveryDetails(input.Username) };
      await allowSend('SIGN_UP', email);
      const user = await findUser(email);
      if (user && user.status === 'UNCONFIRMED') {
        await db.query('UPDATE idp_users SET updated_at = $2 WHERE sub = $1', [user.sub, clock.now()]);
        await sendCode(user, 'SIGN_UP');
      }
      return { CodeDeliveryDetails: deliveryDetails(email) };
    },
  };
}

/** Signing in: a password (then an e-mailed code when the pool asks for one) or a refresh token. */
function signInActions(
  ctx: CognitoApiContext,
  h: PoolHelpers,
): Pick<Actions, 'InitiateAuth' | 'RespondToAuthChallenge'> {
  const { db, clock } = ctx;
  const { requireClient, findUser, findUserBySub, allowSend, sendCode, startSession, passwordBackoff } = h;
  /** REFRESH_TOKEN_AUTH: new access and id tokens for a live, unrevoked session of this client. */
  const refreshTokenAuth = async (clientId: string, params: Record<string, string>): Promise<object> => {
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
    const user = await findUserBySub(session.sub);
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
  };

  /** USER_PASSWORD_AUTH: tokens, or the EMAIL_OTP challenge when the pool sends codes; failures slow the caller down. */
  const passwordAuth = async (
    clientId: string,
    params: Record<string, string>,
    caller: CognitoCaller,
  ): Promise<object> => {
    if (!params.USERNAME) throw new CognitoError('InvalidParameterException', 'Missing required parameter USERNAME');
    if (!params.PASSWORD) throw new CognitoError('InvalidParameterException', 'Missing required parameter PASSWORD');
    const email = normalizeEmail(params.USERNAME);
    // Per (address, client IP): wrong passwords from one place slow that place down, never the shopper elsewhere.
    const throttleKey = `${signInPrefix(email ?? params.USERNAME.toLowerCase().slice(0, 256))}${caller.clientAddress ?? 'unknown'}`;
    if ((await ctx.limiter.waitMs(throttleKey)) > 0)
      throw new CognitoError('NotAuthorizedException', COGNITO_MESSAGES.passwordAttemptsExceeded);
    const user = await findUser(email);
    const ok = user
      ? await ctx.hasher.verify(params.PASSWORD, user.password_hash)
      : await ctx.hasher.verifyDummy(params.PASSWORD);
    if (!user || !ok) {
      await ctx.limiter.fail(throttleKey, passwordBackoff);
      throw new CognitoError('NotAuthorizedException', COGNITO_MESSAGES.incorrectCredentials);
    }
    if (user.status !== 'CONFIRMED')
      throw new CognitoError('UserNotConfirmedException', COGNITO_MESSAGES.userNotConfirmed);
    await ctx.limiter.reset(throttleKey);
    if (!ctx.emailOtp) return startSession(user, clientId);
    await allowSend('EMAIL_OTP', user.email);
    const { session } = await sendCode(user, 'EMAIL_OTP', clientId);
    return {
      ChallengeName: 'EMAIL_OTP',
      Session: session,
      ChallengeParameters: {
        CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL',
        CODE_DELIVERY_DESTINATION: maskEmail(user.email),
        USER_ID_FOR_SRP: user.sub,
      },
    };
  };

  return {
    async InitiateAuth(input, caller) {
      await requireClient(input.ClientId);
      const params = input.AuthParameters ?? {};
      if (input.AuthFlow === 'REFRESH_TOKEN_AUTH' || input.AuthFlow === 'REFRESH_TOKEN')
        return refreshTokenAuth(input.ClientId, params);
      if (input.AuthFlow !== 'USER_PASSWORD_AUTH') {
        throw new CognitoError(
          'InvalidParameterException',
          `Auth flow ${input.AuthFlow.slice(0, 64)} is not enabled for this client; use USER_PASSWORD_AUTH or REFRESH_TOKEN_AUTH.`,
        );
      }
      return passwordAuth(input.ClientId, params, caller);
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

/** A forgotten password: a code by e-mail, then a new password that ends every sign-in. */
function passwordActions(
  ctx: CognitoApiContext,
  h: PoolHelpers,
): Pick<Actions, 'ForgotPassword' | 'ConfirmForgotPassword'> {
  const { clock } = ctx;
  const { requireClient, findUser, checkPassword, allowSend, sendCode, deliveryDetails, revokeAllSessions } = h;
  return {
    async ForgotPassword(input) {
      await requireClient(input.ClientId);
      const email = normalizeEmail(input.Username);
      if (email === null) return { CodeDeliveryDetails: deliveryDetails(input.Username) };
      await allowSend('FORGOT_PASSWORD', email);
      const user = await findUser(email);
      if (user) await sendCode(user, 'FORGOT_PASSWORD');
      return { CodeDeliveryDetails: deliveryDetails(email) };
    },

    async ConfirmForgotPassword(input) {
      await requireClient(input.ClientId);
      checkPassword(input.Password);
      const email = normalizeEmail(input.Username);
      const user = await findUser(email);
      if (!user) throw new CognitoError('CodeMismatchException', COGNITO_MESSAGES.codeMismatch);
      const passwordHash = await ctx.hasher.hash(input.Password);
      await ctx.codes.redeem(
        { sub: user.sub, purpose: 'FORGOT_PASSWORD', code: input.ConfirmationCode },
        async (tx) => {
          // The code proves the address, so an unconfirmed user is confirmed too; old sign-ins end.
          await tx.query(
            `UPDATE idp_users SET password_hash = $2, status = 'CONFIRMED', email_verified = true, updated_at = $3 WHERE sub = $1`,
            [user.sub, passwordHash, clock.now()],
          );
          await revokeAllSessions(tx, user.sub);
        },
      );
      await ctx.limiter.reset(signInPrefix(user.email));
      return {};
    },
  };
}

/** What a signed-in shopper does with their tokens. */
function sessionActions(
  ctx: CognitoApiContext,
  h: PoolHelpers,
): Pick<Actions, 'GetUser' | 'GlobalSignOut' | 'RevokeToken'> {
  const { db, clock } = ctx;
  const { requireClient, userOfAccessToken, revokeAllSessions } = h;
  return {
    async GetUser(input) {
      const user = await userOfAccessToken(input.AccessToken);
      const attributes = [
        { Name: 'sub', Value: user.sub },
        { Name: 'email', Value: user.email },
        { Name: 'email_verified', Value: String(user.email_verified) },
        ...(user.name === null ? [] : [{ Name: 'name', Value: user.name }]),
      ];
      return { Username: user.sub, UserAttributes: attributes };
    },

    async GlobalSignOut(input) {
      const user = await userOfAccessToken(input.AccessToken);
      await revokeAllSessions(db, user.sub);
      return {};
    },

    async RevokeToken(input) {
      await requireClient(input.ClientId);
      await db.query(
        'UPDATE idp_sessions SET revoked_at = $3 WHERE refresh_token_hash = $1 AND client_id = $2 AND revoked_at IS NULL',
        [sha256Hex(input.Token), input.ClientId, clock.now()],
      );
      return {};
    },
  };
}
