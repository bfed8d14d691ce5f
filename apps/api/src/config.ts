import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
// The configuration check only: the Stripe SDK itself loads when Stripe is configured (system.ts).
import { stripeConfigProblems, type StripeConfig } from '@grocery/stripe/config';
import { z } from 'zod';

const url = z
  .string()
  .url()
  .transform((value) => value.replace(/\/+$/, ''));
const port = z.coerce.number().int().min(0).max(65535);
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every setting of the API process, from the environment (README "Configuration"). */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(4000),
  SEARCH_PORT: port.default(4001),
  /** Run the search service in this process (on SEARCH_PORT); off when SEARCH_URL names another. */
  SEARCH_EMBEDDED: flag.optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  PUBLIC_BASE_URL: url.optional(),
  SEARCH_URL: url.optional(),
  SHOP_URL: url.optional(),
  /** The partner key and app client id the demo shop uses; outside production the development partner's by default. */
  SHOP_PARTNER_KEY: z
    .string()
    .regex(/^pk_(test|live)_[\w-]+$/, 'must be a partner key (pk_test_… or pk_live_…)')
    .optional(),
  SHOP_CLIENT_ID: z
    .string()
    .regex(/^[\w+]+$/)
    .optional(),
  /** The Cognito JSON endpoint the shop signs shoppers in with; derived from OIDC_ISSUER for a Cognito pool. */
  SHOP_IDP_URL: url.optional(),
  GROCER_URL: url.optional(),
  GROCER_TOKEN: z.string().optional(),
  GROCER_CONTROL_TOKEN: z.string().optional(),
  GROCER_PRODUCTS: z.coerce.number().int().min(100).max(500_000).default(40_000),
  GROCER_SEED: z.coerce.number().int().default(1),
  GROCER_PICKING_STEP_MS: z.coerce.number().int().min(1).optional(),
  /** Per attempt of a call to the grocer over HTTP, and how often an idempotent call is tried again. */
  GROCER_TIMEOUT_MS: z.coerce.number().int().min(10).max(120_000).default(10_000),
  GROCER_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  /** How long a request owns the order or payment it started; must outlast the grocer's timeouts and retries. */
  CHECKOUT_REQUEST_WINDOW_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /** Waits between recovery looks at unfinished orders and payments (comma-separated ms; the last repeats). */
  RECOVERY_DELAYS_MS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'must be comma-separated milliseconds')
    .default('5000,30000,120000,600000,1800000')
    .transform((v) => v.split(',').map(Number) as [number, ...number[]]), // the pattern promises one at least
  /** Pause of the recovery worker when nothing is due. */
  RECOVERY_IDLE_MS: z.coerce.number().int().min(10).max(600_000).default(1_000),
  /** How often each instance compares its orders and payments with the grocer's (0 turns it off). */
  RECONCILE_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(15 * 60_000),
  /** How long SIGTERM lets accepted requests and background work finish; what is left then is answered 503, and the process exits within a second. */
  DRAIN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  OIDC_ISSUER: url.optional(),
  /** Longest id-token lifetime accepted: what the issuer issues (Cognito and the embedded pool: one hour). */
  ID_TOKEN_MAX_LIFETIME_SECONDS: z.coerce.number().int().min(300).max(86_400).default(3600),
  ADMIN_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  DOWNLOAD_SECRET: z.string().min(32).optional(),
  GROCER_WEBHOOK_SECRET: z.string().min(32).optional(),
  /** Guards the sandbox's `POST {agent_base}/testing/simulate-shipping/{id}` (header Simulation-Secret); never served in production. */
  SIMULATION_SECRET: z.string().min(16).optional(),
  SMTP_URL: z.string().optional(),
  DEFAULT_BRANCH_CODE: z.string().optional(),
  CATALOG_POLL_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .default(5 * 60_000),
  /** Extra browser origins allowed to call the API (besides partners' registered redirect-URI origins). */
  CORS_ORIGINS: z.string().optional(),
  RATE_LIMIT_SANDBOX_PER_MIN: z.coerce.number().int().min(1).default(3_000),
  RATE_LIMIT_PRODUCTION_PER_MIN: z.coerce.number().int().min(1).default(30_000),
  RATE_LIMIT_SHOPPER_MUTATIONS_PER_MIN: z.coerce.number().int().min(1).default(120),
  /** The production payment provider (README "Production payments"); all or none. STRIPE_API_URL only points tests at a double. */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.string().optional(),
  /**
   * `on`: ACP sessions of production partners also take Stripe shared payment tokens (`spt_…`) agents
   * delegate, charged inside `complete` (docs/guide/agents-acp.md); needs STRIPE_*. Off by default.
   */
  STRIPE_SHARED_PAYMENT_TOKENS: z.enum(['on', 'off']).default('off'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type ApiEnv = z.infer<typeof configSchema>;

export interface ApiConfig {
  env: ApiEnv['NODE_ENV'];
  host: string;
  port: number;
  searchPort: number;
  searchEmbedded: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Null until the port is known (port 0): then the listening origin. */
  publicBaseUrl: string | null;
  searchUrl: string | null;
  shopUrl: string | null;
  shopPartnerKey: string | undefined;
  shopClientId: string | undefined;
  shopIdpUrl: string | undefined;
  grocerUrl: string | undefined;
  grocerToken: string | undefined;
  grocerControlToken: string | undefined;
  grocerProducts: number;
  grocerSeed: number;
  grocerPickingStepMs: number | undefined;
  grocerTimeoutMs: number;
  grocerRetries: number;
  sagas: { requestWindowMs: number; recoveryDelaysMs: [number, ...number[]] };
  recoveryIdleMs: number;
  reconcileIntervalMs: number;
  drainTimeoutMs: number;
  oidcIssuer: string | undefined;
  idTokenMaxLifetimeSeconds: number;
  adminToken: string;
  downloadSecret: string;
  grocerWebhookSecret: string;
  /** Null in production: the simulate-shipping hook is a sandbox tool. */
  simulationSecret: string | null;
  smtpUrl: string | undefined;
  defaultBranchCode: string | undefined;
  catalogPollMs: number;
  corsOrigins: string[];
  /** Null when no Stripe account is configured. */
  stripe: StripeConfig | null;
  /** Production's agent sessions take Stripe shared payment tokens (STRIPE_SHARED_PAYMENT_TOKENS=on, with Stripe configured). */
  stripeSharedPaymentTokens: boolean;
  rateLimits: { partnerPerMinute: { sandbox: number; production: number }; shopperMutationsPerMinute: number };
  logLevel: ApiEnv['LOG_LEVEL'];
}

interface Secrets {
  adminToken: string;
  downloadSecret: string;
  grocerWebhookSecret: string;
}

/**
 * Outside production, secrets not given are made once and kept in DATA_DIR/secrets.json, so a
 * restart keeps links and tokens valid; production must set them.
 */
function devSecrets(dataDir: string): Secrets {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Secrets;
  const secrets: Secrets = {
    adminToken: `adm_${randomBytes(24).toString('base64url')}`,
    downloadSecret: randomBytes(32).toString('base64url'),
    grocerWebhookSecret: randomBytes(32).toString('base64url'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/** Reads the configuration once, at the entry point; a bad value stops the process with a clear message. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): ApiConfig {
  const parsed = configSchema.safeParse(environment);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = resolve(env.DATA_DIR);
  const production = env.NODE_ENV === 'production';
  if (production) {
    const missing = (['ADMIN_TOKEN', 'DOWNLOAD_SECRET', 'GROCER_WEBHOOK_SECRET', 'PUBLIC_BASE_URL'] as const).filter(
      (name) => !env[name],
    );
    if (missing.length) throw new Error(`Invalid configuration: production needs ${missing.join(', ')}.`);
  }
  const stripeSet = Boolean(env.STRIPE_SECRET_KEY || env.STRIPE_WEBHOOK_SECRET || env.STRIPE_API_URL);
  if (stripeSet) {
    const problems = stripeConfigProblems(env);
    if (problems.length)
      throw new Error(`Invalid configuration: Stripe settings are incomplete: ${problems.join(' ')}`);
  }
  if (env.STRIPE_SHARED_PAYMENT_TOKENS === 'on' && !stripeSet)
    throw new Error(
      'Invalid configuration: STRIPE_SHARED_PAYMENT_TOKENS=on charges tokens on the Stripe account of STRIPE_SECRET_KEY, which is not set.',
    );
  const secrets = production ? null : devSecrets(dataDir);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    searchPort: env.SEARCH_PORT,
    searchEmbedded: env.SEARCH_EMBEDDED ?? env.SEARCH_URL === undefined,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    publicBaseUrl: env.PUBLIC_BASE_URL ?? (env.PORT === 0 ? null : `http://${env.HOST}:${env.PORT}`),
    searchUrl: env.SEARCH_URL ?? (env.SEARCH_PORT === 0 ? null : `http://${env.HOST}:${env.SEARCH_PORT}`),
    shopUrl: env.SHOP_URL ?? null,
    shopPartnerKey: env.SHOP_PARTNER_KEY,
    shopClientId: env.SHOP_CLIENT_ID,
    shopIdpUrl: env.SHOP_IDP_URL,
    grocerUrl: env.GROCER_URL,
    grocerToken: env.GROCER_TOKEN,
    grocerControlToken: env.GROCER_CONTROL_TOKEN,
    grocerProducts: env.GROCER_PRODUCTS,
    grocerSeed: env.GROCER_SEED,
    grocerPickingStepMs: env.GROCER_PICKING_STEP_MS,
    grocerTimeoutMs: env.GROCER_TIMEOUT_MS,
    grocerRetries: env.GROCER_RETRIES,
    sagas: { requestWindowMs: env.CHECKOUT_REQUEST_WINDOW_MS, recoveryDelaysMs: env.RECOVERY_DELAYS_MS },
    recoveryIdleMs: env.RECOVERY_IDLE_MS,
    reconcileIntervalMs: env.RECONCILE_INTERVAL_MS,
    drainTimeoutMs: env.DRAIN_TIMEOUT_MS,
    oidcIssuer: env.OIDC_ISSUER,
    idTokenMaxLifetimeSeconds: env.ID_TOKEN_MAX_LIFETIME_SECONDS,
    adminToken: env.ADMIN_TOKEN ?? secrets!.adminToken,
    downloadSecret: env.DOWNLOAD_SECRET ?? secrets!.downloadSecret,
    grocerWebhookSecret: env.GROCER_WEBHOOK_SECRET ?? secrets!.grocerWebhookSecret,
    simulationSecret:
      env.NODE_ENV === 'production' ? null : (env.SIMULATION_SECRET ?? env.ADMIN_TOKEN ?? secrets!.adminToken),
    smtpUrl: env.SMTP_URL,
    defaultBranchCode: env.DEFAULT_BRANCH_CODE,
    catalogPollMs: env.CATALOG_POLL_MS,
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    stripe: stripeSet
      ? { secretKey: env.STRIPE_SECRET_KEY!, webhookSecret: env.STRIPE_WEBHOOK_SECRET!, apiUrl: env.STRIPE_API_URL }
      : null,
    stripeSharedPaymentTokens: env.STRIPE_SHARED_PAYMENT_TOKENS === 'on',
    rateLimits: {
      partnerPerMinute: { sandbox: env.RATE_LIMIT_SANDBOX_PER_MIN, production: env.RATE_LIMIT_PRODUCTION_PER_MIN },
      shopperMutationsPerMinute: env.RATE_LIMIT_SHOPPER_MUTATIONS_PER_MIN,
    },
    logLevel: env.LOG_LEVEL,
  };
}
