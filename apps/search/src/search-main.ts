/**
 * `npm run start:search`: the ranked search service on its own, for scaling out. It shares the API's
 * PostgreSQL (DATABASE_URL): partner keys, rate limits and the published catalog snapshot.
 */
import { openDatabase } from '@grocery/store';
import pino from 'pino';
import { z } from 'zod';
import { startDatabaseSearch } from './database-search.ts';

const env = z
  .object({
    DATABASE_URL: z
      .string()
      .regex(
        /^postgres(ql)?:\/\//,
        'must be the PostgreSQL URL the API uses (PGlite cannot be shared between processes)',
      ),
    SEARCH_PORT: z.coerce.number().int().min(0).max(65535).default(4001),
    HOST: z.string().min(1).default('127.0.0.1'),
    PUBLIC_BASE_URL: z.string().url().default('http://127.0.0.1:4000'),
    SEARCH_POLL_MS: z.coerce.number().int().min(1_000).default(30_000),
    /** How long SIGTERM lets requests in flight finish; what is left is answered 503, and the process exits within a second. */
    DRAIN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    RATE_LIMIT_SANDBOX_PER_MIN: z.coerce.number().int().min(1).default(3_000),
    RATE_LIMIT_PRODUCTION_PER_MIN: z.coerce.number().int().min(1).default(30_000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .safeParse(process.env);
if (!env.success) {
  console.error(
    `Invalid configuration:\n${env.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`,
  );
  process.exit(2);
}
const config = env.data;
const log = pino({ level: config.LOG_LEVEL, base: { service: 'search' } });
const db = await openDatabase({ url: config.DATABASE_URL });
const search = await startDatabaseSearch({
  db,
  port: config.SEARCH_PORT,
  host: config.HOST,
  publicBaseUrl: config.PUBLIC_BASE_URL.replace(/\/+$/, ''),
  pollMs: config.SEARCH_POLL_MS,
  rateLimits: {
    partnerPerMinute: { sandbox: config.RATE_LIMIT_SANDBOX_PER_MIN, production: config.RATE_LIMIT_PRODUCTION_PER_MIN },
    shopperMutationsPerMinute: 1,
  },
  log: { info: (message) => log.info(message), error: (details, message) => log.error(details, message) },
});
log.info(
  `search service at ${search.origin}${search.current() ? '' : ' (waiting for the first published catalog snapshot)'}`,
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    log.info(`${signal}: draining and stopping`);
    // Whatever the database does meanwhile (a lock, a lost connection), the process is gone a second after the drain deadline.
    setTimeout(() => {
      log.warn('stopped with parts still closing a second after the drain deadline');
      process.exit(1);
    }, config.DRAIN_TIMEOUT_MS + 800).unref();
    search
      .close(config.DRAIN_TIMEOUT_MS)
      .then(() => db.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'stop failed');
          process.exit(1);
        },
      );
  });
}
