import { randomUUID } from 'node:crypto';
import { migrate, type Db } from '@grocery/store';
import type { Clock } from '@grocery/core/ports';
import type { HttpRequest, HttpResponse } from '@grocery/core/http';
import { createAppClients, type AppClient, type CreateAppClientInput } from './app-clients.ts';
import { createAttemptLimiter } from './attempt-limiter.ts';
import { createCognitoApi, isCognitoAction, normalizeEmail } from './cognito-api.ts';
import { CognitoError, isCognitoError } from './cognito-error.ts';
import { readMailbox } from './dev-mailbox.ts';
import { createMailer, type MailOptions } from './mailer.ts';
import { IDP_MIGRATIONS } from './migrations.ts';
import { createOneTimeCodes } from './one-time-codes.ts';
import { createPasswordHasher, DEFAULT_SCRYPT_PARAMETERS, type ScryptParameters } from './password-hasher.ts';
import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from './password-policy.ts';
import { DEFAULT_POOL_DURATIONS, DEFAULT_POOL_LIMITS, type PoolDurations, type PoolLimits } from './pool-settings.ts';
import { openSigningKeys } from './signing-keys.ts';
import { ACCESS_TOKEN_SCOPE, createTokenIssuer } from './token-issuer.ts';

export interface UserPoolOptions {
  db: Db;
  /** The public URL the pool is mounted at, without a trailing slash, e.g. `http://127.0.0.1:4000/idp`; the `iss` of its tokens. */
  issuer: string;
  clock?: Clock | undefined;
  mail?: MailOptions | undefined;
  /** Ask for an e-mailed code after the password (the EMAIL_OTP challenge). Default true. */
  emailOtp?: boolean | undefined;
  /** Development mode: serves `GET /dev/mailbox/<email>`. Never turn on in production. Default false. */
  dev?: boolean | undefined;
  /** Names the sender in e-mail subjects and signatures. Default "Partner Grocery". */
  appName?: string | undefined;
  passwordPolicy?: Partial<PasswordPolicy> | undefined;
  /** scrypt cost; lower it only in tests. Default N=2^17, r=8, p=1. */
  passwordHashing?: ScryptParameters | undefined;
  durations?: Partial<PoolDurations> | undefined;
  limits?: Partial<PoolLimits> | undefined;
}

/** An embedded Cognito-compatible user pool. */
export interface UserPool {
  readonly issuer: string;
  /** The directory `.eml` files are written to, or null when mail goes over SMTP. */
  readonly mailboxDir: string | null;
  /** Serves a request whose `path` is below the mount point (`/`, `/.well-known/jwks.json`, ...). */
  handle(request: HttpRequest): Promise<HttpResponse>;
  /** Registers a public app client; its id is what shoppers' apps pass as `ClientId`. */
  createAppClient(input: CreateAppClientInput): Promise<AppClient>;
  listAppClients(): Promise<AppClient[]>;
  /** Makes a new signing key current; the JWKS keeps serving the previous one. */
  rotateSigningKey(): Promise<{ kid: string }>;
  /** Closes the mail transport; the database belongs to the caller. */
  close(): Promise<void>;
}

const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers':
    'content-type, x-amz-target, x-amz-user-agent, amz-sdk-invocation-id, amz-sdk-request, authorization, cache-control',
  'access-control-expose-headers': 'x-amzn-requestid, x-amzn-errortype, x-amzn-errormessage',
  'access-control-max-age': '600',
};

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const JSON_TYPES = new Set(['application/x-amz-json-1.1', 'application/x-amz-json-1.0', 'application/json']);

