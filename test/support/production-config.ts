/** A production deployment's configuration for tests: every secret production requires, in a fresh data directory. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type ApiConfig } from '../../apps/api/src/config.ts';

const PRODUCTION_ADMIN_TOKEN = 'a'.repeat(40);

/** The variables production requires, without listening settings (for loadConfig's own checks). */
export function productionEnv(dataDir = mkdtempSync(join(tmpdir(), 'prod-'))): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PUBLIC_BASE_URL: 'https://api.grocer.example',
    ADMIN_TOKEN: PRODUCTION_ADMIN_TOKEN,
    DOWNLOAD_SECRET: 'b'.repeat(40),
    GROCER_WEBHOOK_SECRET: 'c'.repeat(40),
  };
}

/** A loaded production configuration on ephemeral ports, with `extra` variables (e.g. STRIPE_*). */
export function productionConfig(extra: Record<string, string> = {}): {
  config: ApiConfig;
  dataDir: string;
  adminToken: string;
} {
  const dataDir = mkdtempSync(join(tmpdir(), 'prod-'));
  const config = loadConfig({ ...productionEnv(dataDir), PORT: '0', SEARCH_PORT: '0', LOG_LEVEL: 'silent', ...extra });
  return { config, dataDir, adminToken: PRODUCTION_ADMIN_TOKEN };
}
