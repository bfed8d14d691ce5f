/**
 * The whole system for end-to-end tests: the real composition root (apps/api/src/system.ts) on
 * ephemeral ports with a small generated catalog, a fresh database (PGlite, or a new PostgreSQL
 * schema), and helpers to call GraphQL and to sign a shopper up through the identity provider with
 * the official AWS SDK client.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock, WebhookSender } from '@grocery/core/ports';
import { testDatabaseKinds, type TestDatabaseKind } from '@grocery/store';
import { loadConfig } from '../../apps/api/src/config.ts';
import { startSystem, type System } from '../../apps/api/src/system.ts';
import { createApiClient, type ApiClient } from './api-client.ts';

export { TEST_PASSWORD } from './shopper-sign-in.ts';

export interface TestSystem extends Omit<ApiClient, 'close'> {
  system: System;
  baseUrl: string;
  partnerKey: string;
  clientId: string;
  adminToken: string;
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
  const { close: closeClient, ...calls } = createApiClient(baseUrl, {
    partnerKey: credentials.partnerKey,
    clientId: credentials.clientId ?? '',
    adminToken: credentials.adminToken,
  });

  return {
    system,
    baseUrl,
    partnerKey: credentials.partnerKey,
    clientId: credentials.clientId ?? '',
    adminToken: credentials.adminToken,
    ...calls,
    async close() {
      closeClient();
      await system.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