function json(status: number, value: unknown, headers: Record<string, string> = {}): HttpResponse {
  return {
    status,
    headers: { ...CORS_HEADERS, 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(value),
  };
}

function cognitoResponse(
  status: number,
  value: unknown,
  requestId: string,
  headers: Record<string, string> = {},
): HttpResponse {
  return json(status, value, {
    'content-type': 'application/x-amz-json-1.1',
    'x-amzn-requestid': requestId,
    'cache-control': 'no-store',
    ...headers,
  });
}

function cognitoErrorResponse(error: CognitoError, requestId: string): HttpResponse {
  return cognitoResponse(error.status, { __type: error.type, message: error.message }, requestId, {
    'x-amzn-errortype': `${error.type}:`,
  });
}

/**
 * Opens a user pool on `db`: applies its migrations (`idp_*` tables) and makes the first signing
 * key on first start.
 *
 * @example
 * const pool = await createUserPool({ db, issuer: 'http://127.0.0.1:4000/idp', mail: { mailboxDir: '.data/mailbox' }, dev: true });
 * const { clientId } = await pool.createAppClient({ name: 'Demo shop', redirectUris: ['http://localhost:4000/shop'] });
 */
export async function createUserPool(options: UserPoolOptions): Promise<UserPool> {
  const issuer = options.issuer.replace(/\/+$/, '');
  const issuerUrl = new URL(issuer);
  if (issuerUrl.protocol !== 'https:' && issuerUrl.protocol !== 'http:')
    throw new TypeError(`issuer must be an http(s) URL: ${issuer}`);
  const { db } = options;
  const clock: Clock = options.clock ?? { now: () => Date.now() };
  const durations: PoolDurations = { ...DEFAULT_POOL_DURATIONS, ...options.durations };
  const limits: PoolLimits = { ...DEFAULT_POOL_LIMITS, ...options.limits };
  const dev = options.dev ?? false;

  await migrate(db, 'idp', IDP_MIGRATIONS);
  const keys = await openSigningKeys(db, clock);
  const clients = createAppClients(db, clock);
  const mailer = createMailer({ ...options.mail, clock });
  const api = createCognitoApi({
    db,
    clock,
    clients,
    codes: createOneTimeCodes(db, clock),
    limiter: createAttemptLimiter(db, clock),
    hasher: createPasswordHasher(options.passwordHashing ?? DEFAULT_SCRYPT_PARAMETERS),
    tokens: createTokenIssuer({
      issuer,
      keys,
      clock,
      idTokenTtlSeconds: durations.idTokenSeconds,
      accessTokenTtlSeconds: durations.accessTokenSeconds,
    }),
    mailer,
    emailOtp: options.emailOtp ?? true,
    appName: options.appName ?? 'Partner Grocery',
    passwordPolicy: { ...DEFAULT_PASSWORD_POLICY, ...options.passwordPolicy },
    durations,
    limits,
  });

  const discovery = {
    issuer,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    // No hosted authorize/token endpoints: apps sign in through the Cognito JSON API at the issuer URL.
    response_types_supported: ['id_token'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    scopes_supported: ['openid', 'email', ACCESS_TOKEN_SCOPE],
    claims_supported: [
      'sub',
      'iss',
      'aud',
      'exp',
      'iat',
      'auth_time',
      'email',
      'email_verified',
      'name',
      'token_use',
      'cognito:username',
      'origin_jti',
    ],
    token_endpoint_auth_methods_supported: ['none'],
  };

  async function cognito(request: HttpRequest): Promise<HttpResponse> {
    const requestId = request.requestId ?? randomUUID();
    try {
      if (request.body.byteLength > limits.maxBodyBytes) {
        throw new CognitoError(
          'RequestEntityTooLargeException',
          `The request body is larger than ${limits.maxBodyBytes} bytes.`,
          { status: 413 },
        );
      }
      const target = request.headers['x-amz-target'] ?? '';
      const action = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
      if (!isCognitoAction(action)) {
        throw new CognitoError(
          'UnknownOperationException',
          target
            ? `This user pool does not support the operation ${target.slice(0, 128)}.`
            : 'Missing X-Amz-Target header.',
        );
      }
      const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!JSON_TYPES.has(contentType))
        throw new CognitoError('SerializationException', 'Content-Type must be application/x-amz-json-1.1.');
      let body: unknown;
      try {
        body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(request.body));
      } catch {
        throw new CognitoError('SerializationException', 'The request body is not valid JSON.');
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        throw new CognitoError('SerializationException', 'The request body must be a JSON object.');
      return cognitoResponse(200, await api.call(action, body, { clientAddress: request.remoteAddress }), requestId);
    } catch (error) {
      if (isCognitoError(error)) return cognitoErrorResponse(error, requestId);
      console.error(`idp: request ${requestId} failed`, error);
      return cognitoErrorResponse(
        new CognitoError('InternalErrorException', `Internal error (request ${requestId}).`, { status: 500 }),
        requestId,
      );
    }
  }

  async function mailbox(address: string): Promise<HttpResponse> {
    const email = normalizeEmail(address);
    if (email === null) return json(400, { message: 'Not an e-mail address.' });
    if (mailer.mailboxDir === null)
      return json(200, { email, messages: [], note: 'Mail goes over SMTP; nothing is kept here.' });
    return json(200, { email, messages: await readMailbox(mailer.mailboxDir, email) }, { 'cache-control': 'no-store' });
  }

  return {
    issuer,
    mailboxDir: mailer.mailboxDir,
    async handle(request) {
      const method = request.method.toUpperCase();
      const path = request.path === '' ? '/' : request.path;
      if (method === 'OPTIONS') return { status: 204, headers: { ...CORS_HEADERS }, body: null };
      if (path === '/') {
        if (method !== 'POST')
          return json(405, { message: 'POST the Cognito JSON API here.' }, { allow: 'POST, OPTIONS' });
        return cognito(request);
      }
      if (method !== 'GET' && method !== 'HEAD')
        return json(405, { message: 'Method not allowed.' }, { allow: 'GET, OPTIONS' });
      if (path === '/.well-known/openid-configuration')
        return json(200, discovery, { 'cache-control': 'public, max-age=3600' });
      if (path === '/.well-known/jwks.json')
        return json(200, await keys.jwks(), { 'cache-control': 'public, max-age=300' });
      if (dev && path.startsWith('/dev/mailbox/')) {
        let address: string;
        try {
          address = decodeURIComponent(path.slice('/dev/mailbox/'.length));
        } catch {
          return json(400, { message: 'Not an e-mail address.' });
        }
        return mailbox(address);
      }
      return json(404, { message: 'Not found.' });
    },
    createAppClient: (input) => clients.create(input),
    listAppClients: () => clients.list(),
    rotateSigningKey: () => keys.rotate(),
    async close() {
      mailer.close();
    },
  };
}
