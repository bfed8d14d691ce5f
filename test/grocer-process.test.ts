/**
 * The grocer as its own server for the fault-injection suite: in this process, and as a child
 * process started like `npm run start:grocer`, which serves the gateway and control routes, and dies
 * on SIGKILL so that a proxy in front of it answers 502.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createHttpGrocer } from '@grocery/grocer';
import { rejectsWith } from '../packages/grocer/test/grocer-gateway-contract.ts';
import { startFaultProxy } from './support/fault-proxy.ts';
import { startGrocerInProcess, startGrocerProcess } from './support/grocer-process.ts';

describe('test grocers', () => {
  test('in process: a small simulator on a free port with control enabled', async () => {
    const grocer = await startGrocerInProcess({ productCount: 200, apiToken: 'grocer-api-token-0123456789' });
    try {
      assert.match(grocer.origin, /^http:\/\/127\.0\.0\.1:\d+$/);
      const client = grocer.client();
      assert.equal((await client.catalogVersion()).productCount, 200);
      const cprcode = grocer.simulator.allProducts()[0]!.cprcode;
      const branchCode = (await client.branches())[0]!.branchCode;
      await client.setStock({ branchCode, cprcode, qty: 7 });
      assert.equal(
        (await client.stock(branchCode, [cprcode]))[0]!.sellableQty,
        7,
        'control routes answer with the control token',
      );
      await rejectsWith(grocer.client({ token: 'a-wrong-token-0123456789' }).branches(), 'GROCER_UNAVAILABLE');
    } finally {
      await grocer.close();
    }
  });

  test('child process: started like npm run start:grocer, serves through a proxy, and dies on SIGKILL', async (t) => {
    const started = performance.now();
    const grocer = await startGrocerProcess({ productCount: 300 });
    t.diagnostic(`grocer child: spawn to listening ${Math.round(performance.now() - started)} ms`);
    const proxy = await startFaultProxy(grocer.origin);
    try {
      assert.match(grocer.output(), /300 products \(seed 1\) ready in \d+ ms at http:\/\/127\.0\.0\.1:\d+; control on/);
      const through = createHttpGrocer({
        url: proxy.origin,
        controlToken: grocer.controlToken,
        retries: 0,
        timeoutMs: 2_000,
      });
      assert.equal((await through.catalogVersion()).productCount, 300);
      assert.deepEqual(await grocer.client().orders(['NO-SUCH-ORDER']), []);

      const exit = await grocer.kill('SIGKILL');
      assert.equal(exit.signal, 'SIGKILL');
      assert.equal(grocer.running, false);
      await rejectsWith(through.branches(), 'GROCER_UNAVAILABLE');
      assert.equal(proxy.calls({ path: '/v1/branches' })[0]!.outcome, 'grocer-unreachable');
    } finally {
      await proxy.close();
      await grocer.close();
    }
  });
});
