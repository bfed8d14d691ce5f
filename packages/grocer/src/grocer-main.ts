/** `npm run start:grocer`: the grocer simulator over HTTP (GROCER_PORT, default 4002). */
import { loadGrocerConfig, type GrocerConfig } from './config.ts';
import { createGrocerServer } from './grocer-server.ts';
import { createGrocerSimulator } from './grocer-simulator.ts';

let config: GrocerConfig;
try {
  config = loadGrocerConfig();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const started = performance.now();
const simulator = createGrocerSimulator({
  seed: config.seed,
  productCount: config.productCount,
  pickingStepMs: config.pickingStepMs,
  serviceWebhook: config.serviceWebhook,
});
const server = await createGrocerServer(simulator, {
  host: config.host,
  port: config.port,
  apiToken: config.apiToken,
  controlToken: config.controlToken,
});
console.log(
  `grocer simulator: ${config.productCount} products (seed ${config.seed}) ready in ${Math.round(performance.now() - started)} ms at ${server.origin}` +
    `; control ${config.controlToken ? 'on' : 'off'}; API token ${config.apiToken ? 'required' : 'not required'}; service webhooks ${config.serviceWebhook ? `to ${config.serviceWebhook.url}` : 'off'}`,
);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`grocer simulator: ${signal}, stopping`);
  await server.close();
  await simulator.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
