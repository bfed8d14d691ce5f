/**
 * The whole system for end-to-end tests: the real composition root (apps/api/src/system.ts) on
 * ephemeral ports with a small generated catalog, a fresh database (PGlite, or a new PostgreSQL
 * schema), and helpers to call GraphQL and to sign a shopper up through the identity provider with
 * the official AWS SDK client.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock, WebhookSender } from '@grocery/core';
import { testDatabaseKinds, type TestDatabaseKind } from '@grocery/store';
import { loadConfig } from '../../apps/api/src/config.ts';
import { startSystem, type System } from '../../apps/api/src/system.ts';
import { ShopperSignIn } from './shopper-sign-in.ts';

export { TEST_PASSWORD } from './shopper-sign-in.ts';

export interface GraphQLResult<T = Record<string, unknown>> {
  status: number;
  data: T | null;
  errors?: { message: string; extensions?: { code?: string; field?: string } }[];
}

export interface TestSystem {
  system: System;
  baseUrl: string;
  partnerKey: string;
  clientId: string;
  adminToken: string;
  graphql<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>, options?: { token?: string; partnerKey?: string; headers?: Record<string, string> }): Promise<GraphQLResult<T>>;
  /** Signs a new shopper up and in (password, then the e-mailed code) and returns the id token. */
  signUpShopper(email?: string, clientId?: string): Promise<{ idToken: string; email: string }>;
  /** The newest code the identity provider e-mailed to `email` since `since` (Unix ms). */
  mailboxCode(email: string, since: number): Promise<string>;
  /** Calls the admin API. */
  admin(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

export interface TestSystemOptions {
  database?: TestDatabaseKind;
  productCount?: number;
  clock?: Clock;
  env?: Record<string, string>;
  pickingStepMs?: number;
  webhookSender?: WebhookSender;
}

let shopperCounter = 0;

export async function startTestSystem(options: TestSystemOptions = {}): Promise<TestSystem> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pgca-'));
  const database = options.database ?? testDatabaseKinds()[0]!;
  const db = await database.open();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    SEARCH_PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    GROCER_PRODUCTS: String(options.productCount ?? 2_000),
    ...options.env,
  });
  const system = await startSystem({
    config,
    db,
    clock: options.clock,
    webhookSender: options.webhookSender,
    grocer: { productCount: options.productCount ?? 2_000, pickingStepMs: options.pickingStepMs },
  });
  const credentials = system.credentials!;
  const baseUrl = system.config.publicBaseUrl;
  const shoppers = new ShopperSignIn(baseUrl);

  return {
    system,
    baseUrl,
    partnerKey: credentials.partnerKey,
    clientId: credentials.clientId ?? '',
    adminToken: credentials.adminToken,
    async graphql(query, variables = {}, requestOptions = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json', 'x-partner-key': requestOptions.partnerKey ?? credentials.partnerKey, ...requestOptions.headers };
      if (requestOptions.token) headers.authorization = `Bearer ${requestOptions.token}`;
      const response = await fetch(`${baseUrl}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
      const body = (await response.json()) as { data?: never; errors?: GraphQLResult['errors'] };
      return { status: response.status, data: body.data ?? null, ...(body.errors ? { errors: body.errors } : {}) };
    },
    async signUpShopper(email = `shopper${++shopperCounter}.${process.pid}@example.com`, clientId = credentials.clientId ?? '') {
      return { idToken: await shoppers.signUp(clientId, email), email };
    },
    mailboxCode: (email, since) => shoppers.mailboxCode(email, since),
    async admin(method, path, body) {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${credentials.adminToken}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
    },
    async close() {
      shoppers.close();
      await system.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
