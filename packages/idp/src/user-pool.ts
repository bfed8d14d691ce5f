import { migrate, type Db } from '@grocery/store';
import type { Clock } from '@grocery/core/ports';
import type { HttpRequest, HttpResponse } from '@grocery/core/http';
import { createAppClients, type AppClient, type CreateAppClientInput } from './app-clients.ts';
import { createAttemptLimiter } from './attempt-limiter.ts';
import { createCognitoApi } from './cognito-api.ts';
import { createCognitoEndpoint } from './cognito-endpoint.ts';
import { createMailer, type MailOptions } from './mailer.ts';
import { IDP_MIGRATIONS } from './migrations.ts';
import { discoveryDocument } from './oidc-discovery.ts';
import { createOneTimeCodes } from './one-time-codes.ts';
import { createPasswordHasher, DEFAULT_SCRYPT_PARAMETERS, type ScryptParameters } from './password-hasher.ts';
import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from './password-policy.ts';
import { DEFAULT_POOL_DURATIONS, DEFAULT_POOL_LIMITS, type PoolDurations, type PoolLimits } from './pool-settings.ts';
import { createPoolRoutes } from './pool-routes.ts';
import { openSigningKeys } from './signing-keys.ts';
import { createTokenIssuer } from './token-issuer.ts';

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

  return {
    issuer,
    mailboxDir: mailer.mailboxDir,
    handle: createPoolRoutes({
      cognito: createCognitoEndpoint(api, limits.maxBodyBytes),
      discovery: discoveryDocument(issuer),
      jwks: () => keys.jwks(),
      devMailboxDir: (options.dev ?? false) ? mailer.mailboxDir : undefined,
    }),
    createAppClient: (input) => clients.create(input),
    listAppClients: () => clients.list(),
    rotateSigningKey: () => keys.rotate(),
    async close() {
      mailer.close();
    },
  };
}
