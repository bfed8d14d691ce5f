/**
 * What the Stripe provider needs. The secret key and webhook secret come from the Stripe dashboard
 * (Developers → API keys; the webhook endpoint's signing secret).
 *
 * @example
 * const config: StripeConfig = { secretKey: process.env.STRIPE_SECRET_KEY!, webhookSecret: process.env.STRIPE_WEBHOOK_SECRET! };
 */
export interface StripeConfig {
  /** `sk_live_…`/`sk_test_…`, or a restricted key `rk_live_…`/`rk_test_…` with Checkout and Refunds write access. */
  secretKey: string;
  /** The webhook endpoint's signing secret, `whsec_…`. */
  webhookSecret: string;
  /** Another API origin than https://api.stripe.com (a test double, a proxy); an absolute http(s) URL without a path. */
  apiUrl?: string | undefined;
  /** Per request, before the SDK gives up (default 10 000 ms). */
  timeoutMs?: number;
  /** The SDK's own retries of a connection failure, 409, 429 or 5xx, with the same idempotency key (default 2). */
  maxNetworkRetries?: number;
}

/** The environment variables the Stripe provider is configured from. */
export interface StripeEnv {
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  STRIPE_API_URL?: string | undefined;
}

const SECRET_KEY = /^(sk|rk)_(live|test)_[A-Za-z0-9]+$/;
const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9+/=]+$/;

/**
 * What is missing or wrong in a Stripe configuration, as sentences for a start-up log (empty when
 * it is usable). The values themselves are never quoted: they are secrets.
 *
 * @example
 * const problems = stripeConfigProblems(process.env);
 * if (problems.length > 0) throw new Error(`Stripe is not configured: ${problems.join(' ')}`);
 */
export function stripeConfigProblems(env: StripeEnv): string[] {
  const problems: string[] = [];
  const key = env.STRIPE_SECRET_KEY;
  if (!key)
    problems.push('STRIPE_SECRET_KEY is not set: give the secret key of the Stripe account (sk_live_… or sk_test_…).');
  else if (/^pk_/.test(key))
    problems.push(
      'STRIPE_SECRET_KEY is a publishable key (pk_…); the server needs the secret key (sk_live_… or sk_test_…) or a restricted key (rk_live_… or rk_test_…).',
    );
  else if (!SECRET_KEY.test(key))
    problems.push(
      'STRIPE_SECRET_KEY is not a Stripe secret key: it starts with sk_live_, sk_test_, rk_live_ or rk_test_ and has no spaces.',
    );

  const secret = env.STRIPE_WEBHOOK_SECRET;
  if (!secret)
    problems.push(
      'STRIPE_WEBHOOK_SECRET is not set: give the signing secret (whsec_…) of the webhook endpoint in the Stripe dashboard.',
    );
  else if (!WEBHOOK_SECRET.test(secret))
    problems.push('STRIPE_WEBHOOK_SECRET is not a webhook signing secret: it starts with whsec_ and has no spaces.');

  if (env.STRIPE_API_URL !== undefined && env.STRIPE_API_URL !== '') {
    const problem = apiUrlProblem(env.STRIPE_API_URL);
    if (problem) problems.push(`STRIPE_API_URL ${problem}`);
  }
  return problems;
}

/** Why an API URL cannot be used (the SDK takes only a protocol, host and port), or null. */
export function apiUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not an absolute URL: give one like https://api.stripe.com.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http or https URL.';
  if (url.username || url.password) return 'must not carry credentials: the secret key is sent as a bearer token.';
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash)
    return 'must be an origin only (no path, query or fragment): the SDK adds /v1/… itself.';
  return null;
}

/** The SDK's host options for an API URL (already checked by `apiUrlProblem`). */
export function sdkHostOptions(apiUrl: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  // URL drops a default port; the SDK needs it spelled out. IPv6 hosts lose their brackets for node:http.
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}
