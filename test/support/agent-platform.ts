/**
 * An agent platform, as the whole-system tests of UCP and ACP play it: its own HTTP server on
 * 127.0.0.1 that serves its UCP platform profile (its ES256 signing key, and the order capability's
 * `webhook_url`) and receives order webhooks of both protocols, kept raw so that their signatures
 * can be checked; and clients of a shop's UCP and ACP REST surfaces that send what a platform sends.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateSigningKey, signRequest, type PrivateSigningJwk, type SigningJwk } from '@grocery/ucp';
import { platformProfile as examplePlatformProfile } from '../../packages/ucp/test/support/profiles.ts';

const V = '2026-04-08';
const spec = (name: string) => `https://ucp.dev/${V}/specification/${name}`;
const schema = (path: string) => `https://ucp.dev/${V}/schemas/shopping/${path}`;

/** A webhook the platform received: where, the header fields (lower-case names) and the raw body. */
export interface ReceivedWebhook {
  path: string;
  /** The URL the business posted to, as its signature covers it. */
  url: string;
  headers: Record<string, string>;
  body: string;
  json: Record<string, unknown>;
}

export interface AgentPlatform {
  origin: string;
  /** `{origin}/.well-known/ucp`, the platform profile a UCP-Agent header names. */
  profileUrl: string;
  /** The order capability's `webhook_url` in the profile. */
  ucpWebhookUrl: string;
  /** Where ACP order events go (the agent's `webhookUrl` at the admin API). */
  acpWebhookUrl: string;
  /** The platform's signing key; its public half is in the profile. */
  key: PrivateSigningJwk;
  publicKey: SigningJwk;
  /** How many times the profile was read. */
  profileReads(): number;
  /** Every webhook so far, oldest first. */
  readonly webhooks: readonly ReceivedWebhook[];
  /** The first webhook (received or to come) that `match` accepts; fails after `timeoutMs`. */
  waitForWebhook(what: string, match: (hook: ReceivedWebhook) => boolean, timeoutMs?: number): Promise<ReceivedWebhook>;
  close(): Promise<void>;
}

/** Polls `probe` every `intervalMs` until it answers something truthy; fails with `what` after `timeoutMs`. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  timeoutMs = 30_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * The platform's profile (overview.md "Platform Profile"): the package tests' platform profile,
 * with the discount extension, orders to this platform's webhook, its key, and no handler of its own.
 */
function platformProfile(webhookUrl: string, publicKey: SigningJwk): Record<string, unknown> {
  const profile = examplePlatformProfile();
  const capabilities = profile.ucp.capabilities!;
  capabilities['dev.ucp.shopping.discount'] = [
    { version: V, spec: spec('discount'), schema: schema('discount.json'), extends: 'dev.ucp.shopping.checkout' },
  ];
  capabilities['dev.ucp.shopping.order']![0]!.config = { webhook_url: webhookUrl };
  return { ...profile, ucp: { ...profile.ucp, payment_handlers: {} }, signing_keys: [publicKey] };
}

function flatHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  return flat;
}

/**
 * Starts the platform's server on a free port of 127.0.0.1. Webhooks are answered 200 `{received:true}`.
 *
 * @example
 * const platform = await startAgentPlatform();
 * const hook = await platform.waitForWebhook('the order', (h) => h.path === '/webhooks/ucp/orders');
 * await platform.close();
 */
export async function startAgentPlatform(): Promise<AgentPlatform> {
  const { privateJwk: key, publicJwk: publicKey } = generateSigningKey(`platform-${randomUUID().slice(0, 8)}`);
  const webhooks: ReceivedWebhook[] = [];
  let reads = 0;
  let origin = '';
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      if (request.method === 'GET' && path === '/.well-known/ucp') {
        reads++;
        response
          .writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' })
          .end(JSON.stringify(platformProfile(`${origin}/webhooks/ucp/orders`, publicKey)));
        return;
      }
      if (request.method === 'POST' && path.startsWith('/webhooks/')) {
        const body = Buffer.concat(chunks).toString('utf8');
        let json: Record<string, unknown> = {};
        try {
          json = JSON.parse(body) as Record<string, unknown>;
        } catch {
          // Kept raw; the test that reads it fails on the body.
        }
        webhooks.push({ path, url: `${origin}${path}`, headers: flatHeaders(request.headers), body, json });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
        return;
      }
      response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    profileUrl: `${origin}/.well-known/ucp`,
    ucpWebhookUrl: `${origin}/webhooks/ucp/orders`,
    acpWebhookUrl: `${origin}/webhooks/acp/order_events`,
    key,
    publicKey,
    profileReads: () => reads,
    webhooks,
    waitForWebhook: (what, match, timeoutMs = 30_000) => until(what, () => webhooks.find(match), timeoutMs),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** An HTTP answer of the system: status, header fields (lower-case names), the raw body and its JSON. */
export interface JsonAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
  json: Record<string, unknown>;
}

