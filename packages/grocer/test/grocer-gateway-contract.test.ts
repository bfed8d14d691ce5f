import { ManualClock } from '@grocery/core/testing';
import { createGrocerServer, createGrocerSimulator, createHttpGrocer } from '../src/index.ts';
import { grocerGatewayContract } from './grocer-gateway-contract.ts';

const PICKING_STEP_MS = 60_000;
const CONTROL_TOKEN = 'contract-control-token-0123456789';
const API_TOKEN = 'contract-api-token-0123456789';

function simulator(clock: ManualClock) {
  // Injected timeouts hang briefly so that the suite stays quick.
  return createGrocerSimulator({
    seed: 11,
    productCount: 2_000,
    clock,
    pickingStepMs: PICKING_STEP_MS,
    faultHangMs: 150,
    log: () => {},
  });
}

grocerGatewayContract('in-process simulator', async () => {
  const clock = new ManualClock();
  const sim = simulator(clock);
  return { world: { grocer: sim, simulator: sim, clock, pickingStepMs: PICKING_STEP_MS }, close: () => sim.close() };
});

grocerGatewayContract('HTTP client → simulator server', async () => {
  const clock = new ManualClock();
  const sim = simulator(clock);
  const server = await createGrocerServer(sim, { controlToken: CONTROL_TOKEN, apiToken: API_TOKEN, log: () => {} });
  const grocer = createHttpGrocer({
    url: server.origin,
    token: API_TOKEN,
    controlToken: CONTROL_TOKEN,
    timeoutMs: 5_000,
    retries: 1,
    retryDelayMs: 10,
  });
  return {
    world: { grocer, simulator: sim, clock, pickingStepMs: PICKING_STEP_MS },
    close: async () => {
      await grocer.close();
      await server.close();
      await sim.close();
    },
  };
});
