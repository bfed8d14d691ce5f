/**
 * `npm start`: the whole system on embedded defaults (or configured real parts). Prints the URLs
 * and where the development credentials are; stops cleanly on SIGINT/SIGTERM.
 */
import { join } from 'node:path';
import { loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { createStartupTimeline } from './startup-timeline.ts';
import { startSystem } from './system.ts';

// First: the time until here is the module load.
const startup = createStartupTimeline();
const config = loadConfig();
const log = createLogger(config.logLevel);
log.info('starting: database, grocer, catalog snapshot, identity provider, search index');
const system = await startSystem({ config, logger: log, startup });
log.info({ startup: startup.timings() }, `started in ${startup.timings()?.totalMs ?? '?'} ms`);

const lines = [
  '',
  'Partner Grocery Commerce API is running',
  `  API (GraphQL, MCP, REST catalog)  ${system.config.publicBaseUrl}/graphql`,
  `  Guide                             ${system.config.publicBaseUrl}/docs`,
  `  Demo shop                         ${system.config.shopUrl}/shop`,
  `  Search service                    ${system.config.searchUrl}`,
  `  Identity provider                 ${system.userPool?.issuer ?? config.oidcIssuer}`,
  system.credentials ? `  Sandbox credentials               ${join(config.dataDir, 'dev-credentials.json')}` : '',
  '',
];
process.stdout.write(`${lines.filter((line, i) => line !== '' || i === 0 || i === lines.length - 1).join('\n')}\n`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    log.info(`${signal}: draining and stopping`);
    system.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'stop failed');
        process.exit(1);
      },
    );
  });
}