async function answerOf(response: Response): Promise<JsonAnswer> {
  const text = await response.text();
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  let json: Record<string, unknown> = {};
  if (text) json = JSON.parse(text) as Record<string, unknown>;
  return { status: response.status, headers, text, json };
}

export interface UcpCallOptions {
  /** The Idempotency-Key header, when given. */
  key?: string;
  /** Sent as the body instead of `body` as JSON (bytes no JSON encoder makes). */
  raw?: string | Uint8Array<ArrayBuffer>;
  /** Another credential (null sends none). */
  token?: string | null;
  headers?: Record<string, string>;
  /** The key that signs (the platform's by default); null sends the request unsigned. */
  signer?: PrivateSigningJwk | null;
  /** Signs this body instead of the one sent (a request changed on its way). */
  signedBody?: string;
}

/** A UCP REST call relative to `{agent_base}/ucp/v1`. */
export type UcpRest = (method: string, path: string, body?: unknown, options?: UcpCallOptions) => Promise<JsonAnswer>;

/**
 * A platform's client of a business's UCP REST binding: the agent credential as Bearer, the
 * `UCP-Agent` header naming the platform's profile, and every request signed (RFC 9421) with the
 * platform's key, as signatures.md has platforms sign.
 *
 * @example
 * const ucp = ucpRestClient(`${baseUrl}/agents/${partnerId}`, token, platform);
 * const created = await ucp('POST', '/checkout-sessions', { line_items: [{ item: { id }, quantity: 1 }] });
 */
export function ucpRestClient(agentBase: string, token: string, platform: AgentPlatform): UcpRest {
  return async (method, path, body, options = {}) => {
    const url = `${agentBase}/ucp/v1${path}`;
    const text = options.raw ?? (body === undefined ? undefined : JSON.stringify(body));
    const credential = options.token === undefined ? token : options.token;
    const headers: Record<string, string> = {
      'ucp-agent': `profile="${platform.profileUrl}"`,
      ...(text === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.key === undefined ? {} : { 'idempotency-key': options.key }),
      ...(credential === null ? {} : { authorization: `Bearer ${credential}` }),
      ...options.headers,
    };
    const signer = options.signer === undefined ? platform.key : options.signer;
    const signature = signer
      ? signRequest({ method, url, headers, body: options.signedBody ?? text }, { key: signer })
      : {};
    return answerOf(await fetch(url, { method, headers: { ...headers, ...signature }, body: text }));
  };
}

export interface AcpCallOptions {
  /** Sent as the body instead of `body` as JSON (bytes no JSON encoder makes). */
  raw?: string | Uint8Array<ArrayBuffer>;
  /** Idempotency-Key: a fresh UUID on POST unless given; null sends none. */
  key?: string | null;
  /** API-Version: 2026-04-17 unless given; null sends none. */
  version?: string | null;
  /** Another credential (null sends none). */
  token?: string | null;
  headers?: Record<string, string>;
}

/** An ACP REST call relative to `{agent_base}/acp`. */
export type AcpRest = (method: string, path: string, body?: unknown, options?: AcpCallOptions) => Promise<JsonAnswer>;

/**
 * An agent's client of a merchant's ACP REST binding: Bearer credential, `API-Version`, and an
 * `Idempotency-Key` on every POST, as the ACP RFCs require.
 *
 * @example
 * const acp = acpRestClient(`${baseUrl}/agents/${partnerId}`, token);
 * const created = await acp('POST', '/checkout_sessions', { line_items: [{ id, quantity: 1 }], currency: 'thb' });
 */
export function acpRestClient(agentBase: string, token: string): AcpRest {
  return async (method, path, body, options = {}) => {
    const text = options.raw ?? (body === undefined ? undefined : JSON.stringify(body));
    const credential = options.token === undefined ? token : options.token;
    const version = options.version === undefined ? '2026-04-17' : options.version;
    const key = options.key === undefined ? (method === 'POST' ? randomUUID() : null) : options.key;
    const headers: Record<string, string> = {
      ...(text === undefined ? {} : { 'content-type': 'application/json' }),
      ...(credential === null ? {} : { authorization: `Bearer ${credential}` }),
      ...(version === null ? {} : { 'api-version': version }),
      ...(key === null ? {} : { 'idempotency-key': key }),
      ...options.headers,
    };
    return answerOf(await fetch(`${agentBase}/acp${path}`, { method, headers, body: text }));
  };
}
